// Reading a QR code from the camera (loaded by the counter screen only, never by the applicant pages):
// the browser's BarcodeDetector where it reads QR codes, else the same API from `barcode-detector`
// (ZXing in WebAssembly), whose .wasm file is served from our own build, never from a CDN.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

interface Detector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<readonly string[]>;
}

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    return (await Native.getSupportedFormats()).includes('qr_code')
      ? new Native({ formats: ['qr_code'] })
      : null;
  } catch {
    return null;
  }
}

/** A QR code detector: the browser's own, or the ZXing one with our .wasm. */
export async function qrDetector(): Promise<Detector> {
  const native = await nativeDetector();
  if (native) return native;
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

/**
 * Watches a playing video until a QR code is read (every 250 ms); resolves with its text. Stops when the
 * signal aborts.
 */
export async function scanVideo(video: HTMLVideoElement, signal: AbortSignal): Promise<string> {
  const detector = await qrDetector();
  while (!signal.aborted) {
    if (video.readyState >= 2) {
      const found = await detector.detect(video).catch(() => []);
      const text = found[0]?.rawValue;
      if (text) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new DOMException('scanning stopped', 'AbortError');
}
