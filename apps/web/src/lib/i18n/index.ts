// i18next set up once per page: Japanese first, English switchable and remembered in localStorage.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { withChunkReload } from '../errors/chunk-reload';
import { ja, type BaseMessages, type Messages } from './ja';
import type { MessagePart } from './parts';

export const languages = ['ja', 'en'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'ja';

/** Japanese is bundled with the entry; other languages load when chosen. */
const loaders: Record<Exclude<Language, 'ja'>, () => Promise<BaseMessages>> = {
  en: withChunkReload(() => import('./en').then((m) => m.en)),
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Where the chosen language is remembered. */
export const LANGUAGE_STORAGE_KEY = 'portal.language';

/** The remembered language, or Japanese; storage may be missing or refuse access (private modes). */
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
    // Not remembered; the switch still works on this page.
  }
}

/** localStorage, unless the browser refuses access to it (some private modes throw on access). */
export function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The message parts each instance was made with (the build target's own texts). */
const instanceParts = new WeakMap<i18n, readonly MessagePart[]>();

/**
 * A ready i18next instance in Japanese (bundled, so initialisation is synchronous). `parts` are the texts
 * only one build target needs (staff, master tool), kept out of the other targets' bundles.
 */
export function createI18n(language: 'ja' = 'ja', parts: readonly MessagePart[] = []): i18n {
  const instance = i18next.createInstance();
  instanceParts.set(instance, parts);
  const translation = Object.assign({}, ja, ...parts.map((part) => part.ja)) as Messages;
  void instance.use(initReactI18next).init({
    resources: { ja: { translation } },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: languages,
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}

/** Loads a language's texts (once) and switches i18next to it. */
export async function loadLanguage(instance: i18n, language: Language): Promise<void> {
  if (language !== 'ja' && !instance.hasResourceBundle(language, 'translation')) {
    const parts = instanceParts.get(instance) ?? [];
    const [base, ...extra] = await Promise.all([
      loaders[language](),
      ...parts.map((part) => withChunkReload(part[language])()),
    ]);
    instance.addResourceBundle(language, 'translation', Object.assign({}, base, ...extra));
  }
  await instance.changeLanguage(language);
}

/** Switches the language of the page: i18next, `<html lang>` and the remembered choice. */
export async function changeLanguage(instance: i18n, language: Language, storage = browserStorage()) {
  await loadLanguage(instance, language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  rememberLanguage(storage, language);
}

/** Placeholder names of a text (`{{name}}`), sorted: both languages must fill the same ones. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

/** Every text of a message tree by its dotted key. */
export function flatten(tree: object, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else if (value && typeof value === 'object') Object.assign(out, flatten(value as object, path));
  }
  return out;
}

/**
 * Dates as the screens show them: 2099/12/31 in Japanese, 31 Dec 2099 in English. A calendar date
 * (YYYY-MM-DD) is that day wherever the browser is; a moment is shown as its day in Japan.
 */
export function formatDate(iso: string, language: Language): string {
  const calendar = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const date = new Date(calendar ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  const timeZone = calendar ? 'UTC' : 'Asia/Tokyo';
  return language === 'ja'
    ? new Intl.DateTimeFormat('ja-JP', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        timeZone,
      }).format(date)
    : new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'short', day: 'numeric', timeZone }).format(
        date,
      );
}

/** Date and time, in Japan time (where the municipality is). */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'ja' ? 'ja-JP' : 'en-GB', {
    year: 'numeric',
    month: language === 'ja' ? '2-digit' : 'short',
    day: language === 'ja' ? '2-digit' : 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Tokyo',
  }).format(date);
}

export type { Messages };
export type { MessagePart };
