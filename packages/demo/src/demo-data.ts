// Demo data of the portal: two municipalities (デモ市 999999 and, to prove tenant isolation, サンプル町 999998),
// the standard item catalog their procedures use, staff accounts, test residents of the identity stand-in and
// one master-tool operator.
//
// Configuration ids are explicit and unique per kind across the whole seed (the writer inserts them
// verbatim): デモ市 uses 1–999 of every kind, サンプル町 1001–1999. A concierge destination shares the id of
// its option (both live in one row).
import {
  PREFILL_CLAIMS,
  type Concierge,
  type ConciergeOption,
  type ConciergeSet,
  type PrefillRule,
  type Procedure,
  type ProcedureAttach,
  type ProcedureGroupConfiguration,
  type ReportTemplate,
  type RuleSymbol,
  type StandardItem,
  type ViewRule,
  type WorkflowTemplate,
} from '@portal/contracts';
import type { DemoData, DemoMunicipality, DemoOperator, DemoResident, DemoStaff } from './demo-types.js';

// ---------------------------------------------------------------------------------------------------------
// Standard item helpers
// ---------------------------------------------------------------------------------------------------------

/** Full-width katakana, long vowel mark and spaces (the same characters as the contracts' Kana). */
const KANA_PATTERN = '[\\u30A0-\\u30FF\\u3000 ]+';
const DATE_PATTERN = '[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])';
const TIME_PATTERN = '([01][0-9]|2[0-3]):[0-5][0-9]';
const POSTAL_CODE_PATTERN = '[0-9]{7}';
/** Japanese phone numbers without hyphens: 10 digits (landline) or 11 (mobile). */
const PHONE_PATTERN = '0[0-9]{9,10}';

type ItemOptions = Partial<Omit<StandardItem, 'code' | 'name' | 'type'>>;

/** A text in Japanese and its English (decision 0009): every resident-facing demo text has both. */
type Both = readonly [ja: string, en: string];

/**
 * A standard item with every field present; items are required unless `required: false` is given.
 * `options.en` adds to (and overrides) the English the helpers give.
 */
function item(
  code: string,
  [name, nameEn]: Both,
  type: StandardItem['type'],
  options: ItemOptions = {},
): StandardItem {
  return {
    code,
    name,
    type,
    required: true,
    min_length: null,
    max_length: null,
    pattern: null,
    choices: [],
    reading_of: null,
    suffix: null,
    remarks: null,
    ...options,
    en: { name: nameEn, ...options.en },
  };
}

const text = (code: string, name: Both, maxLength: number, options: ItemOptions = {}) =>
  item(code, name, 'text', { min_length: 1, max_length: maxLength, ...options });

const kana = (code: string, name: Both, readingOf: string, options: ItemOptions = {}) =>
  item(code, name, 'kana', {
    min_length: 1,
    max_length: 50,
    pattern: KANA_PATTERN,
    reading_of: readingOf,
    remarks: '全角カタカナで入力してください。',
    ...options,
    en: { remarks: 'Enter in full-width katakana.', ...options.en },
  });

const date = (code: string, name: Both, options: ItemOptions = {}) =>
  item(code, name, 'date', { min_length: 10, max_length: 10, pattern: DATE_PATTERN, ...options });

const postalCode = (code: string, name: Both) =>
  item(code, name, 'postal_code', {
    min_length: 7,
    max_length: 7,
    pattern: POSTAL_CODE_PATTERN,
    remarks: 'ハイフンなしの7桁で入力してください。',
    en: { remarks: 'Enter the 7 digits without a hyphen.' },
  });

const phone = (code: string, name: Both) =>
  item(code, name, 'phone', {
    min_length: 10,
    max_length: 11,
    pattern: PHONE_PATTERN,
    remarks: 'ハイフンなしで入力してください。',
    en: { remarks: 'Enter the number without hyphens.' },
  });

const digits = (code: string, name: Both, length: number, options: ItemOptions = {}) =>
  item(code, name, 'text', {
    min_length: length,
    max_length: length,
    pattern: `[0-9]{${length}}`,
    ...options,
  });

/** Remarks in Japanese and English. */
const remarks = ([ja, en]: Both): ItemOptions => ({ remarks: ja, en: { remarks: en } });
/** A unit after the field, in Japanese and English. */
const suffix = ([ja, en]: Both): Pick<ItemOptions, 'suffix' | 'en'> => ({ suffix: ja, en: { suffix: en } });

const choices = (list: [value: string, label: string, labelEn: string][]) =>
  list.map(([value, label, labelEn]) => ({ value, label, en: { label: labelEn } }));

const SEX_CHOICES = choices([
  ['male', '男', 'Male'],
  ['female', '女', 'Female'],
]);

// ---------------------------------------------------------------------------------------------------------
// Standard item catalog (reference data shared by all municipalities)
// ---------------------------------------------------------------------------------------------------------

/** The resident who applies: 届出人 of the birth notification, 請求者 of the allowance, 保護者, 妊婦. */
const applicantItems: StandardItem[] = [
  text('applicant_last_name', ['氏', 'Surname'], 50),
  text('applicant_first_name', ['名', 'Given name'], 50),
  kana('applicant_last_name_kana', ['氏（カナ）', 'Surname (katakana)'], 'applicant_last_name'),
  kana('applicant_first_name_kana', ['名（カナ）', 'Given name (katakana)'], 'applicant_first_name'),
  item('applicant_sex', ['性別', 'Sex'], 'radio', { choices: SEX_CHOICES }),
  date('applicant_birth_date', ['生年月日', 'Date of birth']),
  postalCode('applicant_postal_code', ['郵便番号', 'Postal code']),
  text('applicant_address', ['住所', 'Address'], 200),
  phone('applicant_phone', ['電話番号', 'Phone number']),
  text('applicant_occupation', ['職業', 'Occupation'], 50, {
    ...remarks(['例：会社員、自営業、パート', 'For example: company employee, self-employed, part-time']),
  }),
  text('applicant_employer', ['勤務先の名称', 'Name of your employer'], 100, { required: false }),
  item('applicant_pension_type', ['加入している年金', 'Your pension scheme'], 'radio', {
    choices: choices([
      ['employee', '厚生年金', "Employees' Pension Insurance"],
      ['mutual_aid', '共済組合（公務員）', 'Mutual aid association (public servants)'],
      ['national', '国民年金', 'National Pension'],
    ]),
  }),
];

/** The child (出生届 子, 児童手当 児童, 子ども医療費 対象児童). */
const childItems: StandardItem[] = [
  text('child_last_name', ['子の氏', "Child's surname"], 50),
  text('child_first_name', ['子の名', "Child's given name"], 50, {
    ...remarks([
      '常用漢字、人名用漢字、ひらがな、カタカナが使えます。',
      'You can use the kanji approved for everyday use and for personal names, hiragana and katakana.',
    ]),
  }),
  kana('child_last_name_kana', ['子の氏（カナ）', "Child's surname (katakana)"], 'child_last_name'),
  kana('child_first_name_kana', ['子の名（カナ）', "Child's given name (katakana)"], 'child_first_name'),
  item('child_sex', ['子の性別', "Child's sex"], 'radio', { choices: SEX_CHOICES }),
  item('child_legitimacy', ['嫡出子・嫡出でない子の別', 'Born to a married couple or not'], 'radio', {
    choices: choices([
      ['legitimate', '嫡出子', 'Born to a married couple'],
      ['non_legitimate', '嫡出でない子', 'Born to an unmarried couple'],
    ]),
    // A legal term explained where it is asked (issue 33): the form, the review and the staff see it.
    remarks:
      '嫡出子は、婚姻している父母の間に生まれた子です。婚姻していない父母の間に生まれた子は「嫡出でない子」です。',
    en: {
      remarks:
        'A child born to parents married to each other; a child of parents not married to each other is "born to an unmarried couple".',
    },
  }),
  item('child_relationship', ['父母との続き柄', 'Relationship to the parents'], 'select', {
    choices: choices([
      ['first_son', '長男', 'First son'],
      ['first_daughter', '長女', 'First daughter'],
      ['second_son', '二男', 'Second son'],
      ['second_daughter', '二女', 'Second daughter'],
      ['third_son', '三男', 'Third son'],
      ['third_daughter', '三女', 'Third daughter'],
      ['other', 'その他', 'Other'],
    ]),
    // Legal terms explained where they are asked (issue 33): the form, the review and the staff see it.
    ...remarks([
      '続き柄は、同じ父母から生まれた子の中で何番目かを表します。初めての男の子は「長男」、2人目の女の子は「二女」です。',
      'The order among the children of the same parents: the first boy is "first son", the second girl "second daughter".',
    ]),
  }),
  date('child_birth_date', ['子の生年月日', "Child's date of birth"]),
  item('child_birth_time', ['生まれた時刻', 'Time of birth'], 'time', {
    min_length: 5,
    max_length: 5,
    pattern: TIME_PATTERN,
    ...remarks(['24時間制で入力してください（例：14:05）。', 'Use the 24-hour clock (for example 14:05).']),
  }),
  item('birth_place_type', ['生まれたところの種別', 'Type of place of birth'], 'select', {
    choices: choices([
      ['hospital', '病院', 'Hospital'],
      ['clinic', '診療所', 'Clinic'],
      ['maternity_home', '助産所', 'Midwifery home'],
      ['home', '自宅', 'Home'],
      ['other', 'その他', 'Other'],
    ]),
  }),
  text('birth_place_address', ['生まれたところ', 'Place of birth'], 200),
  postalCode('child_postal_code', ['子の住所の郵便番号', "Postal code of the child's address"]),
  text(
    'child_address',
    ['子の住所（住民登録をするところ）', "Child's address (where the child will be registered)"],
    200,
  ),
  text('household_head_name', ['世帯主の氏名', 'Name of the head of household'], 100, {
    ...remarks([
      '世帯主は、住民票で世帯の代表になっている人です。',
      'The head of household is the person the residence record names first for the household.',
    ]),
  }),
  text('household_head_relationship', ['世帯主との続き柄', 'Relationship to the head of household'], 20, {
    ...remarks(['例：子、孫', 'For example: child, grandchild']),
  }),
  item('child_claimant_relationship', ['請求者との続き柄', 'Relationship to the claimant'], 'select', {
    choices: choices([
      ['child', '子', 'Child'],
      ['grandchild', '孫', 'Grandchild'],
      ['other', 'その他', 'Other'],
    ]),
  }),
  item('child_living_together', ['同居・別居の別', 'Living together or apart'], 'radio', {
    choices: choices([
      ['together', '同居', 'Living together'],
      ['apart', '別居', 'Living apart'],
    ]),
  }),
  item('child_custody', ['監護の有無', 'Care and custody'], 'radio', {
    choices: choices([
      ['yes', '監護している', 'I look after the child'],
      ['no', '監護していない', 'I do not look after the child'],
    ]),
    remarks: '監護とは、お子さんと一緒に暮らすなどして、日々の世話をし、守り育てていることです。',
    en: { remarks: 'Looking after the child day to day: living with them, caring for and raising them.' },
  }),
];

/** Parents and registered domicile (出生届). */
const parentItems: StandardItem[] = [
  text('father_last_name', ['父の氏', "Father's surname"], 50, { required: false }),
  text('father_first_name', ['父の名', "Father's given name"], 50, { required: false }),
  date('father_birth_date', ['父の生年月日', "Father's date of birth"], { required: false }),
  text('mother_last_name', ['母の氏', "Mother's surname"], 50),
  text('mother_first_name', ['母の名', "Mother's given name"], 50),
  date('mother_birth_date', ['母の生年月日', "Mother's date of birth"]),
  text('registered_domicile', ['本籍', 'Registered domicile (honseki)'], 200, {
    ...remarks([
      '戸籍の筆頭者の本籍を、番地まで入力してください。',
      'Enter the registered domicile of the head of the family register, including the lot number.',
    ]),
  }),
  text('registered_domicile_head', ['筆頭者の氏名', 'Name of the head of the family register'], 100, {
    ...remarks([
      '筆頭者は、戸籍の最初に書かれている人です。結婚したときに氏を変えなかった方です。',
      'The person written first in the family register: the spouse who kept their surname at marriage.',
    ]),
  }),
];

/** Notifier's role and the birth certificate part (出生証明書) of the birth notification. */
const birthCertificateItems: StandardItem[] = [
  item('notifier_role', ['届出人の資格', "Notifier's relationship to the child"], 'select', {
    choices: choices([
      ['father', '父', 'Father'],
      ['mother', '母', 'Mother'],
      ['legal_representative', '法定代理人', 'Legal representative'],
      ['cohabitant', '同居者', 'Person living with the child'],
      ['doctor', '医師', 'Doctor'],
      ['midwife', '助産師', 'Midwife'],
      ['other_attendant', 'その他の立会者', 'Other person present at the birth'],
    ]),
    ...remarks([
      '届出人の資格は、届け出る方とお子さんとの関係です。原則として、父または母が届け出ます。',
      'How the person giving notice is related to the child. As a rule, the father or the mother gives notice.',
    ]),
  }),
  item('birth_weight', ['体重', 'Weight'], 'number', {
    min_length: 3,
    max_length: 4,
    pattern: '[0-9]{3,4}',
    ...suffix(['g', 'g']),
  }),
  item('birth_height', ['身長', 'Length'], 'number', {
    min_length: 2,
    max_length: 4,
    pattern: '[0-9]{2}(\\.[0-9])?',
    ...suffix(['cm', 'cm']),
  }),
  item('birth_multiplicity', ['単胎・多胎の別', 'Single or multiple birth'], 'radio', {
    choices: choices([
      ['single', '単胎', 'Single birth'],
      ['multiple', '多胎', 'Multiple birth (twins or more)'],
    ]),
  }),
  item('birth_multiple_order', ['多胎の場合の出生順位', 'Birth order in a multiple birth'], 'number', {
    required: false,
    min_length: 1,
    max_length: 1,
    pattern: '[1-9]',
    ...suffix(['番目', '(1 = born first)']),
  }),
  item('pregnancy_weeks', ['妊娠週数', 'Weeks of pregnancy'], 'number', {
    min_length: 2,
    max_length: 2,
    pattern: '[0-9]{2}',
    suffix: '週',
    remarks: '満週数を入力してください。',
    en: { suffix: 'weeks', remarks: 'Enter the number of completed weeks.' },
  }),
  item('certifier_type', ['証明者の種別', 'Who certified the birth'], 'radio', {
    choices: choices([
      ['doctor', '医師', 'Doctor'],
      ['midwife', '助産師', 'Midwife'],
      ['other', 'その他', 'Other'],
    ]),
  }),
  text('certifier_name', ['証明者の氏名', "Certifier's name"], 100),
];

/** Spouse and bank account (児童手当). */
const allowanceItems: StandardItem[] = [
  item('spouse_exists', ['配偶者の有無', 'Spouse or partner'], 'radio', {
    choices: choices([
      ['yes', 'あり', 'Yes'],
      ['no', 'なし', 'No'],
    ]),
  }),
  text('spouse_last_name', ['配偶者の氏', "Spouse's surname"], 50, { required: false }),
  text('spouse_first_name', ['配偶者の名', "Spouse's given name"], 50, { required: false }),
  digits('bank_code', ['金融機関コード', 'Bank code'], 4),
  text('bank_name', ['金融機関名', 'Bank name'], 50),
  digits('branch_code', ['支店コード', 'Branch code'], 3),
  text('branch_name', ['支店名', 'Branch name'], 50),
  item('account_type', ['預金種目', 'Account type'], 'radio', {
    choices: choices([
      ['ordinary', '普通', 'Ordinary'],
      ['current', '当座', 'Current'],
    ]),
  }),
  digits('account_number', ['口座番号', 'Account number'], 7, {
    ...remarks([
      '7桁に満たない場合は、先頭に0を付けてください。',
      'If the number has fewer than 7 digits, add zeros at the front.',
    ]),
  }),
  text('account_holder_name', ['口座名義人', 'Account holder'], 100, {
    ...remarks(['請求者本人名義の口座に限ります。', "The account must be in the claimant's own name."]),
  }),
  kana('account_holder_kana', ['口座名義人（カナ）', 'Account holder (katakana)'], 'account_holder_name', {
    max_length: 100,
  }),
];

/** Health insurance of the child (子ども医療費助成). */
const insuranceItems: StandardItem[] = [
  item('insurance_type', ['加入している健康保険', 'Health insurance'], 'select', {
    choices: choices([
      ['national_health_insurance', '国民健康保険', 'National Health Insurance'],
      [
        'health_insurance',
        '健康保険（協会けんぽ・健康保険組合）',
        "Employees' health insurance (Kyokai Kenpo or a health insurance society)",
      ],
      ['mutual_aid', '共済組合', 'Mutual aid association'],
      ['pending', '加入手続き中', 'Enrolment in progress'],
    ]),
  }),
  item('insurance_insurer_number', ['保険者番号', 'Insurer number'], 'text', {
    min_length: 6,
    max_length: 8,
    pattern: '[0-9]{6}|[0-9]{8}',
  }),
  text('insurance_symbol', ['記号', 'Symbol'], 20, { required: false }),
  text('insurance_number', ['番号', 'Number'], 20),
  text('insured_person_name', ['被保険者の氏名', 'Name of the insured person'], 100, {
    ...remarks(['お子さんを扶養している方の氏名です。', 'The person who supports your child.']),
  }),
];

/** Pregnancy notification (サンプル町 only). */
const pregnancyItems: StandardItem[] = [
  date('pregnancy_expected_delivery_date', ['出産予定日', 'Due date']),
  item(
    'pregnancy_weeks_at_notification',
    ['届出時の妊娠週数', 'Weeks of pregnancy at notification'],
    'number',
    {
      min_length: 1,
      max_length: 2,
      pattern: '[0-9]{1,2}',
      ...suffix(['週', 'weeks']),
    },
  ),
  text(
    'pregnancy_diagnosis_institution',
    ['妊娠の診断を受けた医療機関', 'Medical institution that confirmed the pregnancy'],
    100,
  ),
  item('pregnancy_fetus_count', ['胎児の数', 'Number of babies expected'], 'select', {
    choices: choices([
      ['one', '1人', 'One'],
      ['two', '2人（双胎）', 'Two (twins)'],
      ['three_or_more', '3人以上', 'Three or more'],
    ]),
  }),
  item('pregnancy_first_birth', ['初産・経産の別', 'First birth or not'], 'radio', {
    choices: choices([
      ['first', '初産', 'This is my first birth'],
      ['not_first', '経産', 'I have given birth before'],
    ]),
  }),
];

const standardItems: StandardItem[] = [
  ...applicantItems,
  ...childItems,
  ...parentItems,
  ...birthCertificateItems,
  ...allowanceItems,
  ...insuranceItems,
  ...pregnancyItems,
];

// ---------------------------------------------------------------------------------------------------------
// Configuration helpers
// ---------------------------------------------------------------------------------------------------------

type Fragment = Procedure['procedure_fragments'][number];

/** Procedure fragments with consecutive ids from `firstId`: one entry per standard item, grouped by section. */
function fragments(firstId: number, sections: [section: Both, codes: string[]][]): Fragment[] {
  let id = firstId;
  return sections.flatMap(([[name, nameEn], codes]) =>
    codes.map((code) => ({ id: id++, name, standard_item_code: code, en: { name: nameEn } })),
  );
}

/** The catalog items a group's procedures use, in catalog order. */
function itemsUsedBy(procedures: Procedure[]): StandardItem[] {
  const used = new Set(procedures.flatMap((p) => p.procedure_fragments.map((f) => f.standard_item_code)));
  return standardItems.filter((i) => used.has(i.code));
}

const whenSelected = (optionId: number): ViewRule => ({
  pattern: 'selected',
  expected: String(optionId),
  expression: '',
  symbol: '',
});

const whenFormula = (expression: string, symbol: RuleSymbol, expected: string): ViewRule => ({
  pattern: 'formula',
  expression,
  symbol,
  expected,
});

/** Where an option leads: the next concierge, out of the online route, or nowhere (the flow goes on). */
type Then = { next: number } | { scopedOut: Both } | 'end';

function option(id: number, [value, valueEn]: Both, sequence: number, then: Then): ConciergeOption {
  const en = { value: valueEn };
  if (then === 'end') return { id, value, sequence, concierge_destination: null, en };
  if ('next' in then) {
    return {
      id,
      value,
      sequence,
      concierge_destination: { id, concierge_id: then.next, is_scopedout: false, scopedout_message: null },
      en,
    };
  }
  const [message, messageEn] = then.scopedOut;
  return {
    id,
    value,
    sequence,
    concierge_destination: {
      id,
      concierge_id: null,
      is_scopedout: true,
      scopedout_message: message,
      en: { scopedout_message: messageEn },
    },
    en,
  };
}

type ConciergeInit = Pick<Concierge, 'id' | 'name' | 'question' | 'sequence'> & Partial<Concierge>;

const conciergeDefaults = {
  standard_item_code: [],
  view_rules: [],
  is_first: false,
  suffix: null,
  remarks: null,
  copyable_label: null,
  copyable_standard_item_codes: [],
  is_horizontal: false,
  requires_name_validation: [],
  concierge_procedure_codes: [],
  concierge_options: [],
} satisfies Partial<Concierge>;

/** A QT concierge: a question with options. */
const question = (init: ConciergeInit & Pick<Concierge, 'concierge_options'>): Concierge => ({
  ...conciergeDefaults,
  ...init,
  type: 'QT',
});

/** An FO concierge: an inline form of standard items. */
const form = (init: ConciergeInit & Pick<Concierge, 'standard_item_code'>): Concierge => ({
  ...conciergeDefaults,
  ...init,
  type: 'FO',
});

const hideWhen = (target: string, source: string, symbol: RuleSymbol, expected: string) => ({
  target,
  conditions: [[{ source, symbol, expected }]],
});

/** The card's name must be signed with (the signing certificate is checked against it): locked. */
const verifiedApplicant = (prefix: 'profile' | 'mynaportal', claim: string): PrefillRule => ({
  source: `${prefix}.${claim}`,
  target: `applicant_${claim}`,
  ...(claim === 'last_name' || claim === 'first_name' ? { locked: true } : { verify: true }),
});

/**
 * Identity claims of the signed-in resident that prefill the applicant's items, the phone from the
 * registry; then the personal portal's self-information where those gave nothing (first rule wins).
 */
const profilePrefillRules: PrefillRule[] = [
  ...PREFILL_CLAIMS.profile.map((claim) => verifiedApplicant('profile', claim)),
  { source: 'registry.phone', target: 'applicant_phone' },
  ...PREFILL_CLAIMS.mynaportal.map((claim) =>
    claim === 'phone'
      ? { source: 'mynaportal.phone', target: 'applicant_phone' }
      : verifiedApplicant('mynaportal', claim),
  ),
];

const parentCodes = (parent: 'father' | 'mother') => [
  `${parent}_last_name`,
  `${parent}_first_name`,
  `${parent}_birth_date`,
];
const notifierIs = (role: string) => [{ source: 'notifier_role', symbol: 'equal' as const, expected: role }];
/** Prefills `targets` from the claims `sources` (same order), while the notifier is `role` when given. */
const prefillAll = (sources: string[], targets: string[], role?: string): PrefillRule[] =>
  targets.map((target, i) => ({
    source: sources[i]!,
    target,
    ...(role ? { conditions: [notifierIs(role)] } : {}),
  }));

/**
 * What デモ市 prefills (decision 0012): the notifier from the card, the other parent and the household
 * from the resident registry, the payment account from the registered public funds account.
 */
const demoPrefillRules: PrefillRule[] = [
  ...profilePrefillRules,
  // A child of the notifier's marriage takes the parents' surname: carried over, not read from the
  // child's card, so it is shown as coming from the answers (derived, decision 0043).
  ...['father', 'mother'].flatMap((role) =>
    prefillAll(
      ['profile.last_name', 'profile.last_name_kana'],
      ['child_last_name', 'child_last_name_kana'],
      role,
    ).map((rule) => ({ ...rule, derived: true })),
  ),
  { source: 'registry.newborn_legitimacy', target: 'child_legitimacy' },
  ...prefillAll(
    [
      'registry.postal_code',
      'registry.address',
      'registry.household_head_name',
      'registry.newborn_relationship_to_head',
    ],
    ['child_postal_code', 'child_address', 'household_head_name', 'household_head_relationship'],
  ),
  // The notifying parent is on the card; the registry's spouse is the other parent.
  ...(
    [
      ['father', 'mother'],
      ['mother', 'father'],
    ] as const
  ).flatMap(([notifier, other]) => [
    ...prefillAll(
      ['profile.last_name', 'profile.first_name', 'profile.birth_date'],
      parentCodes(notifier),
      notifier,
    ),
    ...prefillAll(
      ['registry.spouse_last_name', 'registry.spouse_first_name', 'registry.spouse_birth_date'],
      parentCodes(other),
      notifier,
    ),
  ]),
  ...prefillAll(
    ['registry.registered_domicile', 'registry.registered_domicile_head'],
    ['registered_domicile', 'registered_domicile_head'],
  ),
  ...prefillAll(
    ['registry.spouse_last_name', 'registry.spouse_first_name'],
    ['spouse_last_name', 'spouse_first_name'],
  ),
  // The account items are named as the account's claims.
  ...prefillAll(
    PREFILL_CLAIMS.public_account.map((c) => `public_account.${c}`),
    [...PREFILL_CLAIMS.public_account],
  ),
];

// =========================================================================================================
// デモ市 (999999): procedure group 出生・子育て, ids 1–999
// =========================================================================================================

// --- Workflow templates --------------------------------------------------------------------------------

const demoWorkflowTemplates: WorkflowTemplate[] = [
  {
    id: 1,
    name: '市民課 戸籍届出',
    steps: [
      { sequence: 1, name: '受付', department_code: 'shimin' },
      { sequence: 2, name: '審査', department_code: 'shimin' },
      { sequence: 3, name: '戸籍記載・住民票作成', department_code: 'shimin' },
    ],
  },
  {
    id: 2,
    name: 'こども家庭課 手当・助成審査',
    steps: [
      { sequence: 1, name: '受付', department_code: null },
      { sequence: 2, name: '審査', department_code: 'kodomo' },
      { sequence: 3, name: '認定・決定', department_code: 'kodomo' },
    ],
  },
];

// --- Procedures ------------------------------------------------------------------------------------------

const birthNotification: Procedure = {
  id: 1,
  code: 'birth_notification',
  en: {
    name: 'Birth notification',
    remarks: 'Notify the birth within 14 days, counting the day of birth.',
    check_messages: [
      'I understand that the notification must be made within 14 days of the birth, counting the day of birth.',
      'I have checked that what I entered matches the birth certificate.',
      'I understand that this notification must be signed electronically with my My Number Card.',
    ],
  },
  name: '出生届',
  sequence: 0,
  remarks: '出生の日を含めて14日以内に届け出てください。',
  is_confirmed: true,
  printed_copies: 2,
  check_messages: [
    '届出期間は、出生の日を含めて14日以内であることを確認しました。',
    '入力した内容が、出生証明書の記載と一致していることを確認しました。',
    'この届出には、マイナンバーカードによる電子署名が必要なことを確認しました。',
  ],
  procedural_rules: [],
  workflow_template_id: 1,
  is_signature_digital_certificate: true,
  department_code: 'shimin',
  processing_days: 14,
  // fragment ids 1–99
  procedure_fragments: fragments(1, [
    [
      ['子', 'Child'],
      [
        'child_last_name',
        'child_first_name',
        'child_last_name_kana',
        'child_first_name_kana',
        'child_sex',
        'child_legitimacy',
        'child_relationship',
      ],
    ],
    [
      ['生まれたとき・ところ', 'Date, time and place of birth'],
      ['child_birth_date', 'child_birth_time', 'birth_place_type', 'birth_place_address'],
    ],
    [
      ['住所', 'Address'],
      ['child_postal_code', 'child_address', 'household_head_name', 'household_head_relationship'],
    ],
    [
      ['父母', 'Parents'],
      [
        'father_last_name',
        'father_first_name',
        'father_birth_date',
        'mother_last_name',
        'mother_first_name',
        'mother_birth_date',
      ],
    ],
    [
      ['本籍', 'Registered domicile'],
      ['registered_domicile', 'registered_domicile_head'],
    ],
    [
      ['届出人', 'Notifier'],
      [
        'notifier_role',
        'applicant_last_name',
        'applicant_first_name',
        'applicant_last_name_kana',
        'applicant_first_name_kana',
        'applicant_birth_date',
        'applicant_postal_code',
        'applicant_address',
        'applicant_phone',
      ],
    ],
    [
      ['出生証明書', 'Birth certificate'],
      [
        'birth_weight',
        'birth_height',
        'birth_multiplicity',
        'birth_multiple_order',
        'pregnancy_weeks',
        'certifier_type',
        'certifier_name',
      ],
    ],
  ]),
};

const childAllowance: Procedure = {
  id: 2,
  code: 'child_allowance',
  en: {
    name: 'Child allowance claim',
    remarks: 'Public servants claim the child allowance from their employer.',
    check_messages: [
      'I understand that the child allowance is paid from the month after the month I apply.',
      'I understand that if I apply within 15 days from the day after the birth, the allowance is paid from the month after the birth.',
      "I confirm that the payment account is in the claimant's own name.",
    ],
  },
  name: '児童手当 認定請求',
  sequence: 1,
  remarks: '公務員の方は、勤務先に請求してください。',
  is_confirmed: true,
  printed_copies: 1,
  check_messages: [
    '児童手当は、申請した月の翌月分から支給されることを確認しました。',
    '出生日の翌日から15日以内に申請すると、出生月の翌月分から支給されることを確認しました。',
    '振込先は、請求者本人名義の口座であることを確認しました。',
  ],
  // Applies to claimants who are not civil servants and have custody of the child.
  procedural_rules: [
    [
      { symbol: 'equal', expected: 'employee', standard_item_code: 'applicant_pension_type' },
      { symbol: 'equal', expected: 'yes', standard_item_code: 'child_custody' },
    ],
    [
      { symbol: 'equal', expected: 'national', standard_item_code: 'applicant_pension_type' },
      { symbol: 'equal', expected: 'yes', standard_item_code: 'child_custody' },
    ],
  ],
  workflow_template_id: 2,
  is_signature_digital_certificate: false,
  department_code: 'kodomo',
  processing_days: 30,
  // fragment ids 101–199
  procedure_fragments: fragments(101, [
    [
      ['請求者', 'Claimant'],
      [
        'applicant_last_name',
        'applicant_first_name',
        'applicant_last_name_kana',
        'applicant_first_name_kana',
        'applicant_sex',
        'applicant_birth_date',
        'applicant_postal_code',
        'applicant_address',
        'applicant_phone',
        'applicant_occupation',
        'applicant_employer',
        'applicant_pension_type',
      ],
    ],
    [
      ['配偶者', 'Spouse or partner'],
      ['spouse_exists', 'spouse_last_name', 'spouse_first_name'],
    ],
    [
      ['児童', 'Child'],
      [
        'child_last_name',
        'child_first_name',
        'child_birth_date',
        'child_claimant_relationship',
        'child_living_together',
        'child_custody',
      ],
    ],
    [
      ['口座', 'Bank account'],
      [
        'bank_code',
        'bank_name',
        'branch_code',
        'branch_name',
        'account_type',
        'account_number',
        'account_holder_name',
        'account_holder_kana',
      ],
    ],
  ]),
};

const childMedicalSubsidy: Procedure = {
  id: 3,
  code: 'child_medical_subsidy',
  en: {
    name: 'Child medical expense subsidy',
    remarks:
      'For children registered as residents of Demo City, until the first 31 March after their 15th birthday.',
    check_messages: [
      "I have checked the details on my child's health insurance eligibility certificate (insurance card).",
      'I understand that the eligibility certificate will be sent by post after it has been reviewed.',
    ],
  },
  name: '子ども医療費助成 受給資格の申請',
  sequence: 2,
  remarks: '対象は、デモ市に住民登録のある15歳到達後最初の3月31日までのお子さんです。',
  is_confirmed: true,
  printed_copies: 1,
  check_messages: [
    'お子さんの健康保険の資格確認書（保険証）の内容を確認しました。',
    '受給資格証は、審査の後に郵送で届くことを確認しました。',
  ],
  // Applies once the child's health insurance is known.
  procedural_rules: [[{ symbol: '', expected: '', standard_item_code: 'insurance_insurer_number' }]],
  workflow_template_id: 2,
  is_signature_digital_certificate: false,
  department_code: 'kodomo',
  processing_days: 30,
  // fragment ids 201–299
  procedure_fragments: fragments(201, [
    [
      ['保護者', 'Parent or guardian'],
      [
        'applicant_last_name',
        'applicant_first_name',
        'applicant_last_name_kana',
        'applicant_first_name_kana',
        'applicant_birth_date',
        'applicant_postal_code',
        'applicant_address',
        'applicant_phone',
      ],
    ],
    [
      ['対象児童', 'Child'],
      [
        'child_last_name',
        'child_first_name',
        'child_last_name_kana',
        'child_first_name_kana',
        'child_sex',
        'child_birth_date',
      ],
    ],
    [
      ['健康保険', 'Health insurance'],
      [
        'insurance_type',
        'insurance_insurer_number',
        'insurance_symbol',
        'insurance_number',
        'insured_person_name',
      ],
    ],
  ]),
};

const demoProcedures = [birthNotification, childAllowance, childMedicalSubsidy];

// --- Attaches ------------------------------------------------------------------------------------------

const demoAttaches: ProcedureAttach[] = [
  {
    id: 1,
    procedure_id: 1,
    name: '出生証明書',
    standard_item_code: 'attach_birth_certificate',
    type: 'OR',
    en: { name: 'Birth certificate' },
  },
  {
    id: 2,
    procedure_id: 2,
    name: '振込先口座の通帳またはキャッシュカードの写真',
    en: { name: 'Photo of the bankbook or cash card of the payment account' },
    standard_item_code: 'attach_bankbook',
    type: 'PH',
  },
  {
    id: 3,
    procedure_id: 2,
    name: '請求者の署名',
    en: { name: "Claimant's signature" },
    standard_item_code: 'attach_claimant_signature',
    type: 'SG',
  },
  {
    id: 4,
    procedure_id: 3,
    name: '健康保険証（資格確認書）の写真',
    en: { name: 'Photo of the health insurance card (eligibility certificate)' },
    standard_item_code: 'attach_health_insurance_card',
    type: 'PH',
  },
];

// --- Reports -------------------------------------------------------------------------------------------

const demoReports: ReportTemplate[] = [
  {
    id: 1,
    procedure_code: 'birth_notification',
    name: '出生届',
    standard_item_codes: [
      'child_last_name',
      'child_first_name',
      'child_last_name_kana',
      'child_first_name_kana',
      'child_sex',
      'child_legitimacy',
      'child_relationship',
      'child_birth_date',
      'child_birth_time',
      'birth_place_type',
      'birth_place_address',
      'child_address',
      'household_head_name',
      'household_head_relationship',
      'father_last_name',
      'father_first_name',
      'father_birth_date',
      'mother_last_name',
      'mother_first_name',
      'mother_birth_date',
      'registered_domicile',
      'registered_domicile_head',
      'notifier_role',
      'applicant_last_name',
      'applicant_first_name',
      'applicant_birth_date',
      'applicant_address',
      'applicant_phone',
    ],
  },
  {
    id: 2,
    procedure_code: 'birth_notification',
    name: '出生証明書 記載事項',
    standard_item_codes: [
      'child_last_name',
      'child_first_name',
      'child_sex',
      'child_birth_date',
      'child_birth_time',
      'birth_place_type',
      'birth_place_address',
      'birth_weight',
      'birth_height',
      'birth_multiplicity',
      'birth_multiple_order',
      'pregnancy_weeks',
      'certifier_type',
      'certifier_name',
    ],
  },
  {
    id: 3,
    procedure_code: 'child_allowance',
    name: '児童手当 認定請求書',
    standard_item_codes: [
      'applicant_last_name',
      'applicant_first_name',
      'applicant_last_name_kana',
      'applicant_first_name_kana',
      'applicant_sex',
      'applicant_birth_date',
      'applicant_address',
      'applicant_phone',
      'applicant_occupation',
      'applicant_employer',
      'applicant_pension_type',
      'spouse_last_name',
      'spouse_first_name',
      'child_last_name',
      'child_first_name',
      'child_birth_date',
      'child_claimant_relationship',
      'child_living_together',
      'child_custody',
    ],
  },
  {
    id: 4,
    procedure_code: 'child_allowance',
    name: '児童手当 口座振込申出書',
    standard_item_codes: [
      'applicant_last_name',
      'applicant_first_name',
      'bank_code',
      'bank_name',
      'branch_code',
      'branch_name',
      'account_type',
      'account_number',
      'account_holder_name',
      'account_holder_kana',
    ],
  },
  {
    id: 5,
    procedure_code: 'child_medical_subsidy',
    name: '子ども医療費 受給資格証交付申請書',
    standard_item_codes: [
      'applicant_last_name',
      'applicant_first_name',
      'applicant_address',
      'applicant_phone',
      'child_last_name',
      'child_first_name',
      'child_last_name_kana',
      'child_first_name_kana',
      'child_sex',
      'child_birth_date',
      'insurance_type',
      'insurance_insurer_number',
      'insurance_symbol',
      'insurance_number',
      'insured_person_name',
    ],
  },
];

// --- Concierge set -------------------------------------------------------------------------------------

/** Concierge ids of the デモ市 set, named so that destinations read as a flow. */
const C = {
  born: 1,
  birthCountry: 2,
  livesInCity: 3,
  civilServant: 4,
  notifierRole: 5,
  applicantName: 6,
  applicantContact: 7,
  childName: 8,
  childSex: 9,
  childBirth: 10,
  birthPlace: 11,
  childAddress: 12,
  multiplicity: 13,
  multipleOrder: 14,
  birthMeasurements: 15,
  certifier: 16,
  father: 17,
  mother: 18,
  domicile: 19,
  pensionType: 20,
  occupation: 21,
  employer: 22,
  spouseExists: 23,
  spouse: 24,
  allowanceChild: 25,
  bankAccount: 26,
  insuranceDone: 27,
  insurance: 28,
} as const;

/** Option ids of the デモ市 set (view rules and prefill forms name them). */
const O = {
  bornYes: 1,
  bornNo: 2,
  bornInJapan: 3,
  bornAbroad: 4,
  livesInCityYes: 5,
  livesInCityNo: 6,
  civilServantYes: 7,
  civilServantNo: 8,
  notifierFather: 9,
  notifierMother: 10,
  notifierOther: 11,
  childMale: 12,
  childFemale: 13,
  single: 14,
  multiple: 15,
  pensionEmployee: 16,
  pensionNational: 17,
  spouseYes: 18,
  spouseNo: 19,
  insuranceDone: 20,
  insurancePending: 21,
} as const;

const YES: Both = ['はい', 'Yes'];
const NO: Both = ['いいえ', 'No'];

const demoConciergeSet: ConciergeSet = {
  id: 1,
  name: '出生・子育てのご案内',
  is_confirmed: true,
  filter_concierge_category: {
    id: 1,
    name: '事前確認',
    title: 'あなたに必要な手続きを確認します',
    en: { name: 'Before you start', title: 'Find out which procedures you need' },
    type: 'FI',
    sequence: 0,
    concierge_sub_category: [
      {
        id: 1,
        breadcrumbs: ['事前確認', '出生について'],
        en: { name: 'About the birth', breadcrumbs: ['Before you start', 'About the birth'] },
        name: '出生について',
        sequence: 0,
        image_type: null,
        view_rules: [],
        concierges: [
          question({
            id: C.born,
            en: { name: 'Whether the child is born', question: 'Has your child been born?' },
            name: '出生の有無',
            question: 'お子さんは生まれましたか？',
            sequence: 0,
            is_first: true,
            is_horizontal: true,
            concierge_procedure_codes: [
              { id: 1, procedure_code: 'birth_notification' },
              { id: 2, procedure_code: 'child_allowance' },
              { id: 3, procedure_code: 'child_medical_subsidy' },
            ],
            concierge_options: [
              option(O.bornYes, YES, 0, { next: C.birthCountry }),
              option(O.bornNo, NO, 1, {
                scopedOut: [
                  '出生に関する手続きは、お子さんが生まれた後に申請できます。妊娠中の方は、こども家庭課へご相談ください。',
                  'You can apply for the birth procedures after your child is born. If you are pregnant, please contact the Children and Families Division.',
                ],
              }),
            ],
          }),
          question({
            id: C.birthCountry,
            en: { name: 'Place of birth', question: 'Where was your child born?' },
            name: '出生地',
            question: 'お子さんはどこで生まれましたか？',
            sequence: 1,
            concierge_options: [
              option(O.bornInJapan, ['日本国内', 'In Japan'], 0, { next: C.livesInCity }),
              option(O.bornAbroad, ['日本国外', 'Outside Japan'], 1, {
                scopedOut: [
                  '日本国外で生まれたお子さんの出生届は、オンラインでは受け付けていません。出生の日から3か月以内に、在外公館またはデモ市役所 市民課の窓口へ届け出てください。',
                  'The birth of a child born outside Japan cannot be notified online. Within 3 months of the birth, notify a Japanese embassy or consulate, or the Citizens Division counter at Demo City Hall.',
                ],
              }),
            ],
          }),
        ],
      },
      {
        id: 2,
        breadcrumbs: ['事前確認', 'お住まいについて'],
        en: { name: 'Where you live', breadcrumbs: ['Before you start', 'Where you live'] },
        name: 'お住まいについて',
        sequence: 1,
        image_type: null,
        view_rules: [whenSelected(O.bornYes)],
        concierges: [
          question({
            id: C.livesInCity,
            en: { name: 'Place of residence', question: 'Do you live in Demo City?' },
            name: '住所地',
            question: 'お住まいはデモ市ですか？',
            sequence: 0,
            is_first: true,
            is_horizontal: true,
            concierge_options: [
              option(O.livesInCityYes, YES, 0, { next: C.civilServant }),
              option(O.livesInCityNo, NO, 1, {
                scopedOut: [
                  'デモ市にお住まいでない方は、お住まいの市区町村で手続きしてください。デモ市へ転入予定の方は、転入の手続きの際に市民課の窓口でご相談ください。',
                  'If you do not live in Demo City, apply to the city, town or village where you live. If you are moving to Demo City, ask at the Citizens Division counter when you register your move.',
                ],
              }),
            ],
          }),
          question({
            id: C.civilServant,
            en: {
              name: 'Public servant',
              question: 'Are you a public servant?',
              remarks: 'Public servants claim the child allowance from their employer.',
            },
            name: '公務員かどうか',
            question: 'あなたは公務員ですか？',
            sequence: 1,
            is_horizontal: true,
            remarks: '公務員の方の児童手当は、勤務先に請求します。',
            concierge_procedure_codes: [{ id: 4, procedure_code: 'child_allowance' }],
            concierge_options: [
              option(O.civilServantYes, YES, 0, 'end'),
              option(O.civilServantNo, NO, 1, 'end'),
            ],
          }),
        ],
      },
    ],
  },
  assistant_concierge_category: [
    {
      id: 2,
      name: '申請内容の入力',
      title: '届出・申請に必要な内容を入力してください',
      en: {
        name: 'Your application details',
        title: 'Enter the details needed for your notification and applications',
      },
      type: 'AS',
      sequence: 1,
      concierge_sub_category: [
        {
          id: 3,
          breadcrumbs: ['申請内容の入力', '申請者'],
          en: { name: 'Applicant', breadcrumbs: ['Your application details', 'Applicant'] },
          name: '申請者',
          sequence: 0,
          image_type: null,
          view_rules: [],
          concierges: [
            question({
              id: C.notifierRole,
              en: {
                name: 'Notifier',
                question:
                  'Who is notifying the birth (the notifier)? Answer as their relationship to the child.',
              },
              name: '届出人の資格',
              question: '出生届を届け出る方（届出人）は、お子さんから見てどなたですか？',
              standard_item_code: ['notifier_role'],
              sequence: 0,
              is_first: true,
              concierge_options: [
                option(O.notifierFather, ['父', 'Father'], 0, { next: C.applicantName }),
                option(O.notifierMother, ['母', 'Mother'], 1, { next: C.applicantName }),
                option(
                  O.notifierOther,
                  [
                    'その他（同居者・医師・助産師など）',
                    'Someone else (a person living with the child, a doctor, a midwife, etc.)',
                  ],
                  2,
                  {
                    scopedOut: [
                      '父母以外の方（同居者、医師、助産師など）が届け出る場合は、市民課の窓口で届け出てください。',
                      'If someone other than the parents (such as a person living with the child, a doctor or a midwife) notifies the birth, please do so at the Citizens Division counter.',
                    ],
                  },
                ),
              ],
            }),
            form({
              id: C.applicantName,
              en: {
                name: "Applicant's name",
                question:
                  'Enter your name (as the notifier or claimant). It has been filled in from your My Number Card.',
              },
              name: '申請者の氏名',
              question:
                'あなた（届出人・請求者）の氏名を入力してください。マイナンバーカードの情報が入力されています。',
              standard_item_code: [
                'applicant_last_name',
                'applicant_first_name',
                'applicant_last_name_kana',
                'applicant_first_name_kana',
              ],
              sequence: 1,
              requires_name_validation: ['applicant_last_name', 'applicant_first_name'],
            }),
            form({
              id: C.applicantContact,
              en: {
                name: "Applicant's address and contact details",
                question:
                  'Enter your date of birth, your address and a phone number where we can reach you during the day.',
              },
              name: '申請者の住所・連絡先',
              question: 'あなたの生年月日、住所と、日中に連絡がとれる電話番号を入力してください。',
              standard_item_code: [
                'applicant_birth_date',
                'applicant_postal_code',
                'applicant_address',
                'applicant_phone',
              ],
              sequence: 2,
            }),
          ],
        },
        {
          id: 4,
          breadcrumbs: ['申請内容の入力', 'お子さん'],
          en: { name: 'Your child', breadcrumbs: ['Your application details', 'Your child'] },
          name: 'お子さん',
          sequence: 1,
          image_type: null,
          view_rules: [],
          concierges: [
            form({
              id: C.childName,
              en: { name: "Child's name", question: "Enter your child's name and its reading in katakana." },
              name: '子の氏名',
              question: 'お子さんの氏名とよみかたを入力してください。',
              standard_item_code: [
                'child_last_name',
                'child_first_name',
                'child_last_name_kana',
                'child_first_name_kana',
              ],
              sequence: 0,
              is_first: true,
              requires_name_validation: ['child_last_name', 'child_first_name'],
            }),
            question({
              id: C.childSex,
              en: { name: "Child's sex", question: "Choose your child's sex." },
              name: '子の性別',
              question: 'お子さんの性別を選んでください。',
              standard_item_code: ['child_sex'],
              sequence: 1,
              is_horizontal: true,
              concierge_options: [
                option(O.childMale, ['男', 'Male'], 0, { next: C.childBirth }),
                option(O.childFemale, ['女', 'Female'], 1, { next: C.childBirth }),
              ],
            }),
            form({
              id: C.childBirth,
              en: {
                name: 'Relationship and time of birth',
                question: "Enter the child's relationship to the parents and the date and time of birth.",
              },
              name: '続き柄・生まれたとき',
              question: '父母との続き柄と、生まれた日時を入力してください。',
              standard_item_code: [
                'child_legitimacy',
                'child_relationship',
                'child_birth_date',
                'child_birth_time',
              ],
              sequence: 2,
            }),
            form({
              id: C.birthPlace,
              en: {
                name: 'Place of birth',
                question: 'Enter the type of place where your child was born and its address.',
              },
              name: '生まれたところ',
              question: 'お子さんが生まれた施設の種別と所在地を入力してください。',
              standard_item_code: ['birth_place_type', 'birth_place_address'],
              sequence: 3,
            }),
            form({
              id: C.childAddress,
              en: {
                name: "Child's address and head of household",
                question:
                  'Enter the address where your child will be registered as a resident, and the head of that household.',
                copyable_label: 'Same address as the notifier',
              },
              name: '子の住所・世帯主',
              question: 'お子さんの住民登録をする住所と、その世帯の世帯主を入力してください。',
              standard_item_code: [
                'child_postal_code',
                'child_address',
                'household_head_name',
                'household_head_relationship',
              ],
              sequence: 4,
              copyable_label: '届出人と同じ住所',
              copyable_standard_item_codes: ['applicant_postal_code', 'applicant_address'],
            }),
          ],
        },
        {
          id: 5,
          breadcrumbs: ['申請内容の入力', '出生証明書'],
          en: { name: 'Birth certificate', breadcrumbs: ['Your application details', 'Birth certificate'] },
          name: '出生証明書',
          sequence: 2,
          image_type: null,
          // Only for a newborn: the birth certificate part is written within days of the birth.
          view_rules: [whenFormula('age(child_birth_date)', 'below', '1')],
          concierges: [
            question({
              id: C.multiplicity,
              en: {
                name: 'Single or multiple birth',
                question: 'Was it a single birth or a multiple birth (twins or more)?',
              },
              name: '単胎・多胎',
              question: '単胎ですか、多胎（双子など）ですか？',
              standard_item_code: ['birth_multiplicity'],
              sequence: 0,
              is_first: true,
              is_horizontal: true,
              concierge_options: [
                option(O.single, ['単胎', 'Single birth'], 0, 'end'), // the measurements question follows for every birth
                option(O.multiple, ['多胎', 'Multiple birth (twins or more)'], 1, { next: C.multipleOrder }),
              ],
            }),
            form({
              id: C.multipleOrder,
              en: {
                name: 'Birth order',
                question: 'In a multiple birth, in what order was this child born?',
              },
              name: '多胎の出生順位',
              question: '多胎の場合、このお子さんは何番目に生まれましたか？',
              standard_item_code: ['birth_multiple_order'],
              sequence: 1,
              view_rules: [whenSelected(O.multiple)],
            }),
            form({
              id: C.birthMeasurements,
              en: {
                name: 'Weight, length and weeks of pregnancy',
                question: 'Enter the weight, length and weeks of pregnancy written on the birth certificate.',
              },
              name: '体重・身長・妊娠週数',
              question: '出生証明書に記載された体重、身長、妊娠週数を入力してください。',
              standard_item_code: ['birth_weight', 'birth_height', 'pregnancy_weeks'],
              sequence: 2,
            }),
            form({
              id: C.certifier,
              en: {
                name: 'Certifier',
                question: 'Enter the doctor or midwife who wrote the birth certificate.',
              },
              name: '証明者',
              question: '出生証明書を作成した医師または助産師を入力してください。',
              standard_item_code: ['certifier_type', 'certifier_name'],
              sequence: 3,
            }),
          ],
        },
        {
          id: 6,
          breadcrumbs: ['申請内容の入力', '父母・本籍'],
          en: {
            name: 'Parents and registered domicile',
            breadcrumbs: ['Your application details', 'Parents and registered domicile'],
          },
          name: '父母・本籍',
          sequence: 3,
          image_type: null,
          view_rules: [],
          concierges: [
            form({
              id: C.father,
              en: {
                name: "Father's name and date of birth",
                question: "Enter the name and date of birth of the child's father.",
                copyable_label: 'Same as the notifier',
              },
              name: '父の氏名・生年月日',
              question: 'お子さんの父の氏名と生年月日を入力してください。',
              standard_item_code: ['father_last_name', 'father_first_name', 'father_birth_date'],
              sequence: 0,
              is_first: true,
              copyable_label: '届出人と同じ内容',
              copyable_standard_item_codes: [
                'applicant_last_name',
                'applicant_first_name',
                'applicant_birth_date',
              ],
              requires_name_validation: ['father_last_name', 'father_first_name'],
            }),
            form({
              id: C.mother,
              en: {
                name: "Mother's name and date of birth",
                question: "Enter the name and date of birth of the child's mother.",
                copyable_label: 'Same as the notifier',
              },
              name: '母の氏名・生年月日',
              question: 'お子さんの母の氏名と生年月日を入力してください。',
              standard_item_code: ['mother_last_name', 'mother_first_name', 'mother_birth_date'],
              sequence: 1,
              copyable_label: '届出人と同じ内容',
              copyable_standard_item_codes: [
                'applicant_last_name',
                'applicant_first_name',
                'applicant_birth_date',
              ],
              requires_name_validation: ['mother_last_name', 'mother_first_name'],
            }),
            form({
              id: C.domicile,
              en: {
                name: 'Registered domicile',
                question:
                  "Enter the parents' registered domicile and the name of the head of the family register.",
              },
              name: '本籍',
              question: '父母の本籍と、戸籍の筆頭者の氏名を入力してください。',
              standard_item_code: ['registered_domicile', 'registered_domicile_head'],
              sequence: 2,
            }),
          ],
        },
        {
          id: 7,
          breadcrumbs: ['申請内容の入力', '児童手当'],
          en: { name: 'Child allowance', breadcrumbs: ['Your application details', 'Child allowance'] },
          name: '児童手当',
          sequence: 4,
          image_type: null,
          view_rules: [whenSelected(O.civilServantNo)],
          concierges: [
            question({
              id: C.pensionType,
              en: { name: 'Your pension scheme', question: 'Choose the pension scheme you belong to.' },
              name: '加入している年金',
              question: 'あなたが加入している年金を選んでください。',
              standard_item_code: ['applicant_pension_type'],
              sequence: 0,
              is_first: true,
              concierge_options: [
                option(O.pensionEmployee, ['厚生年金', "Employees' Pension Insurance"], 0, {
                  next: C.occupation,
                }),
                option(O.pensionNational, ['国民年金', 'National Pension'], 1, { next: C.occupation }),
              ],
            }),
            form({
              id: C.occupation,
              en: { name: 'Occupation', question: 'Enter your occupation.' },
              name: '職業',
              question: 'あなたの職業を入力してください。',
              standard_item_code: ['applicant_occupation'],
              sequence: 1,
            }),
            form({
              id: C.employer,
              en: { name: 'Employer', question: 'Enter the name of your employer.' },
              name: '勤務先',
              question: 'あなたの勤務先の名称を入力してください。',
              standard_item_code: ['applicant_employer'],
              sequence: 2,
              view_rules: [whenFormula('applicant_pension_type', 'equal', 'employee')],
            }),
            question({
              id: C.spouseExists,
              en: {
                name: 'Spouse or partner',
                question: 'Do you have a spouse or partner?',
                remarks:
                  'This includes a partner you live with as a married couple without having registered the marriage.',
              },
              name: '配偶者の有無',
              question: '配偶者はいますか？',
              standard_item_code: ['spouse_exists'],
              sequence: 3,
              is_horizontal: true,
              remarks: '婚姻の届出をしていない事実上の配偶者を含みます。',
              concierge_options: [
                option(O.spouseYes, YES, 0, { next: C.spouse }),
                option(O.spouseNo, NO, 1, 'end'), // the child question follows either way
              ],
            }),
            form({
              id: C.spouse,
              en: { name: "Spouse's name", question: "Enter your spouse's or partner's name." },
              name: '配偶者の氏名',
              question: '配偶者の氏名を入力してください。',
              standard_item_code: ['spouse_last_name', 'spouse_first_name'],
              sequence: 4,
              view_rules: [whenSelected(O.spouseYes)],
            }),
            form({
              id: C.allowanceChild,
              en: {
                name: 'Your child',
                question: 'Enter your relationship to your child and whether you live together.',
              },
              name: '対象のお子さん',
              question: 'お子さんとの続き柄と、一緒に暮らしているかを入力してください。',
              standard_item_code: ['child_claimant_relationship', 'child_living_together', 'child_custody'],
              sequence: 5,
            }),
          ],
        },
        {
          id: 8,
          breadcrumbs: ['申請内容の入力', '振込先口座'],
          en: { name: 'Payment account', breadcrumbs: ['Your application details', 'Payment account'] },
          name: '振込先口座',
          sequence: 5,
          image_type: null,
          view_rules: [whenSelected(O.civilServantNo)],
          concierges: [
            form({
              id: C.bankAccount,
              en: {
                name: 'Payment account',
                question: 'Enter the bank account the child allowance should be paid into.',
                remarks:
                  "The account must be in the claimant's own name. For Japan Post Bank, enter the branch name and account number used for transfers from other banks.",
              },
              name: '振込先口座',
              question: '児童手当の振込先口座を入力してください。',
              standard_item_code: [
                'bank_code',
                'bank_name',
                'branch_code',
                'branch_name',
                'account_type',
                'account_number',
                'account_holder_name',
                'account_holder_kana',
              ],
              sequence: 0,
              is_first: true,
              remarks:
                '請求者本人名義の口座に限ります。ゆうちょ銀行は振込用の店名・口座番号を入力してください。',
            }),
          ],
        },
        {
          id: 9,
          breadcrumbs: ['申請内容の入力', '子ども医療費助成'],
          en: {
            name: 'Child medical expense subsidy',
            breadcrumbs: ['Your application details', 'Child medical expense subsidy'],
          },
          name: '子ども医療費助成',
          sequence: 6,
          image_type: null,
          view_rules: [whenFormula('age(child_birth_date)', 'below', '15')],
          concierges: [
            question({
              id: C.insuranceDone,
              en: {
                name: 'Health insurance enrolment',
                question: 'Has your child been enrolled in health insurance?',
                remarks:
                  'If enrolment is still in progress, apply for the child medical expense subsidy after the eligibility certificate (insurance card) arrives.',
              },
              name: '健康保険の加入',
              question: 'お子さんの健康保険の加入手続きは済んでいますか？',
              sequence: 0,
              is_first: true,
              is_horizontal: true,
              remarks:
                '加入手続き中の方は、資格確認書（保険証）が届いてから子ども医療費助成を申請してください。',
              concierge_options: [
                option(O.insuranceDone, YES, 0, { next: C.insurance }),
                option(O.insurancePending, ['いいえ（手続き中）', 'No (enrolment in progress)'], 1, 'end'),
              ],
            }),
            form({
              id: C.insurance,
              en: {
                name: 'Health insurance details',
                question:
                  "Enter the details written on your child's eligibility certificate (insurance card).",
              },
              name: '健康保険の内容',
              question: 'お子さんの資格確認書（保険証）に記載された内容を入力してください。',
              standard_item_code: [
                'insurance_type',
                'insurance_insurer_number',
                'insurance_symbol',
                'insurance_number',
                'insured_person_name',
              ],
              sequence: 1,
              view_rules: [whenSelected(O.insuranceDone)],
            }),
          ],
        },
      ],
    },
  ],
  concierge_rule: {
    form_rule: {
      copy_forms: [
        { source: 'applicant_postal_code', target: 'child_postal_code' },
        { source: 'applicant_address', target: 'child_address' },
        // A parent's block copies the notifier only when the notifier is that parent.
        ...(['father', 'mother'] as const).flatMap((role) =>
          (['last_name', 'first_name', 'birth_date'] as const).map((part) => ({
            source: `applicant_${part}`,
            target: `${role}_${part}`,
            conditions: [[{ source: 'notifier_role', symbol: 'equal' as const, expected: role }]],
          })),
        ),
      ],
      hidden_rules: [
        hideWhen('spouse_last_name', 'spouse_exists', 'equal', 'no'),
        hideWhen('spouse_first_name', 'spouse_exists', 'equal', 'no'),
        hideWhen('birth_multiple_order', 'birth_multiplicity', 'equal', 'single'),
        hideWhen('applicant_employer', 'applicant_pension_type', 'equal', 'national'),
        hideWhen('insurance_insurer_number', 'insurance_type', 'equal', 'pending'),
        hideWhen('insurance_symbol', 'insurance_type', 'equal', 'pending'),
        hideWhen('insurance_number', 'insurance_type', 'equal', 'pending'),
        hideWhen('insured_person_name', 'insurance_type', 'equal', 'pending'),
      ],
      prefill_rules: demoPrefillRules,
      // Twins and several children: the child's block is asked once per child (decision 0013).
      repeatable_groups: [
        {
          code: 'child',
          name: '子',
          en: { name: 'child' },
          standard_item_codes: [
            'child_last_name',
            'child_first_name',
            'child_last_name_kana',
            'child_first_name_kana',
            'child_sex',
            'child_legitimacy',
            'child_relationship',
            'child_birth_date',
            'child_birth_time',
            'birth_weight',
            'birth_height',
            'birth_multiple_order',
            'child_claimant_relationship',
            'child_living_together',
            'child_custody',
          ],
          min: 1,
          max: 5,
          min_rules: [
            {
              min: 2,
              conditions: [[{ source: 'birth_multiplicity', symbol: 'equal', expected: 'multiple' }]],
            },
          ],
        },
      ],
    },
    prefill_form_rule: {
      prefill_forms: [
        { source: String(O.civilServantYes), target: 'applicant_pension_type', expected: 'mutual_aid' },
        { source: String(O.notifierFather), target: 'notifier_role', expected: 'father' },
        { source: String(O.notifierMother), target: 'notifier_role', expected: 'mother' },
        { source: String(O.childMale), target: 'child_sex', expected: 'male' },
        { source: String(O.childFemale), target: 'child_sex', expected: 'female' },
        { source: String(O.single), target: 'birth_multiplicity', expected: 'single' },
        { source: String(O.multiple), target: 'birth_multiplicity', expected: 'multiple' },
        { source: String(O.pensionEmployee), target: 'applicant_pension_type', expected: 'employee' },
        { source: String(O.pensionNational), target: 'applicant_pension_type', expected: 'national' },
        { source: String(O.spouseYes), target: 'spouse_exists', expected: 'yes' },
        { source: String(O.spouseNo), target: 'spouse_exists', expected: 'no' },
        { source: String(O.insurancePending), target: 'insurance_type', expected: 'pending' },
      ],
    },
    procedure_rule: {
      hidden_rules: [
        // Civil servants claim the child allowance from their employer.
        hideWhen('child_allowance', 'applicant_pension_type', 'equal', 'mutual_aid'),
        // The medical subsidy needs the child's health insurance first.
        hideWhen('child_medical_subsidy', 'insurance_type', 'equal', 'pending'),
      ],
    },
  },
};

// --- Procedure group -----------------------------------------------------------------------------------

const birthAndChildcareGroup: ProcedureGroupConfiguration = {
  id: 1,
  name: '出生・子育て',
  sequence: 0,
  icon_type: 'BI',
  description: '赤ちゃんが生まれたときの届出と、子育てに関する手当・助成の申請ができます。',
  en: {
    name: 'Birth and childcare',
    description: 'Notify the birth of your baby and apply for childcare allowances and subsidies.',
  },
  disclosure: {
    id: 1,
    procedure_group_id: 1,
    identifications: { jpki: true, basic_four_information: true },
    use_basic_four_information: true,
    use_mynaportal: true,
    start_date: '2024-04-01',
    end_date: '2099-12-31',
    is_publish: true,
    procedures: demoProcedures,
    procedure_attaches: demoAttaches,
  },
  concierge_set: demoConciergeSet,
  standard_items: itemsUsedBy(demoProcedures),
  workflow_templates: demoWorkflowTemplates,
  reports: demoReports,
};

// --- Staff ---------------------------------------------------------------------------------------------

const demoStaff: DemoStaff[] = [
  {
    email: 'admin.shimin@demo.example.jp',
    last_name: '佐藤',
    first_name: '健一',
    last_name_kana: 'サトウ',
    first_name_kana: 'ケンイチ',
    permission: 'administrator',
    department_codes: ['shimin'],
  },
  {
    email: 'clerk.shimin@demo.example.jp',
    last_name: '鈴木',
    first_name: '美咲',
    last_name_kana: 'スズキ',
    first_name_kana: 'ミサキ',
    permission: 'clerk',
    department_codes: ['shimin'],
  },
  {
    email: 'viewer.shimin@demo.example.jp',
    last_name: '高橋',
    first_name: '大輔',
    last_name_kana: 'タカハシ',
    first_name_kana: 'ダイスケ',
    permission: 'viewer',
    department_codes: ['shimin'],
  },
  {
    email: 'admin.kodomo@demo.example.jp',
    last_name: '田中',
    first_name: '由美',
    last_name_kana: 'タナカ',
    first_name_kana: 'ユミ',
    permission: 'administrator',
    department_codes: ['kodomo'],
  },
  {
    email: 'clerk.kodomo@demo.example.jp',
    last_name: '伊藤',
    first_name: '翔太',
    last_name_kana: 'イトウ',
    first_name_kana: 'ショウタ',
    permission: 'clerk',
    department_codes: ['kodomo'],
  },
  {
    email: 'viewer.kodomo@demo.example.jp',
    last_name: '渡辺',
    first_name: '恵子',
    last_name_kana: 'ワタナベ',
    first_name_kana: 'ケイコ',
    permission: 'viewer',
    department_codes: ['kodomo'],
  },
];

// --- Municipality --------------------------------------------------------------------------------------

const demoCity: DemoMunicipality = {
  code: '999999',
  name: 'デモ市',
  name_en: 'Demo City',
  departments: [
    { code: 'shimin', name: '市民課' },
    { code: 'kodomo', name: 'こども家庭課' },
  ],
  terms: [
    {
      device: 'browser',
      title: 'デモ市オンライン申請 利用規約',
      body:
        'この規約は、デモ市が提供するオンライン申請サービス（以下「本サービス」）の利用について定めるものです。' +
        '本サービスで行った申請は、窓口で行った申請と同様に取り扱います。' +
        '申請には、マイナンバーカードによる本人確認が必要です。' +
        '入力された個人情報は、申請の審査及び関係法令に基づく事務に限って利用し、適切に管理します。' +
        'システムの保守等のため、事前の予告なく本サービスを停止することがあります。',
      updated_at: '2024-04-01',
    },
    {
      device: 'tablet',
      title: 'デモ市オンライン申請 利用規約（窓口タブレット用）',
      body:
        'この端末は、デモ市役所の窓口で申請内容を入力するためのものです。' +
        '入力が終わったら、必ず画面の「終了」を押して入力内容を消去してください。' +
        '入力された個人情報は、申請の審査及び関係法令に基づく事務に限って利用します。' +
        'ご不明な点は、窓口の職員にお尋ねください。',
      updated_at: '2024-04-01',
    },
  ],
  procedure_groups: [birthAndChildcareGroup],
  staff: demoStaff,
};

// =========================================================================================================
// サンプル町 (999998): procedure group 妊娠・出産, ids 1001–1999 (exists to prove tenant isolation)
// =========================================================================================================

const pregnancyNotification: Procedure = {
  id: 1001,
  code: 'pregnancy_notification',
  en: {
    name: 'Pregnancy notification',
    remarks:
      'After the notification, you will receive a Maternal and Child Health Handbook and vouchers for prenatal check-ups.',
    check_messages: [
      'I confirm that a medical institution has confirmed my pregnancy.',
      'I understand that I need an interview at the Health Promotion Division counter to receive the Maternal and Child Health Handbook.',
    ],
  },
  name: '妊娠届',
  sequence: 0,
  remarks: '届出の後、母子健康手帳と妊婦健康診査受診票をお渡しします。',
  is_confirmed: true,
  printed_copies: 1,
  check_messages: [
    '医療機関で妊娠の診断を受けたことを確認しました。',
    '母子健康手帳の受け取りには、健康づくり課の窓口での面談が必要なことを確認しました。',
  ],
  procedural_rules: [],
  workflow_template_id: 1001,
  is_signature_digital_certificate: false,
  department_code: 'kenko',
  processing_days: 7,
  // fragment ids 1001–1099
  procedure_fragments: fragments(1001, [
    [
      ['妊婦', 'Expectant mother'],
      [
        'applicant_last_name',
        'applicant_first_name',
        'applicant_last_name_kana',
        'applicant_first_name_kana',
        'applicant_birth_date',
        'applicant_postal_code',
        'applicant_address',
        'applicant_phone',
      ],
    ],
    [
      ['妊娠の状況', 'About the pregnancy'],
      [
        'pregnancy_expected_delivery_date',
        'pregnancy_weeks_at_notification',
        'pregnancy_diagnosis_institution',
        'pregnancy_fetus_count',
        'pregnancy_first_birth',
      ],
    ],
  ]),
};

const sampleProcedures = [pregnancyNotification];

const sampleConciergeSet: ConciergeSet = {
  id: 1001,
  name: '妊娠・出産のご案内',
  is_confirmed: true,
  filter_concierge_category: {
    id: 1001,
    name: '事前確認',
    title: '妊娠届の前に確認します',
    en: { name: 'Before you start', title: 'Check before you notify your pregnancy' },
    type: 'FI',
    sequence: 0,
    concierge_sub_category: [
      {
        id: 1001,
        breadcrumbs: ['事前確認', '妊娠について'],
        en: { name: 'About the pregnancy', breadcrumbs: ['Before you start', 'About the pregnancy'] },
        name: '妊娠について',
        sequence: 0,
        image_type: null,
        view_rules: [],
        concierges: [
          question({
            id: 1001,
            en: {
              name: 'Pregnancy diagnosis',
              question: 'Has a medical institution confirmed your pregnancy?',
            },
            name: '妊娠の診断',
            question: '医療機関で妊娠の診断を受けましたか？',
            sequence: 0,
            is_first: true,
            is_horizontal: true,
            concierge_procedure_codes: [{ id: 1001, procedure_code: 'pregnancy_notification' }],
            concierge_options: [
              option(1001, YES, 0, 'end'),
              option(1002, NO, 1, {
                scopedOut: [
                  '妊娠届は、医療機関で妊娠の診断を受けた後に提出してください。',
                  'Submit the pregnancy notification after a medical institution has confirmed your pregnancy.',
                ],
              }),
            ],
          }),
        ],
      },
    ],
  },
  assistant_concierge_category: [
    {
      id: 1002,
      name: '申請内容の入力',
      title: '妊娠届に必要な内容を入力してください',
      en: {
        name: 'Your application details',
        title: 'Enter the details needed for the pregnancy notification',
      },
      type: 'AS',
      sequence: 1,
      concierge_sub_category: [
        {
          id: 1002,
          breadcrumbs: ['申請内容の入力', '妊娠の状況'],
          en: {
            name: 'About the pregnancy',
            breadcrumbs: ['Your application details', 'About the pregnancy'],
          },
          name: '妊娠の状況',
          sequence: 0,
          image_type: null,
          view_rules: [],
          concierges: [
            form({
              id: 1002,
              en: {
                name: 'About the pregnancy',
                question:
                  'Enter your due date, the medical institution that confirmed the pregnancy and the other details.',
              },
              name: '妊娠の状況',
              question: '出産予定日と、診断を受けた医療機関などを入力してください。',
              standard_item_code: [
                'pregnancy_expected_delivery_date',
                'pregnancy_weeks_at_notification',
                'pregnancy_diagnosis_institution',
                'pregnancy_fetus_count',
                'pregnancy_first_birth',
              ],
              sequence: 0,
              is_first: true,
            }),
            form({
              id: 1003,
              en: {
                name: 'Contact details',
                question: 'Check the phone number where we can reach you during the day.',
              },
              name: '連絡先',
              question: '日中に連絡がとれる電話番号を確認してください。',
              standard_item_code: ['applicant_phone'],
              sequence: 1,
            }),
          ],
        },
      ],
    },
  ],
  concierge_rule: {
    form_rule: {
      copy_forms: [],
      hidden_rules: [],
      // The pregnancy notification does not ask for the applicant's sex.
      prefill_rules: profilePrefillRules.filter((r) => r.target !== 'applicant_sex'),
    },
    prefill_form_rule: { prefill_forms: [] },
    procedure_rule: { hidden_rules: [] },
  },
};

const pregnancyGroup: ProcedureGroupConfiguration = {
  id: 1001,
  name: '妊娠・出産',
  sequence: 0,
  icon_type: 'PR',
  description: '妊娠したときの届出ができます。',
  en: { name: 'Pregnancy and childbirth', description: 'Notify your pregnancy.' },
  disclosure: {
    id: 1001,
    procedure_group_id: 1001,
    identifications: { jpki: true, basic_four_information: false },
    use_basic_four_information: false,
    use_mynaportal: false,
    start_date: '2024-04-01',
    end_date: '2099-12-31',
    is_publish: true,
    procedures: sampleProcedures,
    procedure_attaches: [],
  },
  concierge_set: sampleConciergeSet,
  standard_items: itemsUsedBy(sampleProcedures),
  workflow_templates: [
    {
      id: 1001,
      name: '健康づくり課 妊娠届',
      steps: [
        { sequence: 1, name: '受付', department_code: 'kenko' },
        { sequence: 2, name: '面談・母子健康手帳交付', department_code: 'kenko' },
      ],
    },
  ],
  reports: [
    {
      id: 1001,
      procedure_code: 'pregnancy_notification',
      name: '妊娠届出書',
      standard_item_codes: [
        'applicant_last_name',
        'applicant_first_name',
        'applicant_last_name_kana',
        'applicant_first_name_kana',
        'applicant_birth_date',
        'applicant_address',
        'applicant_phone',
        'pregnancy_expected_delivery_date',
        'pregnancy_weeks_at_notification',
        'pregnancy_diagnosis_institution',
        'pregnancy_fetus_count',
        'pregnancy_first_birth',
      ],
    },
  ],
};

const sampleTown: DemoMunicipality = {
  code: '999998',
  name: 'サンプル町',
  name_en: 'Sample Town',
  departments: [{ code: 'kenko', name: '健康づくり課' }],
  terms: [
    {
      device: 'browser',
      title: 'サンプル町オンライン申請 利用規約',
      body:
        'この規約は、サンプル町が提供するオンライン申請サービスの利用について定めるものです。' +
        '申請には、マイナンバーカードによる本人確認が必要です。' +
        '入力された個人情報は、申請の審査及び関係法令に基づく事務に限って利用します。',
      updated_at: '2024-04-01',
    },
    {
      device: 'tablet',
      title: 'サンプル町オンライン申請 利用規約（窓口タブレット用）',
      body:
        'この端末は、サンプル町役場の窓口で申請内容を入力するためのものです。' +
        '入力が終わったら、必ず画面の「終了」を押して入力内容を消去してください。' +
        'ご不明な点は、窓口の職員にお尋ねください。',
      updated_at: '2024-04-01',
    },
  ],
  procedure_groups: [pregnancyGroup],
  staff: [
    {
      email: 'admin.kenko@sample.example.jp',
      last_name: '山本',
      first_name: '誠',
      last_name_kana: 'ヤマモト',
      first_name_kana: 'マコト',
      permission: 'administrator',
      department_codes: ['kenko'],
    },
  ],
};

// =========================================================================================================
// Residents of the identity stand-in, and the master-tool operator
// =========================================================================================================

const demoCityAddress = 'デモ県デモ市中央一丁目2番3号';

const residents: DemoResident[] = [
  // A parent couple sharing an address, and their child (under 15: no signing certificate).
  {
    subject: 'demo-resident-0001',
    municipality_code: '999999',
    last_name: '山田',
    first_name: '太郎',
    last_name_kana: 'ヤマダ',
    first_name_kana: 'タロウ',
    birth_date: '1988-04-15',
    sex: 'male',
    postal_code: '9999901',
    address: demoCityAddress,
    phone: '09012340001',
    pin: '1234',
    household: { id: 'demo-household-yamada', relationship_to_head: '世帯主' },
    registered_domicile: { address: 'デモ県デモ市中央一丁目2番地', head: '山田\u3000太郎' },
    public_funds_account: {
      bank_code: '9901',
      bank_name: 'デモ銀行',
      branch_code: '001',
      branch_name: '本店',
      account_type: 'ordinary',
      account_number: '1234567',
      account_holder_name: '山田\u3000太郎',
      account_holder_kana: 'ヤマダ\u3000タロウ',
    },
  },
  {
    subject: 'demo-resident-0002',
    municipality_code: '999999',
    last_name: '山田',
    first_name: '花子',
    last_name_kana: 'ヤマダ',
    first_name_kana: 'ハナコ',
    birth_date: '1991-09-03',
    sex: 'female',
    postal_code: '9999901',
    address: demoCityAddress,
    phone: '09012340002',
    pin: '2345',
    household: { id: 'demo-household-yamada', relationship_to_head: '妻' },
    registered_domicile: { address: 'デモ県デモ市中央一丁目2番地', head: '山田\u3000太郎' },
  },
  {
    subject: 'demo-resident-0003',
    municipality_code: '999999',
    last_name: '山田',
    first_name: '陽菜',
    last_name_kana: 'ヤマダ',
    first_name_kana: 'ヒナ',
    birth_date: '2016-07-20',
    sex: 'female',
    postal_code: '9999901',
    address: demoCityAddress,
    phone: '09012340002',
    pin: '3456',
    household: { id: 'demo-household-yamada', relationship_to_head: '子' },
    registered_domicile: { address: 'デモ県デモ市中央一丁目2番地', head: '山田\u3000太郎' },
  },
  // Rare kanji for the person-name check: 髙 and 𠮷 are not in JIS X 0208 (𠮷 is also outside the BMP).
  {
    subject: 'demo-resident-0004',
    municipality_code: '999999',
    last_name: '髙橋',
    first_name: '誠一',
    last_name_kana: 'タカハシ',
    first_name_kana: 'セイイチ',
    birth_date: '1975-11-30',
    sex: 'male',
    postal_code: '9999902',
    address: 'デモ県デモ市本町三丁目4番5号 デモハイツ201',
    phone: '08012340004',
    pin: '4567',
  },
  {
    subject: 'demo-resident-0005',
    municipality_code: '999999',
    last_name: '𠮷田',
    first_name: 'さくら',
    last_name_kana: 'ヨシダ',
    first_name_kana: 'サクラ',
    birth_date: '1996-02-14',
    sex: 'female',
    postal_code: '9999903',
    address: 'デモ県デモ市緑が丘二丁目8番1号',
    phone: '08012340005',
    pin: '5678',
  },
  {
    subject: 'demo-resident-0006',
    municipality_code: '999999',
    last_name: '中村',
    first_name: '翔',
    last_name_kana: 'ナカムラ',
    first_name_kana: 'ショウ',
    birth_date: '1993-12-01',
    sex: 'male',
    postal_code: '9999904',
    address: 'デモ県デモ市港町五丁目10番2号',
    phone: '07012340006',
    pin: '6789',
  },
  // A resident of サンプル町 (tenant isolation).
  {
    subject: 'demo-resident-0007',
    municipality_code: '999998',
    last_name: '佐々木',
    first_name: '真由美',
    last_name_kana: 'ササキ',
    first_name_kana: 'マユミ',
    birth_date: '1994-06-25',
    sex: 'female',
    postal_code: '9999801',
    address: 'デモ県サンプル郡サンプル町大字本郷123番地',
    phone: '09012340007',
    pin: '7890',
  },
];

const operators: DemoOperator[] = [{ login_id: 'operator', name: '運用担当' }];

// =========================================================================================================

export const demoData: DemoData = {
  standard_items: standardItems,
  municipalities: [demoCity, sampleTown],
  residents,
  operators,
};
