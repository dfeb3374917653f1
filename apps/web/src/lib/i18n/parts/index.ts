// A part of the texts: one top-level key, Japanese bundled, English loaded when chosen.
export interface MessagePart<T extends object = object> {
  ja: T;
  en: () => Promise<T>;
}

/**
 * A part whose Japanese loads when needed too (lib/i18n `loadLazyParts`): the applicant's public pages do
 * not carry it; the screens that need it wait for it (lib/router/lazy.ts).
 */
export interface LazyMessagePart<T extends object = object> {
  ja: () => Promise<T>;
  en: () => Promise<T>;
}
