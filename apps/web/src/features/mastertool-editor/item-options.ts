// The standard items a picker offers: the group's own first, then (where an editor may bring items in)
// the library's items the group lacks, each as 「name（code）」 in the page's language.
import type { StandardItem } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { localized } from '../../lib/i18n/localized';
import { useLanguage } from '../../lib/i18n/useLanguage';
import type { CodeOption } from './CodePicker';
import type { Config } from './editor-state';
import { addFromLibrary } from './standard-items';

export function useItemOptions(
  items: readonly StandardItem[],
  library: readonly StandardItem[] = [],
): CodeOption[] {
  const { t } = useTranslation();
  const language = useLanguage();
  const option = (item: StandardItem, group: string | undefined): CodeOption => ({
    code: item.code,
    label: localized(item.name, item.en?.name, language).text,
    ...(group === undefined ? {} : { group }),
  });
  if (library.length === 0) return items.map((i) => option(i, undefined));
  const have = new Set(items.map((i) => i.code));
  const own = t('mastertool.pickers.groupItems');
  const shared = t('mastertool.pickers.libraryItems');
  return [
    ...items.map((i) => option(i, own)),
    ...library
      .filter((i) => !have.has(i.code))
      .sort((a, b) => a.code.localeCompare(b.code))
      .map((i) => option(i, shared)),
  ];
}

/** Brings picked library items into the group (with the item a kana item reads), so they may be used. */
export function bringIntoGroup(
  config: Config,
  library: readonly StandardItem[],
  codes: readonly string[],
): void {
  for (const code of codes) addFromLibrary(config, library, code);
}
