// i18next set up once per page: Japanese first, English switchable and remembered in localStorage.
import { LANGUAGE_COOKIE, LANGUAGE_FROM_FORM_COOKIE } from '@portal/contracts/http-names';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { withChunkReload } from '../errors/chunk-reload';
import { ja, type BaseMessages, type Messages } from './ja';
import type { LazyMessagePart, MessagePart } from './parts';

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

/**
 * The language the visitor chose last: the stored one, unless the switch's plain form chose since (it sets
 * the cookie and a marker before the app runs, decision 0062); then the cookie's, stored from now on.
 */
export function chosenLanguage(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  doc: Pick<Document, 'cookie'> | undefined = globalDocument(),
): Language {
  const cookies = (doc?.cookie ?? '').split(';').map((c) => c.trim());
  const fromForm = cookies.includes(`${LANGUAGE_FROM_FORM_COOKIE}=1`);
  const cookie = cookies.find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`))?.slice(LANGUAGE_COOKIE.length + 1);
  if (!fromForm || !doc) return readLanguage(storage);
  doc.cookie = `${LANGUAGE_FROM_FORM_COOKIE}=; path=/; max-age=0; samesite=lax`;
  if (!isLanguage(cookie)) return readLanguage(storage);
  rememberLanguage(storage, cookie);
  return cookie;
}

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
  languageCookie(language);
}

/**
 * The cookie that tells the server the page's language, so it renders the public pages in it (decision
 * 0060). The browser's storage keeps the choice and the cookie follows it (a year, every path); the
 * switch's plain form sets the cookie alone (decision 0062): see `chosenLanguage`.
 */
export { LANGUAGE_COOKIE };

/** Sets the language cookie (in a browser), unless it already says `language`. */
export function languageCookie(
  language: Language,
  doc: Pick<Document, 'cookie'> | undefined = globalDocument(),
) {
  if (!doc) return;
  const value = `${LANGUAGE_COOKIE}=${language}`;
  if (doc.cookie.split(';').some((c) => c.trim() === value)) return;
  doc.cookie = `${value}; path=/; max-age=31536000; samesite=lax`;
}

const globalDocument = () => (typeof document === 'undefined' ? undefined : document);

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

/** The parts an instance loads when a screen needs them, and their loading once started. */
const instanceLazyParts = new WeakMap<i18n, { parts: readonly LazyMessagePart[]; loaded?: Promise<void> }>();

/** The page's instance with lazy parts (one per page): what `messagesReady` loads into. */
let lazyInstance: i18n | undefined;

/**
 * A ready i18next instance in Japanese (bundled, so initialisation is synchronous). `parts` are the texts
 * only one build target needs (staff, master tool), kept out of the other targets' bundles; `lazyParts`
 * load in both languages when a screen asks for them (`messagesReady`), so the first screen does not
 * carry them.
 */
export function createI18n(
  language: 'ja' = 'ja',
  parts: readonly MessagePart[] = [],
  lazyParts: readonly LazyMessagePart[] = [],
): i18n {
  const instance = i18next.createInstance();
  instanceParts.set(instance, parts);
  if (lazyParts.length > 0) {
    instanceLazyParts.set(instance, { parts: lazyParts });
    lazyInstance = instance;
  }
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

/** The lazy parts' texts of one language, added to its bundle (kept: a part adds keys of its own). */
async function addLazyParts(instance: i18n, parts: readonly LazyMessagePart[], language: Language) {
  const texts = await Promise.all(parts.map((part) => withChunkReload(part[language])()));
  instance.addResourceBundle(language, 'translation', Object.assign({}, ...texts), true, true);
}

/**
 * Loads an instance's lazy parts (once): in Japanese, and in each other language already loaded. A
 * language loaded later brings them itself (`loadLanguage`).
 */
export function loadLazyParts(instance: i18n): Promise<void> {
  const lazy = instanceLazyParts.get(instance);
  if (!lazy) return Promise.resolve();
  lazy.loaded ??= (async () => {
    await addLazyParts(instance, lazy.parts, 'ja');
    const others = languages.filter((l) => l !== 'ja' && instance.hasResourceBundle(l, 'translation'));
    await Promise.all(others.map((l) => addLazyParts(instance, lazy.parts, l)));
  })().catch((error: unknown) => {
    lazy.loaded = undefined; // tried again by the next screen that needs them
    throw error;
  });
  return lazy.loaded;
}

/** Resolves when the page's lazy parts are loaded (at once for a target without any). */
export const messagesReady = (): Promise<void> =>
  lazyInstance ? loadLazyParts(lazyInstance) : Promise.resolve();

/** Loads a language's texts (once) and switches i18next to it. */
export async function loadLanguage(instance: i18n, language: Language): Promise<void> {
  if (language !== 'ja' && !instance.hasResourceBundle(language, 'translation')) {
    const parts = instanceParts.get(instance) ?? [];
    const [base, ...extra] = await Promise.all([
      loaders[language](),
      ...parts.map((part) => withChunkReload(part[language])()),
    ]);
    instance.addResourceBundle(language, 'translation', Object.assign({}, base, ...extra));
    // Lazy parts already asked for come in this language too (one asked for meanwhile checks this bundle).
    const lazy = instanceLazyParts.get(instance);
    if (lazy?.loaded) await addLazyParts(instance, lazy.parts, language);
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
export type { LazyMessagePart, MessagePart };
