import type {
  Procedure,
  ProcedureGroupConfiguration,
  StandardItem,
  StandardItemFragmentValue,
} from '@portal/contracts';
import { answerKey, answerSlots, japaneseDate, type AnswerMismatch, type AnswerSlot } from '@portal/rules';
import { SOURCE_NAMES } from '../applications/answer-mismatches.js';

/**
 * Layout of the application form, independent of pdf-lib: answers become printed text, text is broken into
 * lines, sections and rows are placed on A4 pages, and every page becomes a list of drawing operations.
 * Drawing happens afterwards (application-pdf.ts), so the page count is known for every footer and the
 * characters of each font are known before the font is embedded.
 */
export interface FormInput {
  /** `name_en`: the municipality's English name, printed in an English footer when there is one. */
  municipality: { code: string; name: string; name_en?: string | null };
  config: ProcedureGroupConfiguration;
  procedure: Procedure;
  values: readonly StandardItemFragmentValue[];
  applicant: { name: string };
  referenceNumber?: string | null;
  submittedAt?: Date | null;
  /** The date printed as 作成日, and the PDF's creation date. */
  now: Date;
  /** The applicant's handwritten signature (PNG or JPEG), printed in a 署名 box after the answers. */
  signature?: { image: Uint8Array } | null;
  /**
   * Staff prints only: answers that differ from the card or the registry (issue 32), by answerKey; each
   * is printed with a note naming the source and its value under the answer.
   */
  mismatches?: ReadonlyMap<string, AnswerMismatch> | null;
  /**
   * The language of the page footer (the procedure's name and the page count): the resident's copy is
   * printed in the language they used (issue 33); the form itself stays Japanese. Default `ja`.
   */
  footerLanguage?: FooterLanguage;
}

export type FooterLanguage = 'ja' | 'en';

export type Weight = 'regular' | 'bold';
export type Tone = 'ink' | 'muted';
export type Fill = 'none' | 'label' | 'section';

/** Structure elements of the tagged PDF (PDF/UA) that the layout opens; the painter adds Document. */
export type Role = 'Sect' | 'H1' | 'H2' | 'P' | 'Table' | 'TR' | 'TH' | 'TD';

/**
 * Drawing operations in PDF points, origin bottom left. `open`/`close` nest structure elements (they may
 * span pages); text belongs to the innermost open element unless it is `furniture` (running headers,
 * footers, repeated titles), which is tagged as a pagination artifact. Boxes and rules are always artifacts.
 */
export type DrawOp =
  | {
      kind: 'text';
      text: string;
      x: number;
      y: number;
      size: number;
      weight: Weight;
      tone: Tone;
      furniture?: true;
    }
  | { kind: 'box'; x: number; y: number; width: number; height: number; fill: Fill }
  | { kind: 'rule'; x1: number; x2: number; y: number; thickness: number }
  | { kind: 'image'; x: number; y: number; width: number; height: number; alt: string }
  | { kind: 'open'; role: Role }
  | { kind: 'close' };

/** Width in points of one line of text. */
export type Measure = (text: string, size: number, weight: Weight) => number;

// ---------------------------------------------------------------------------------------------------------
// Page geometry (points; A4 portrait) and type sizes
// ---------------------------------------------------------------------------------------------------------

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
const MARGIN_X = 42;
const MARGIN_TOP = 40;
/** Body top of the pages after the first, below the running header. */
const NEXT_BODY_TOP = PAGE_HEIGHT - MARGIN_TOP - 30;
/** Lowest y the body may reach; the footer sits below it. */
const BODY_BOTTOM = 52;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const LABEL_WIDTH = 180;
const ANSWER_WIDTH = CONTENT_WIDTH - LABEL_WIDTH;

const TEXT_SIZE = 10.5;
const LINE_HEIGHT = 15.5;
const CELL_PAD_X = 6;
const CELL_PAD_Y = 4.5;
const SECTION_TITLE_SIZE = 11;
const SECTION_TITLE_HEIGHT = 22;
const SECTION_GAP = 14;
const SMALL_SIZE = 8.5;
const NOTE_SIZE = 9;
const NOTE_LINE_HEIGHT = 13;
const TITLE_SIZE = 20;
const BOX_WIDTH = 220;
const BOX_LABEL_WIDTH = 64;
const BOX_ROW = 21;
const SIGNATURE_HEIGHT = 72;

/** Ideographic space: the separator of label and value on Japanese forms (escaped: it is invisible). */
const GAP = '\u3000';

/** What an empty answer prints, so a blank is visibly "no answer" rather than a rendering gap. */
export const EMPTY_ANSWER = '—';

// ---------------------------------------------------------------------------------------------------------
// Answers as printed text
// ---------------------------------------------------------------------------------------------------------

/** An answer as the form prints it: choice labels, Japanese dates, units; null when there is no answer. */
export function formatAnswer(
  item: StandardItem | undefined,
  value: StandardItemFragmentValue['value'] | undefined,
): string | null {
  const parts = (Array.isArray(value) ? value : value == null ? [] : [value])
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (parts.length === 0) return null;
  if (!item) return parts.join('、');
  if (item.choices.length > 0) {
    // An unknown choice value prints as given: better a raw value than a silently dropped answer.
    return parts.map((v) => item.choices.find((c) => c.value === v)?.label ?? v).join('、');
  }
  const text = parts.map((v) => formatScalar(item.type, v)).join('、');
  if (!item.suffix) return text;
  // Latin units (g, cm) take a space, Japanese counters (週, 番目) attach directly.
  return /^[A-Za-z]/.test(item.suffix) ? `${text} ${item.suffix}` : `${text}${item.suffix}`;
}

function formatScalar(type: StandardItem['type'], value: string): string {
  switch (type) {
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      return m ? `${Number(m[1])}年${Number(m[2])}月${Number(m[3])}日` : value;
    }
    case 'time': {
      const m = /^(\d{1,2}):(\d{2})$/.exec(value);
      return m ? `${Number(m[1])}時${m[2]}分` : value;
    }
    case 'postal_code': {
      const m = /^(\d{3})-?(\d{4})$/.exec(value);
      return m ? `〒${m[1]}-${m[2]}` : value;
    }
    default:
      return value;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Line breaking: Japanese at any character, Latin words and numbers kept whole when they fit
// ---------------------------------------------------------------------------------------------------------

/** Characters that must not start a line (行頭禁則) and that must not end one (行末禁則). */
const NO_LINE_START = new Set([
  ...'、。，．,.)）」』】〕〉》!！?？:：;；ゝゞーァィゥェォッャュョヮヵヶぁぃぅぇぉっゃゅょゎ・',
]);
const NO_LINE_END = new Set([...'(（「『【〔〈《']);
const isWordChar = (ch: string) => ch > ' ' && ch <= '~';

/** Printable text: newlines kept, tabs as spaces, other control characters dropped. */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[^\P{Cc}\n]/gu, '');
}

/** Units that stay on one line: a Latin word, or one Japanese character with its kinsoku neighbours. */
function tokenize(paragraph: string): string[] {
  const tokens: string[] = [];
  let glueNext = false;
  for (const ch of paragraph) {
    const prev = tokens.at(-1);
    const prevEnd = prev?.at(-1) ?? '';
    const continuesWord = isWordChar(ch) && isWordChar(prevEnd) && !NO_LINE_END.has(ch);
    if (prev !== undefined && (glueNext || NO_LINE_START.has(ch) || continuesWord)) {
      tokens[tokens.length - 1] = prev + ch;
    } else {
      tokens.push(ch);
    }
    glueNext = NO_LINE_END.has(ch);
  }
  return tokens;
}

/** Lines of `text` no wider than `width`; explicit newlines are kept, empty text gives one empty line. */
export function wrapText(text: string, width: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of cleanText(text).split('\n')) {
    let line = '';
    let lineWidth = 0;
    const flush = () => {
      lines.push(line.trimEnd());
      line = '';
      lineWidth = 0;
    };
    for (const token of tokenize(paragraph)) {
      if (token === ' ' && line === '') continue;
      const tokenWidth = measure(token);
      if (lineWidth + tokenWidth <= width) {
        line += token;
        lineWidth += tokenWidth;
        continue;
      }
      if (line !== '') flush();
      if (token === ' ') continue;
      if (tokenWidth <= width) {
        line = token;
        lineWidth = tokenWidth;
        continue;
      }
      // A token wider than the cell (a long number or URL) is cut at character boundaries.
      for (const ch of token) {
        const w = measure(ch);
        if (lineWidth + w > width && line !== '') flush();
        line += ch;
        lineWidth += w;
      }
    }
    flush();
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------------
// Sections and pagination
// ---------------------------------------------------------------------------------------------------------

interface Row {
  label: string[];
  answer: string[];
  /** No answer: the dash prints in the muted tone. */
  empty: boolean;
}

interface Section {
  title: string;
  rows: Row[];
}

/** `continued`: the title repeated on a later page (print furniture; the section's table goes on). */
type Placed =
  | { kind: 'section'; title: string; top: number; continued: boolean }
  | { kind: 'row'; row: Row; top: number; lines: number }
  | { kind: 'signature'; top: number };

const rowHeight = (lines: number) => lines * LINE_HEIGHT + 2 * CELL_PAD_Y;

/** The label of one repetition: 子の名（2人目）, as the form and staff read it; a stray later answer: 備考（2）. */
export function repetitionLabel(name: string, slot: Pick<AnswerSlot, 'sequence' | 'group' | 'numbered'>) {
  if (!slot.numbered) return name;
  return slot.group ? `${name}（${slot.sequence}人目）` : `${name}（${slot.sequence}）`;
}

/** 「※確認元と異なります（マイナンバーカード：1988年4月15日）」: the flag of issue 32 in words, not colour. */
export function mismatchNote(item: StandardItem | undefined, mismatch: AnswerMismatch): string {
  const verified = formatAnswer(item, mismatch.verified) ?? mismatch.verified;
  return `※確認元と異なります（${SOURCE_NAMES[mismatch.source]}：${verified}）`;
}

/**
 * One section per fragment name in fragment order. A repeatable group's later repetitions (the second
 * child, ...) follow its items in each section, numbered (decision 0013).
 */
function buildSections(input: FormInput, measure: Measure): Section[] {
  const items = new Map(input.config.standard_items.map((i) => [i.code, i]));
  const groups = input.config.concierge_set.concierge_rule.form_rule.repeatable_groups ?? [];
  // Values of codes the procedure does not use are never looked up, so they are ignored.
  const answers = new Map(
    input.values.map((v) => [answerKey(v.standard_item_code, v.sequence ?? 1), v.value]),
  );

  const codesOf = new Map<string, string[]>();
  for (const f of input.procedure.procedure_fragments) {
    codesOf.set(f.name, [...(codesOf.get(f.name) ?? []), f.standard_item_code]);
  }

  const text = (t: string) => measure(t, TEXT_SIZE, 'regular');
  return [...codesOf].map(([name, codes]) => ({
    title: name,
    rows: answerSlots(codes, groups, input.values).map((slot): Row => {
      const item = items.get(slot.code);
      const answer = formatAnswer(item, answers.get(answerKey(slot.code, slot.sequence)));
      const label = repetitionLabel(item?.name ?? slot.code, slot);
      const mismatch = input.mismatches?.get(answerKey(slot.code, slot.sequence));
      const printed = mismatch && answer !== null ? `${answer}\n${mismatchNote(item, mismatch)}` : answer;
      return {
        label: wrapText(label, LABEL_WIDTH - 2 * CELL_PAD_X, text),
        answer: printed === null ? [EMPTY_ANSWER] : wrapText(printed, ANSWER_WIDTH - 2 * CELL_PAD_X, text),
        empty: answer === null,
      };
    }),
  }));
}

/**
 * Places sections on pages; a row that does not fit moves to the next page, one taller than a page splits.
 * The signature box, when there is one, comes last, kept with its title.
 */
function paginate(sections: Section[], firstBodyTop: number, signature: boolean): Placed[][] {
  const pages: Placed[][] = [[]];
  let y = firstBodyTop;
  const page = () => pages[pages.length - 1] as Placed[];
  const newPage = (continuing: string | null) => {
    pages.push([]);
    y = NEXT_BODY_TOP;
    if (continuing !== null) {
      page().push({ kind: 'section', title: `${continuing}（続き）`, top: y, continued: true });
      y -= SECTION_TITLE_HEIGHT;
    }
  };
  const linesFitting = (top: number) => Math.floor((top - BODY_BOTTOM - 2 * CELL_PAD_Y) / LINE_HEIGHT);
  const fullPageLines = Math.floor(
    (NEXT_BODY_TOP - SECTION_TITLE_HEIGHT - BODY_BOTTOM - 2 * CELL_PAD_Y) / LINE_HEIGHT,
  );

  sections.forEach((section, index) => {
    if (index > 0) y -= SECTION_GAP;
    // Keep a title with its first row: move on when that row would not start below it on this page.
    const first = section.rows[0];
    if (first && page().length > 0) {
      const lines = Math.max(first.label.length, first.answer.length);
      const available = linesFitting(y - SECTION_TITLE_HEIGHT);
      if (lines > available && (lines <= fullPageLines || available < 2)) newPage(null);
    }
    page().push({ kind: 'section', title: section.title, top: y, continued: false });
    y -= SECTION_TITLE_HEIGHT;

    for (const row of section.rows) {
      let label = row.label;
      let answer = row.answer;
      for (;;) {
        const lines = Math.max(label.length, answer.length);
        const available = linesFitting(y);
        if (lines <= available) {
          page().push({ kind: 'row', row: { ...row, label, answer }, top: y, lines });
          y -= rowHeight(lines);
          break;
        }
        // A row that fits on a fresh page moves there whole; only longer ones are split.
        if (lines <= fullPageLines || available < 2) {
          newPage(section.title);
          continue;
        }
        const head = { ...row, label: label.slice(0, available), answer: answer.slice(0, available) };
        page().push({ kind: 'row', row: head, top: y, lines: available });
        answer = answer.slice(available);
        label = label.length > available ? label.slice(available) : [...row.label.slice(0, 1), '（続き）'];
        newPage(section.title);
      }
    }
  });
  if (signature) {
    if (sections.length > 0) y -= SECTION_GAP;
    if (y - SECTION_TITLE_HEIGHT - SIGNATURE_HEIGHT < BODY_BOTTOM && page().length > 0) newPage(null);
    page().push({ kind: 'signature', top: y });
  }
  return pages;
}

// ---------------------------------------------------------------------------------------------------------
// Pages as drawing operations
// ---------------------------------------------------------------------------------------------------------

/** Baseline of text centred in a line box starting at `top` (CJK glyph body ≈ 0.12–0.88 em). */
const baseline = (top: number, lineHeight: number, size: number) => top - lineHeight / 2 - 0.37 * size;

class PageBuilder {
  readonly ops: DrawOp[] = [];
  constructor(private readonly measure: Measure) {}

  text(text: string, x: number, y: number, size: number, weight: Weight = 'regular', tone: Tone = 'ink') {
    if (text !== '') this.ops.push({ kind: 'text', text, x, y, size, weight, tone });
  }

  /** Text that repeats as page furniture (running header, footer): a pagination artifact, not content. */
  furniture(
    text: string,
    x: number,
    y: number,
    size: number,
    weight: Weight = 'regular',
    tone: Tone = 'ink',
  ) {
    if (text !== '') this.ops.push({ kind: 'text', text, x, y, size, weight, tone, furniture: true });
  }

  open(role: Role) {
    this.ops.push({ kind: 'open', role });
  }

  close() {
    this.ops.push({ kind: 'close' });
  }

  /** What `draw` adds, inside one structure element. */
  tagged(role: Role, draw: () => void) {
    this.open(role);
    draw();
    this.close();
  }

  /** Text ending at `right`. */
  textRight(
    text: string,
    right: number,
    y: number,
    size: number,
    weight: Weight = 'regular',
    tone: Tone = 'ink',
    furniture = false,
  ) {
    const x = right - this.measure(text, size, weight);
    if (furniture) this.furniture(text, x, y, size, weight, tone);
    else this.text(text, x, y, size, weight, tone);
  }

  box(x: number, top: number, width: number, height: number, fill: Fill = 'none') {
    this.ops.push({ kind: 'box', x, y: top - height, width, height, fill });
  }

  rule(y: number, thickness: number) {
    this.ops.push({ kind: 'rule', x1: MARGIN_X, x2: PAGE_WIDTH - MARGIN_X, y, thickness });
  }
}

interface Header {
  remarks: string[];
  reference: string;
  received: string;
}

/** Body top of the first page: below the title block, the procedure's remarks and the applicant line. */
const firstBodyTop = (header: Header) =>
  PAGE_HEIGHT - MARGIN_TOP - 2 * BOX_ROW - 62 - header.remarks.length * NOTE_LINE_HEIGHT - 34;

function drawFirstHeader(p: PageBuilder, input: FormInput, header: Header, measure: Measure) {
  const top = PAGE_HEIGHT - MARGIN_TOP;
  // Left: who issues the form; right: the reception box, left blank for the clerk until received.
  p.tagged('P', () => p.text(input.municipality.name, MARGIN_X, top - 14, 14, 'bold'));
  p.tagged('P', () =>
    p.text(
      `地方公共団体コード ${input.municipality.code}`,
      MARGIN_X,
      top - 30,
      SMALL_SIZE,
      'regular',
      'muted',
    ),
  );
  p.tagged('P', () => p.text(input.config.name, MARGIN_X, top - 42, SMALL_SIZE, 'regular', 'muted'));

  const boxX = PAGE_WIDTH - MARGIN_X - BOX_WIDTH;
  const rows: [string, string][] = [
    ['受付番号', header.reference],
    ['受付日', header.received],
  ];
  p.open('Table');
  rows.forEach(([label, value], i) => {
    const rowTop = top - i * BOX_ROW;
    p.box(boxX, rowTop, BOX_LABEL_WIDTH, BOX_ROW, 'label');
    p.box(boxX + BOX_LABEL_WIDTH, rowTop, BOX_WIDTH - BOX_LABEL_WIDTH, BOX_ROW);
    const y = baseline(rowTop, BOX_ROW, NOTE_SIZE);
    p.open('TR');
    p.tagged('TH', () => p.text(label, boxX + CELL_PAD_X, y, NOTE_SIZE));
    p.tagged('TD', () => p.text(value, boxX + BOX_LABEL_WIDTH + CELL_PAD_X, y, TEXT_SIZE));
    p.close();
  });
  p.close();

  // Short titles are spaced out as on paper forms (出 生 届).
  const chars = [...input.procedure.name];
  const spacing = chars.length <= 5 ? TITLE_SIZE * 0.5 : 0;
  const titleWidth = measure(input.procedure.name, TITLE_SIZE, 'bold') + spacing * (chars.length - 1);
  const titleY = top - 2 * BOX_ROW - 34;
  p.open('H1');
  if (spacing === 0) p.text(input.procedure.name, (PAGE_WIDTH - titleWidth) / 2, titleY, TITLE_SIZE, 'bold');
  else {
    let x = (PAGE_WIDTH - titleWidth) / 2;
    for (const ch of chars) {
      p.text(ch, x, titleY, TITLE_SIZE, 'bold');
      x += measure(ch, TITLE_SIZE, 'bold') + spacing;
    }
  }
  p.close();

  let y = top - 2 * BOX_ROW - 62;
  if (header.remarks.length > 0) p.open('P');
  for (const line of header.remarks) {
    p.text(line, MARGIN_X, baseline(y, NOTE_LINE_HEIGHT, NOTE_SIZE), NOTE_SIZE, 'regular', 'muted');
    y -= NOTE_LINE_HEIGHT;
  }
  if (header.remarks.length > 0) p.close();
  y -= 6;
  const applicant = `申請者${GAP}${input.applicant.name || EMPTY_ANSWER}`;
  p.tagged('P', () => p.text(applicant, MARGIN_X, baseline(y, 18, TEXT_SIZE), TEXT_SIZE));
  const created = `作成日${GAP}${japaneseDate(input.now)}`;
  p.tagged('P', () =>
    p.textRight(created, PAGE_WIDTH - MARGIN_X, baseline(y, 18, NOTE_SIZE), NOTE_SIZE, 'regular', 'muted'),
  );
  p.rule(y - 20, 1.2);
}

function drawRunningHeader(p: PageBuilder, input: FormInput, header: Header) {
  const y = PAGE_HEIGHT - MARGIN_TOP - 10;
  p.furniture(`${input.municipality.name}${GAP}${input.procedure.name}`, MARGIN_X, y, NOTE_SIZE, 'bold');
  const reference = `受付番号${GAP}${header.reference || GAP.repeat(6)}`;
  p.textRight(reference, PAGE_WIDTH - MARGIN_X, y, NOTE_SIZE, 'regular', 'ink', true);
  p.rule(y - 8, 0.8);
}

/** The copy mark is content on a copy's first page and furniture on its later pages. */
function drawCopyMark(p: PageBuilder, mark: string, measure: Measure, first: boolean) {
  const width = measure(mark, NOTE_SIZE, 'bold') + 12;
  const x = PAGE_WIDTH - MARGIN_X - width;
  const top = PAGE_HEIGHT - 14;
  p.box(x, top, width, 16);
  const y = baseline(top, 16, NOTE_SIZE);
  if (first) p.tagged('P', () => p.text(mark, x + 6, y, NOTE_SIZE, 'bold'));
  else p.furniture(mark, x + 6, y, NOTE_SIZE, 'bold');
}

function drawFooter(
  p: PageBuilder,
  input: FormInput,
  pageNumber: number,
  pageCount: number,
  measure: Measure,
) {
  const y = 28;
  const language = input.footerLanguage ?? 'ja';
  const pageText = pageFooter(pageNumber, pageCount, language);
  const pageWidth = measure(pageText, SMALL_SIZE, 'regular');
  // The procedure's name (a report's too), never its code; cut short before it reaches the page number.
  const room = (CONTENT_WIDTH - pageWidth) / 2 - 12;
  const name = fitted(procedureNameOf(input, language), room, (text) => measure(text, SMALL_SIZE, 'regular'));
  p.furniture(name, MARGIN_X, y, SMALL_SIZE, 'regular', 'muted');
  p.furniture(pageText, (PAGE_WIDTH - pageWidth) / 2, y, SMALL_SIZE);
  const { code, name: ja, name_en } = input.municipality;
  const municipality = language === 'en' && name_en ? `${name_en} (${code})` : `${ja}（${code}）`;
  p.textRight(municipality, PAGE_WIDTH - MARGIN_X, y, SMALL_SIZE, 'regular', 'muted', true);
}

/** The page footer's count in the footer's language: 「1 / 2 ページ」, "Page 1 of 2". */
export const pageFooter = (pageNumber: number, pageCount: number, language: FooterLanguage = 'ja') =>
  language === 'en' ? `Page ${pageNumber} of ${pageCount}` : `${pageNumber} / ${pageCount} ページ`;

/**
 * The name of the procedure a form belongs to: a report is printed under its own title but belongs to the
 * procedure of the same code in the configuration. In English its English name where it has one.
 */
export function procedureNameOf(
  input: Pick<FormInput, 'config' | 'procedure'>,
  language: FooterLanguage = 'ja',
): string {
  const own = input.config.disclosure.procedures.find((p) => p.code === input.procedure.code);
  const procedure = own ?? input.procedure;
  const english = language === 'en' ? procedure.en?.name?.trim() : undefined;
  return english || procedure.name;
}

/** The text, cut at a character and ended with 「…」 when it is wider than `width`. */
function fitted(text: string, width: number, measure: (text: string) => number): string {
  if (measure(text) <= width) return text;
  const chars = [...text];
  while (chars.length > 1 && measure(`${chars.join('')}…`) > width) chars.pop();
  return `${chars.join('')}…`;
}

function drawSectionTitle(p: PageBuilder, title: string, top: number, furniture: boolean) {
  p.box(MARGIN_X, top, CONTENT_WIDTH, SECTION_TITLE_HEIGHT, 'section');
  const y = baseline(top, SECTION_TITLE_HEIGHT, SECTION_TITLE_SIZE);
  if (furniture) p.furniture(title, MARGIN_X + CELL_PAD_X, y, SECTION_TITLE_SIZE, 'bold');
  else p.tagged('H2', () => p.text(title, MARGIN_X + CELL_PAD_X, y, SECTION_TITLE_SIZE, 'bold'));
}

/**
 * One placed item. Structure: each section is a Sect with its H2 and a Table of label (TH) / answer (TD)
 * rows; a continued title is furniture, so the Table opened on an earlier page goes on.
 */
function drawPlaced(p: PageBuilder, placed: Placed, alt: string) {
  if (placed.kind === 'section') {
    if (!placed.continued) p.open('Sect');
    drawSectionTitle(p, placed.title, placed.top, placed.continued);
    if (!placed.continued) p.open('Table');
    return;
  }
  if (placed.kind === 'signature') {
    p.open('Sect');
    drawSectionTitle(p, '署名', placed.top, false);
    const top = placed.top - SECTION_TITLE_HEIGHT;
    p.box(MARGIN_X, top, CONTENT_WIDTH, SIGNATURE_HEIGHT);
    const [x, y] = [MARGIN_X + CELL_PAD_X, top - SIGNATURE_HEIGHT + CELL_PAD_Y];
    const [width, height] = [CONTENT_WIDTH - 2 * CELL_PAD_X, SIGNATURE_HEIGHT - 2 * CELL_PAD_Y];
    p.ops.push({ kind: 'image', x, y, width, height, alt }); // the painter tags it as a Figure
    p.close();
    return;
  }
  const { row, top, lines } = placed;
  p.box(MARGIN_X, top, LABEL_WIDTH, rowHeight(lines), 'label');
  p.box(MARGIN_X + LABEL_WIDTH, top, ANSWER_WIDTH, rowHeight(lines));
  const lineY = (i: number) => baseline(top - CELL_PAD_Y - i * LINE_HEIGHT, LINE_HEIGHT, TEXT_SIZE);
  const tone = row.empty ? 'muted' : 'ink';
  p.open('TR');
  p.tagged('TH', () =>
    row.label.forEach((line, i) => p.text(line, MARGIN_X + CELL_PAD_X, lineY(i), TEXT_SIZE)),
  );
  p.tagged('TD', () =>
    row.answer.forEach((line, i) =>
      p.text(line, MARGIN_X + LABEL_WIDTH + CELL_PAD_X, lineY(i), TEXT_SIZE, 'regular', tone),
    ),
  );
  p.close();
}

/**
 * The pages of the form as drawing operations. With `copies` > 1 the pages repeat per copy, each page
 * marked 1部目（全2部）...; `copy` marks a single copy instead. Page numbers count within a copy.
 */
export function composePages(
  input: FormInput,
  measure: Measure,
  marks: { copies: number; copy?: { index: number; of: number } | null },
): DrawOp[][] {
  const header: Header = {
    remarks: input.procedure.remarks
      ? wrapText(input.procedure.remarks, CONTENT_WIDTH, (t) => measure(t, NOTE_SIZE, 'regular'))
      : [],
    reference: input.referenceNumber ?? '',
    received: input.submittedAt ? japaneseDate(input.submittedAt) : '',
  };
  const layout = paginate(buildSections(input, measure), firstBodyTop(header), Boolean(input.signature));
  const alt = `${input.applicant.name || '申請者'}の手書き署名`;
  const copyMarks =
    marks.copies > 1
      ? Array.from({ length: marks.copies }, (_, i) => `${i + 1}部目（全${marks.copies}部）`)
      : [marks.copy ? `${marks.copy.index}部目（全${marks.copy.of}部）` : null];

  // Reading order follows the pages; each copy of several is a Sect of its own.
  return copyMarks.flatMap((mark) => {
    // A section's Sect and Table stay open from its title to the next section, across pages.
    let sectionOpen = false;
    const endSection = (p: PageBuilder) => {
      if (sectionOpen) {
        p.close(); // Table
        p.close(); // Sect
      }
      sectionOpen = false;
    };
    return layout.map((placedItems, index) => {
      const p = new PageBuilder(measure);
      const last = index === layout.length - 1;
      if (index === 0 && copyMarks.length > 1) p.open('Sect');
      if (index === 0) drawFirstHeader(p, input, header, measure);
      else drawRunningHeader(p, input, header);
      if (mark !== null) drawCopyMark(p, mark, measure, index === 0);
      for (const placed of placedItems) {
        if (placed.kind === 'signature' || (placed.kind === 'section' && !placed.continued)) endSection(p);
        drawPlaced(p, placed, alt);
        if (placed.kind === 'section' && !placed.continued) sectionOpen = true;
      }
      if (last) endSection(p);
      drawFooter(p, input, index + 1, layout.length, measure);
      if (last && copyMarks.length > 1) p.close();
      return p.ops;
    });
  });
}
