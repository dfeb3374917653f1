// A part of the texts: one top-level key, Japanese bundled, English loaded when chosen.
export interface MessagePart<T extends object = object> {
  ja: T;
  en: () => Promise<T>;
}
