// The shell's texts in Japanese (first) and English. `{name}` marks a value filled in by format().

export const languages = ['ja', 'en'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'ja';

/** Each language's name in its own language, as the language switch shows it. */
export const languageNames: Record<Language, string> = { ja: '日本語', en: 'English' };

const ja = {
  'app.name': 'オンライン申請ポータル',
  'audience.applicant': '申請者',
  'audience.municipality': '自治体職員',
  'audience.mastertool': 'マスターツール',
  skipLink: '本文へスキップ',
  'language.label': '表示言語',
  'document.title': '{page} | {app}（{audience}）',
  'applicant.heading': 'オンライン申請',
  'applicant.headingWithName': '{municipality}のオンライン申請',
  'applicant.description':
    'この自治体でオンライン申請できる手続の一覧です。手続を選んで申請を始める画面は、今後ここに追加されます。',
  'applicant.municipalityCode': '自治体コード: {code}',
  'applicant.loading': '自治体の情報を読み込んでいます…',
  'applicant.proceduresHeading': '申請できる手続',
  'applicant.noProcedures': '現在、オンラインで申請できる手続はありません。',
  'applicant.maintenanceHeading': 'メンテナンスのお知らせ',
  'applicant.loadError': '自治体の情報を読み込めませんでした。時間をおいてから、もう一度お試しください。',
  'applicant.errorDetail': '詳細: {detail}',
  'applicant.retry': 'もう一度読み込む',
  'municipality.heading': '自治体職員向け管理画面',
  'municipality.description':
    '申請書類、職員アカウント、レポート、データ出力を管理する画面が、今後ここに追加されます。',
  'mastertool.heading': 'マスターツール',
  'mastertool.description':
    '手続の設定を作成し、ステージング環境と本番環境へ公開する画面が、今後ここに追加されます。',
  'notFound.heading': 'ページが見つかりません',
  'notFound.description': 'お探しのページは見つかりませんでした。アドレスをご確認ください。',
  'notFound.path': 'パス: {path}',
  'notFound.home': 'トップページへ戻る',
  'footer.note': 'このポータルは開発中です。',
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof ja;

const en: Record<MessageKey, string> = {
  'app.name': 'Online Application Portal',
  'audience.applicant': 'Applicants',
  'audience.municipality': 'Municipality staff',
  'audience.mastertool': 'Master tool',
  skipLink: 'Skip to main content',
  'language.label': 'Language',
  'document.title': '{page} | {app} ({audience})',
  'applicant.heading': 'Online applications',
  'applicant.headingWithName': 'Online applications: {municipality}',
  'applicant.description':
    'These are the procedures you can apply for online in this municipality. The screens for starting an application will be added here.',
  'applicant.municipalityCode': 'Municipality code: {code}',
  'applicant.loading': 'Loading the municipality information…',
  'applicant.proceduresHeading': 'Procedures you can apply for',
  'applicant.noProcedures': 'No procedures are open for online application at the moment.',
  'applicant.maintenanceHeading': 'Maintenance notice',
  'applicant.loadError': 'The municipality information could not be loaded. Please try again later.',
  'applicant.errorDetail': 'Details: {detail}',
  'applicant.retry': 'Try again',
  'municipality.heading': 'Staff area',
  'municipality.description':
    'The screens for managing application documents, staff accounts, reports and exports will be added here.',
  'mastertool.heading': 'Master tool',
  'mastertool.description':
    'The screens for preparing procedure configuration and publishing it to staging and production will be added here.',
  'notFound.heading': 'Page not found',
  'notFound.description': 'The page you are looking for could not be found. Please check the address.',
  'notFound.path': 'Path: {path}',
  'notFound.home': 'Back to the top page',
  'footer.note': 'This portal is under development.',
};

export const dictionaries: Record<Language, Record<MessageKey, string>> = { ja, en };

/** Fills `{name}` placeholders; a placeholder without a value stays as written. */
export function format(template: string, values: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}

/** The placeholder names of a template, sorted, for checks that both languages fill the same ones. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();
}

export function translate(language: Language, key: MessageKey, values?: Record<string, string>): string {
  return format(dictionaries[language][key], values);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Where the chosen language is remembered. */
export const LANGUAGE_STORAGE_KEY = 'portal.language';

/** The remembered language, or the default; storage may be missing or refuse access (private modes). */
export function readLanguage(storage: Pick<Storage, 'getItem'> | undefined): Language {
  try {
    const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function rememberLanguage(storage: Pick<Storage, 'setItem'> | undefined, language: Language): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered; the switch still works for this page.
  }
}
