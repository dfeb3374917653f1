import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { uniqueNames, zipFiles } from './zip.js';

interface LocalEntry {
  name: string;
  utf8Flag: boolean;
  method: number;
  data: Buffer;
}

/** The entries of a zip read from its local file headers (yazl's addBuffer writes sizes there). */
function readEntries(zip: Buffer): LocalEntry[] {
  const entries: LocalEntry[] = [];
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const flags = zip.readUInt16LE(at + 6);
    const method = zip.readUInt16LE(at + 8);
    const compressedSize = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const nameStart = at + 30;
    const dataStart = nameStart + nameLength + extraLength;
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    entries.push({
      name: zip.subarray(nameStart, nameStart + nameLength).toString('utf8'),
      utf8Flag: (flags & 0x0800) !== 0,
      method,
      data: method === 8 ? inflateRawSync(raw) : raw,
    });
    at = dataStart + compressedSize;
  }
  return entries;
}

describe('zipFiles', () => {
  const pdf = Buffer.from('%PDF-1.7\n% not a real document\n');
  const csv = new TextEncoder().encode('受付番号,氏名\nR-1,山田 花子\n');

  it('stores Japanese file names as UTF-8 and the contents unchanged', async () => {
    const zip = await zipFiles([
      { name: 'R-2026-000123_出生届.pdf', bytes: pdf },
      { name: '一覧.csv', bytes: csv },
    ]);
    const entries = readEntries(zip);
    expect(entries.map((e) => e.name)).toEqual(['R-2026-000123_出生届.pdf', '一覧.csv']);
    expect(entries.every((e) => e.utf8Flag)).toBe(true);
    expect(entries[0]?.method).toBe(0); // PDFs are stored: they are deflated inside already
    expect(entries[1]?.method).toBe(8);
    expect(entries[0]?.data.equals(pdf)).toBe(true);
    expect(Buffer.from(csv).equals(entries[1]?.data ?? Buffer.alloc(0))).toBe(true);
  });

  it('renames duplicate names instead of letting one file overwrite another', async () => {
    expect(uniqueNames(['出生届.pdf', '出生届.pdf', '出生届.pdf', 'README'])).toEqual([
      '出生届.pdf',
      '出生届_2.pdf',
      '出生届_3.pdf',
      'README',
    ]);
    const zip = await zipFiles([
      { name: '出生届.pdf', bytes: pdf },
      { name: '出生届.pdf', bytes: pdf },
    ]);
    expect(readEntries(zip).map((e) => e.name)).toEqual(['出生届.pdf', '出生届_2.pdf']);
  });

  it('gives identical archives for identical files when the time is fixed', async () => {
    const mtime = new Date('2026-11-05T10:30:00+09:00');
    const files = [{ name: '出生届.pdf', bytes: pdf }];
    expect((await zipFiles(files, { mtime })).equals(await zipFiles(files, { mtime }))).toBe(true);
  });
});
