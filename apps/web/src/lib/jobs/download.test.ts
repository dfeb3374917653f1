import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition, sanitizeFileName } from './download';

describe('fileNameFromDisposition', () => {
  it('prefers the RFC 5987 name (UTF-8, percent-encoded)', () => {
    const header = `attachment; filename="export_.zip"; filename*=UTF-8''export_%E5%87%BA%E7%94%9F_2026-11-01_2026-11-30.zip`;
    expect(fileNameFromDisposition(header, 'x.zip')).toBe('export_出生_2026-11-01_2026-11-30.zip');
  });

  it('falls back to the plain name, then to the fallback', () => {
    expect(fileNameFromDisposition('attachment; filename="a b.zip"', 'x.zip')).toBe('a b.zip');
    expect(fileNameFromDisposition('attachment; filename=plain.zip', 'x.zip')).toBe('plain.zip');
    expect(fileNameFromDisposition(null, 'x.zip')).toBe('x.zip');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E5%", 'x.zip')).toBe('x.zip');
  });

  it('never names a folder', () => {
    expect(sanitizeFileName('../../etc/passwd', 'x')).toBe('passwd');
    expect(sanitizeFileName('..', 'x')).toBe('x');
    expect(sanitizeFileName('a\u0000b.zip', 'x')).toBe('ab.zip');
  });
});
