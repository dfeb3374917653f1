import type {
  Procedure,
  ProcedureGroupConfiguration,
  StandardItem,
  StandardItemFragmentValue,
} from '@portal/contracts';
import { demoData } from '@portal/demo';
import { crc32, deflateSync } from 'node:zlib';
import type { RenderProcedureInput } from './application-pdf.js';

/**
 * Inputs for rendering tests and the render benchmark, built from the demo seed: デモ市, procedure group 1
 * (出生・子育て) and answers a resident could plausibly have given.
 */
export const FIXED_NOW = new Date('2026-11-05T10:30:00+09:00');

const demoCity = demoData.municipalities.find((m) => m.code === '999999');
if (!demoCity) throw new Error('demo data: デモ市 (999999) is missing');
const birthGroup = demoCity.procedure_groups.find((g) => g.id === 1);
if (!birthGroup) throw new Error('demo data: procedure group 1 is missing');

export const demoMunicipality = { code: demoCity.code, name: demoCity.name };
export const demoConfig: ProcedureGroupConfiguration = birthGroup;

export function demoProcedure(code: string): Procedure {
  const procedure = demoConfig.disclosure.procedures.find((p) => p.code === code);
  if (!procedure) throw new Error(`demo data: procedure ${code} is missing`);
  return procedure;
}

/** Answers as a family in デモ市 would give them; items not listed get a generic plausible value. */
const plausible: Record<string, string> = {
  child_last_name: '山田',
  child_first_name: '陽菜',
  child_last_name_kana: 'ヤマダ',
  child_first_name_kana: 'ヒナ',
  child_birth_date: '2026-11-01',
  child_birth_time: '14:05',
  birth_place_address: 'デモ県デモ市中央二丁目5番1号 デモ市立総合病院',
  child_postal_code: '9999901',
  child_address: 'デモ県デモ市中央一丁目2番3号',
  household_head_name: '山田 太郎',
  household_head_relationship: '子',
  father_last_name: '山田',
  father_first_name: '太郎',
  father_birth_date: '1988-04-15',
  mother_last_name: '山田',
  mother_first_name: '花子',
  mother_birth_date: '1990-09-03',
  registered_domicile: 'デモ県デモ市中央一丁目2番',
  registered_domicile_head: '山田 太郎',
  applicant_last_name: '山田',
  applicant_first_name: '花子',
  applicant_last_name_kana: 'ヤマダ',
  applicant_first_name_kana: 'ハナコ',
  applicant_birth_date: '1990-09-03',
  applicant_postal_code: '9999901',
  applicant_address: 'デモ県デモ市中央一丁目2番3号',
  applicant_phone: '09012340002',
  applicant_occupation: '会社員',
  applicant_employer: '株式会社デモ商事',
  birth_weight: '3120',
  birth_height: '49.5',
  birth_multiple_order: '',
  pregnancy_weeks: '39',
  certifier_name: '佐藤 一郎',
  bank_code: '0001',
  bank_name: 'デモ銀行',
  branch_code: '101',
  branch_name: '中央支店',
  account_number: '1234567',
  account_holder_name: '山田 花子',
  account_holder_kana: 'ヤマダ ハナコ',
  insurance_insurer_number: '06139999',
  insurance_number: '123456',
  insured_person_name: '山田 太郎',
};

function plausibleValue(item: StandardItem): StandardItemFragmentValue['value'] {
  const known = plausible[item.code];
  if (known !== undefined) return known === '' ? null : known;
  if (item.choices.length > 0) {
    const first = item.choices[0]?.value ?? null;
    return item.type === 'checkbox' && first !== null ? [first] : first;
  }
  switch (item.type) {
    case 'date':
      return '2026-11-01';
    case 'time':
      return '09:30';
    case 'number':
      return '1';
    case 'kana':
      return 'ヤマダ';
    case 'postal_code':
      return '9999901';
    case 'phone':
      return '0299123456';
    default:
      return `${item.name}の記入例`;
  }
}

/** One answer per standard item of the procedure, in fragment order. */
export function demoValues(procedure: Procedure): StandardItemFragmentValue[] {
  const items = new Map(demoConfig.standard_items.map((i) => [i.code, i]));
  return procedure.procedure_fragments.flatMap((f) => {
    const item = items.get(f.standard_item_code);
    return item ? [{ standard_item_code: item.code, sequence: 1, value: plausibleValue(item) }] : [];
  });
}

/** The birth notification of 山田 花子, received as R-2026-000123 on 2026-11-02. */
export function demoBirthNotificationInput(
  overrides: Partial<RenderProcedureInput> = {},
): RenderProcedureInput {
  const procedure = demoProcedure('birth_notification');
  return {
    municipality: demoMunicipality,
    config: demoConfig,
    procedure,
    values: demoValues(procedure),
    applicant: { name: '山田 花子' },
    referenceNumber: 'R-2026-000123',
    submittedAt: new Date('2026-11-02T09:15:00+09:00'),
    now: FIXED_NOW,
    ...overrides,
  };
}

/** A paragraph of Japanese prose, for textarea answers that must wrap and break across pages. */
export const LONG_PARAGRAPH =
  '出生後、母子ともに経過は良好で、退院後は自宅で養育しています。里帰り出産のため、住民登録地とは異なる' +
  '医療機関で出生しました。出生証明書の原本は郵送で提出します（追跡番号 1234-5678-9012）。' +
  '日中は電話に出られないことが多いため、連絡は夕方以降にお願いします。';

/**
 * A procedure with one textarea item under its own section, added to the demo configuration, and the
 * answer repeated `paragraphs` times (each paragraph about four lines in the answer column).
 */
export function withLongTextarea(input: RenderProcedureInput, paragraphs: number): RenderProcedureInput {
  const note: StandardItem = {
    code: 'notification_note',
    name: '備考（届出に関する事情）',
    type: 'textarea',
    required: false,
    min_length: null,
    max_length: 10_000,
    pattern: null,
    choices: [],
    reading_of: null,
    suffix: null,
    remarks: null,
  };
  const fragments = input.procedure.procedure_fragments;
  const nextId = Math.max(0, ...fragments.map((f) => f.id)) + 1;
  return {
    ...input,
    config: { ...input.config, standard_items: [...input.config.standard_items, note] },
    procedure: {
      ...input.procedure,
      procedure_fragments: [...fragments, { id: nextId, name: 'その他', standard_item_code: note.code }],
    },
    values: [
      ...input.values,
      {
        standard_item_code: note.code,
        sequence: 1,
        value: Array(paragraphs).fill(LONG_PARAGRAPH).join('\n'),
      },
    ],
  };
}

/**
 * A handwritten-signature stand-in as the signature screen uploads it: a PNG (8-bit grey) of a wavy
 * stroke on white, `width` × `height` pixels.
 */
export function demoSignaturePng(width = 360, height = 120): Uint8Array {
  const rows = Buffer.alloc((width + 1) * height, 0xff);
  for (let x = 0; x < width; x++) {
    const y = Math.round(height / 2 + (height / 4) * Math.sin(x / 18));
    for (let dy = -2; dy <= 2; dy++) rows[(y + dy) * (width + 1) + 1 + x] = 0x20;
  }
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // filter type None per row
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, greyscale, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
