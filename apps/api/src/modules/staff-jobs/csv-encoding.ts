import { StringDecoder } from 'node:string_decoder';
import { Transform, type TransformCallback } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';

export type CsvEncoding = 'utf-8' | 'shift_jis';

export const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Characters whose JIS X 0208 form is another code point in Windows-31J (CP932), the Shift_JIS that Excel
 * and most municipal systems read: 〜 (typed on macOS and in browsers) would otherwise become '?'.
 */
const CP932_FORMS: Record<string, string> = {
  '\u301c': '\uff5e', // WAVE DASH → FULLWIDTH TILDE
  '\u2212': '\uff0d', // MINUS SIGN → FULLWIDTH HYPHEN-MINUS
  '\u2016': '\u2225', // DOUBLE VERTICAL LINE → PARALLEL TO
  '\u2014': '\u2015', // EM DASH → HORIZONTAL BAR
  '\u00a2': '\uffe0', // CENT SIGN
  '\u00a3': '\uffe1', // POUND SIGN
  '\u00ac': '\uffe2', // NOT SIGN
};
const CP932_PATTERN = new RegExp(`[${Object.keys(CP932_FORMS).join('')}]`, 'g');

/**
 * Text as Shift_JIS (Windows-31J, iconv-lite's Shift_JIS): the JIS forms above mapped first, and every
 * character Shift_JIS cannot hold (emoji, 𠮷, most JIS X 0213 additions) written as one '?'.
 */
export function toShiftJis(text: string): Buffer {
  return iconv.encode(
    text.replace(CP932_PATTERN, (c) => CP932_FORMS[c] ?? c),
    'Shift_JIS',
  );
}

/**
 * CSV lines as every export writes them (decision 0036): RFC 4180 with CRLF line ends, every value quoted
 * (so a reader that types unquoted fields keeps 0312345678 as the text it is), NULL as an empty field.
 * The same as PostgreSQL's `COPY ... (FORMAT csv, FORCE_QUOTE *)` once its LF ends are CRLF (`crlfLines`).
 */
export function csvLines(records: readonly (readonly (string | null)[])[]): string {
  return stringify(records as (string | null)[][], { quoted_string: true, record_delimiter: 'windows' });
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const CRLF = Buffer.from('\r\n');

/**
 * CSV bytes with LF line ends (PostgreSQL's COPY writes no other) made CRLF: a LF outside quotes ends a
 * record; a line break inside a quoted value stays as it is, so the value reads back unchanged. Quotes
 * are single bytes in UTF-8, so chunks split anywhere; the quote state carries over between them.
 */
export function crlfLines(): Transform {
  let quoted = false;
  let previous = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      const parts: Buffer[] = [];
      let from = 0;
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i]!;
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === LF && !quoted && (i > 0 ? chunk[i - 1] : previous) !== CR) {
          parts.push(chunk.subarray(from, i), CRLF);
          from = i + 1;
        }
      }
      if (chunk.length > 0) previous = chunk[chunk.length - 1]!;
      if (from === 0) return done(null, chunk);
      parts.push(chunk.subarray(from));
      done(null, Buffer.concat(parts));
    },
  });
}

/**
 * Re-encodes a UTF-8 byte stream (PostgreSQL's COPY output, our CSV lines) as the export's encoding:
 * UTF-8 with a byte order mark (so Excel reads it as UTF-8), or Shift_JIS. Multi-byte characters split
 * across chunks are held back by a StringDecoder until complete.
 */
export function csvEncoder(encoding: CsvEncoding, header: string): Transform {
  const decoder = new StringDecoder('utf8');
  let started = false;
  const start = (push: (b: Buffer) => void) => {
    if (started) return;
    started = true;
    push(encoding === 'utf-8' ? Buffer.concat([UTF8_BOM, Buffer.from(header, 'utf8')]) : toShiftJis(header));
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      start((b) => this.push(b));
      if (encoding === 'utf-8') return done(null, chunk);
      const text = decoder.write(chunk);
      done(null, text === '' ? undefined : toShiftJis(text));
    },
    flush(done: TransformCallback) {
      start((b) => this.push(b));
      const rest = decoder.end();
      if (encoding === 'shift_jis' && rest !== '') this.push(toShiftJis(rest));
      done();
    },
  });
}
