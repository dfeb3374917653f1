import ExcelJS from 'exceljs';

/**
 * What an exported column holds, so an xlsx cell gets its type (decision 0036): a date or a date and
 * time (an Excel date), a number (only a standard item of type number), or text (everything else,
 * digit strings such as 0312345678 included, so Excel keeps their leading zero).
 */
export type CellKind = 'text' | 'number' | 'date' | 'datetime';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
/** A number as a number item holds it: no leading zero, at most 15 significant digits (Excel's). */
const NUMBER = /^-?(0|[1-9]\d{0,14})(\.\d{1,15})?$/;
/** The most characters an Excel cell holds. */
const CELL_TEXT_LIMIT = 32_767;

const FORMATS: Partial<Record<CellKind, string>> = {
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm:ss',
};

/**
 * A wall-clock date (and time) as the Date that Excel shows as written: exceljs counts Excel's days from
 * UTC, and the export's dates are Japan time already. Null when it is no real day after 1900-02-28
 * (Excel's dates before that are not the calendar's).
 */
function wallClock(parts: readonly string[]): Date | null {
  const [y, mo, d, h = 0, mi = 0, s = 0] = parts.map(Number) as number[];
  const at = new Date(Date.UTC(y!, mo! - 1, d!, h, mi, s));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== mo! - 1 || at.getUTCDate() !== d) return null;
  return at.getTime() >= Date.UTC(1900, 2, 1) ? at : null;
}

/** A column's text as its cell's value: a Date or number where the kind and the text agree, else text. */
export function cellValue(kind: CellKind, text: string | null): string | number | Date | null {
  if (text === null || text === '') return null;
  if (kind === 'number' && NUMBER.test(text) && text.replace(/\D/g, '').length <= 15) return Number(text);
  const parts = kind === 'date' ? DATE.exec(text) : kind === 'datetime' ? DATETIME.exec(text) : null;
  const date = parts ? wallClock(parts.slice(1)) : null;
  if (date) return date;
  return text.length > CELL_TEXT_LIMIT ? text.slice(0, CELL_TEXT_LIMIT) : text;
}

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ], no apostrophe at either end. */
export function sheetName(name: string): string {
  const cleaned = name
    .replace(/[:\\/?*[\]]/g, '_')
    .slice(0, 31)
    .replace(/^'+|'+$/g, '');
  return cleaned === '' ? 'Sheet1' : cleaned;
}

/** Display width of a header: a character beyond Latin-1 (kana, kanji) counts two. */
const widthOf = (text: string) => [...text].reduce((n, c) => n + (c.codePointAt(0)! > 0xff ? 2 : 1), 0);

/**
 * Writes one sheet to an xlsx file as the rows arrive: the header row bold and frozen, each value typed
 * by its column's kind. exceljs's streaming writer keeps only the current row, and strings are written in
 * their cells rather than in a shared table, so memory stays flat however many rows there are.
 * `onRow` is called after each row (progress).
 */
export async function writeSheet(input: {
  file: string;
  name: string;
  headers: readonly string[];
  kinds: readonly CellKind[];
  rows: AsyncIterable<readonly (string | null)[]>;
  onRow?: () => void;
}): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: input.file,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName(input.name), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = input.headers.map((header, i) => {
    const kind = input.kinds[i] ?? 'text';
    const width =
      kind === 'datetime' ? 20 : kind === 'date' ? 12 : Math.min(40, Math.max(10, widthOf(header) + 2));
    return { width };
  });
  const header = sheet.addRow([...input.headers]);
  header.font = { bold: true };
  header.commit();
  for await (const values of input.rows) {
    const row = sheet.addRow(values.map((text, i) => cellValue(input.kinds[i] ?? 'text', text)));
    values.forEach((_, i) => {
      const format = FORMATS[input.kinds[i] ?? 'text'];
      const cell = row.getCell(i + 1);
      if (format && cell.value instanceof Date) cell.numFmt = format;
    });
    row.commit();
    input.onRow?.();
  }
  sheet.commit();
  await workbook.commit();
}
