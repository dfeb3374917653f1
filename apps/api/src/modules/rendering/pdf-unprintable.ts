import type { ApiError } from '@portal/contracts';
import { AppError } from '../../http/errors.js';
import { cleanText, formatAnswer, type FormInput } from './application-pdf.layout.js';

/**
 * A character no embedded font can draw stops the rendering: a legal form never prints a replacement
 * glyph (.notdef, ☒, 〓) or a look-alike in place of what was stored (issue 31 item 6). The message names
 * where each character is, the character and its code point, in Japanese for the staff who read the job.
 */
export interface UnprintableCharacter {
  /** Where it is: the item as printed (子の名, 子の名（2）), 申請者, or 様式の設定 for configured text. */
  place: string;
  /** The standard item code when the character is in an answer. */
  item_code: string | null;
  character: string;
  /** e.g. U+1F600 */
  code_point: string;
}

export const codePointOf = (ch: string) =>
  `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

const describe = (c: UnprintableCharacter) => `「${c.place}」の「${c.character}」（${c.code_point}）`;

export class UnprintableTextError extends AppError {
  constructor(readonly characters: UnprintableCharacter[]) {
    const details: ApiError[] = characters.map((c) => ({
      code: 'validation_failed',
      message: `${describe(c)}はPDFのフォントにない文字です。`,
      ...(c.item_code ? { field: c.item_code } : {}),
    }));
    super(
      'validation_failed',
      `PDFを作成できません：${characters.map(describe).join('、')}はPDFのフォントにない文字のため、` +
        'ほかの字に置き換えずに作成を止めました。',
      characters[0]?.item_code ?? undefined,
      details,
    );
    this.name = 'UnprintableTextError';
  }
}

/** Where each of `missing` occurs: the answers first (by item), then the applicant line, else configuration. */
export function locateUnprintable(input: FormInput, missing: readonly string[]): UnprintableCharacter[] {
  const items = new Map(input.config.standard_items.map((i) => [i.code, i]));
  const used = new Set(input.procedure.procedure_fragments.map((f) => f.standard_item_code));
  const answers = input.values
    .filter((v) => used.has(v.standard_item_code))
    .map((v) => {
      const item = items.get(v.standard_item_code);
      const name = item?.name ?? v.standard_item_code;
      const sequence = v.sequence ?? 1;
      return {
        place: sequence > 1 ? `${name}（${sequence}）` : name,
        item_code: v.standard_item_code,
        text: cleanText(formatAnswer(item, v.value) ?? ''),
      };
    });
  const found: UnprintableCharacter[] = [];
  for (const character of missing) {
    const code_point = codePointOf(character);
    const inAnswers = answers.filter((a) => a.text.includes(character));
    for (const a of inAnswers) found.push({ place: a.place, item_code: a.item_code, character, code_point });
    if (inAnswers.length > 0) continue;
    const place = input.applicant.name.includes(character) ? '申請者' : '様式の設定';
    found.push({ place, item_code: null, character, code_point });
  }
  return found;
}
