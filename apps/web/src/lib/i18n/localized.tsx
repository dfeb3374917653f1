// Configuration texts in the resident's language (decision 0009): the English of a text when the page is
// in English and the configuration has it, else the Japanese, marked lang="ja" where the page is not.
import type { ElementType, ReactNode } from 'react';
import type { Language } from './index';
import { useLanguage } from './useLanguage';

/** A text to show and the language it is in. */
export interface LocalizedText {
  text: string;
  lang: Language;
}

const present = (en: unknown): en is string => typeof en === 'string' && en.trim() !== '';

/** The English when the page is in English and there is one (not empty), else the Japanese. */
export function localized(ja: string, en: string | null | undefined, language: Language): LocalizedText {
  return language === 'en' && present(en) ? { text: en, lang: 'en' } : { text: ja, lang: 'ja' };
}

/** An entity with English of some fields, as the contracts declare it (`en: { name, ... }`). */
type WithEnglish = { en?: Record<string, unknown> | undefined };

/** One text field of a configuration entity in the page's language, e.g. `field(procedure, 'name')`. */
export function localizedField<T extends WithEnglish, K extends keyof T & string>(
  entity: T,
  field: K,
  language: Language,
): LocalizedText {
  const ja = entity[field];
  return localized(typeof ja === 'string' ? ja : '', entity.en?.[field] as string | undefined, language);
}

/** A list of texts and its parallel English list (check messages, breadcrumbs, scoped-out messages). */
export function localizedList(
  ja: readonly string[],
  en: readonly string[] | null | undefined,
  language: Language,
): LocalizedText[] {
  return ja.map((text, i) => localized(text, en?.[i], language));
}

/** The helpers above bound to the page's language. */
export function useLocalized() {
  const language = useLanguage();
  return {
    language,
    text: (ja: string, en: string | null | undefined) => localized(ja, en, language),
    field: <T extends WithEnglish, K extends keyof T & string>(entity: T, field: K) =>
      localizedField(entity, field, language),
    list: (ja: readonly string[], en: readonly string[] | null | undefined) =>
      localizedList(ja, en, language),
  };
}

/**
 * Renders a configuration text. In the page's language it is plain text; otherwise (Japanese shown on an
 * English page) it is wrapped in an element with `lang="ja"` so screen readers and fonts switch.
 */
export function Localized({
  ja,
  en,
  text,
  component: Component = 'span',
}: {
  ja?: string | null | undefined;
  en?: string | null | undefined;
  /** Already picked (from `localized`); wins over `ja`/`en`. */
  text?: LocalizedText;
  component?: ElementType;
}): ReactNode {
  const language = useLanguage();
  const shown = text ?? localized(ja ?? '', en, language);
  if (shown.text === '') return null;
  if (shown.lang === language) return shown.text;
  return <Component lang={shown.lang}>{shown.text}</Component>;
}

/** Shorthand: a field of a configuration entity, e.g. `<LocalizedField of={procedure} field="name" />`. */
export function LocalizedField<T extends WithEnglish, K extends keyof T & string>({
  of,
  field,
  component,
}: {
  of: T;
  field: K;
  component?: ElementType;
}): ReactNode {
  const language = useLanguage();
  return <Localized text={localizedField(of, field, language)} component={component} />;
}
