import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from './index';

/** The language the page shows now. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'ja';
}
