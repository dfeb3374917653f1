import sharp from 'sharp';
import type { AttachType } from '@portal/contracts';
import { AppError } from '../../http/errors.js';

export type AcceptedType = 'image/jpeg' | 'image/png' | 'application/pdf';

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/** The type judged by content (magic bytes) only: never by the file name or the declared type. */
export function sniff(bytes: Uint8Array): AcceptedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** Which content each attach type takes: photos and signatures are images; originals may be PDFs. */
export const acceptedFor: Record<AttachType, AcceptedType[]> = {
  PH: ['image/jpeg', 'image/png'],
  SG: ['image/png', 'image/jpeg'],
  OR: ['image/jpeg', 'image/png', 'application/pdf'],
};

const MAX_PIXELS = 40_000_000;

/**
 * Checks an upload and returns the bytes to keep. Images are decoded and re-encoded (which drops
 * metadata such as GPS and anything hidden after the image data); a file that does not decode is refused.
 */
export async function inspectUpload(
  bytes: Buffer,
  type: AttachType,
): Promise<{ contentType: AcceptedType; bytes: Buffer }> {
  const contentType = sniff(bytes);
  if (!contentType) {
    throw new AppError('unsupported_media_type', 'only JPEG, PNG and PDF files are accepted', 'file');
  }
  if (!acceptedFor[type].includes(contentType)) {
    throw new AppError(
      'unsupported_media_type',
      `this attachment takes ${acceptedFor[type].join(', ')}`,
      'file',
    );
  }
  if (contentType === 'application/pdf') {
    const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
    if (!tail.includes('%%EOF'))
      throw new AppError('unsupported_media_type', 'the PDF is incomplete', 'file');
    if (bytes.includes('/Encrypt')) {
      throw new AppError('unsupported_media_type', 'password-protected PDFs cannot be accepted', 'file');
    }
    return { contentType, bytes };
  }
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const out =
      contentType === 'image/jpeg'
        ? await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer()
        : await image.png({ compressionLevel: 9 }).toBuffer();
    return { contentType, bytes: out };
  } catch {
    throw new AppError('unsupported_media_type', 'the image could not be read', 'file');
  }
}
