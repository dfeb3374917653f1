import { createRequire } from 'node:module';
import { buffer } from 'node:stream/consumers';

/**
 * A zip archive of a few in-memory files (the PDFs of one application, for download). yazl marks every
 * entry name as UTF-8 (general purpose bit 11), so Japanese file names such as 出生届.pdf survive on
 * Windows, macOS and Linux unzip tools. Meant for small archives: everything is held in memory.
 */
export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

export interface ZipOptions {
  /** Modification time of every entry; fixed by callers that need identical archives for identical files. */
  mtime?: Date;
}

interface YazlZipFile {
  addBuffer(buffer: Buffer, metadataPath: string, options?: { mtime?: Date; compress?: boolean }): void;
  end(): void;
  outputStream: NodeJS.ReadableStream;
}

// yazl ships no type declarations (and @types/yazl is not installed): the calls used here are typed above.
const yazl = createRequire(import.meta.url)('yazl') as { ZipFile: new () => YazlZipFile };

/** Entry names made unique: a second 出生届.pdf becomes 出生届_2.pdf (zip tools would overwrite it). */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; used.has(candidate); n++) candidate = `${stem}_${n}${ext}`;
    used.add(candidate);
    return candidate;
  });
}

export async function zipFiles(files: readonly ZipEntry[], options: ZipOptions = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const names = uniqueNames(files.map((f) => f.name));
  files.forEach((file, i) => {
    const bytes = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
    // PDFs are deflated inside already; a second deflate saves little but costs as much as the first.
    const compress = !isPdf(bytes);
    zip.addBuffer(bytes, names[i] as string, {
      compress,
      ...(options.mtime ? { mtime: options.mtime } : {}),
    });
  });
  zip.end();
  return buffer(zip.outputStream);
}

const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';
