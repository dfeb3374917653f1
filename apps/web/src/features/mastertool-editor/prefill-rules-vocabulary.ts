// The words the prefill rules editor shows (items, choices, claims, summaries), in the page's language.
import type { StandardItem } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../lib/i18n';
import { localized } from '../../lib/i18n/localized';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { nameAndCode } from './name-and-code';
import type { ClaimPrefix, SummaryWords } from './prefill-rules';

/** The words and names every row uses, built once per render of the list. */
export interface Vocabulary {
  items: readonly StandardItem[];
  itemByCode: ReadonlyMap<string, StandardItem>;
  itemLabel: (item: StandardItem) => string;
  choiceLabel: (item: StandardItem, value: string) => string | null;
  claimLabel: (prefix: ClaimPrefix, claim: string) => string;
  /** A source's claim as a choice reads it: 「マイナンバーカードの氏」 (the claim path is shown apart). */
  sourceLabel: (prefix: ClaimPrefix, claim: string) => string;
  summary: SummaryWords;
  forRule: (action: string, n: number) => string;
}

/** The vocabulary in the page's language (exported for the tests). */
export function vocabulary(t: TFunction, items: readonly StandardItem[], language: Language): Vocabulary {
  const itemByCode = new Map(items.map((i) => [i.code, i]));
  const name = (item: StandardItem) => localized(item.name, item.en?.name, language).text;
  const choiceLabel = (item: StandardItem, value: string) => {
    const choice = item.choices.find((c) => c.value === value);
    return choice ? localized(choice.label, choice.en?.label, language).text : null;
  };
  const claimLabel = (prefix: ClaimPrefix, claim: string) =>
    t(`mastertool.prefill.claims.${prefix}.${claim}` as 'mastertool.prefill.claims.profile.last_name');
  const comparisons = {
    equal: 'mastertool.prefill.conditions.equal',
    above: 'mastertool.prefill.conditions.above',
    below: 'mastertool.prefill.conditions.below',
    '': 'mastertool.prefill.conditions.any',
  } as const;
  return {
    items,
    itemByCode,
    itemLabel: (item) => nameAndCode(t, name(item), item.code),
    choiceLabel,
    claimLabel,
    sourceLabel: (prefix, claim) =>
      t('mastertool.prefill.claim', {
        label: claimLabel(prefix, claim),
        source: t(`mastertool.prefill.sources.${prefix}`),
      }),
    summary: {
      item: (code) => {
        const item = itemByCode.get(code);
        return item ? name(item) : code;
      },
      value: (code, value) => {
        const item = itemByCode.get(code);
        return (item && choiceLabel(item, value)) ?? value;
      },
      comparison: (symbol, item, value) => t(comparisons[symbol], { item, value }),
      and: t('mastertool.prefill.conditions.and'),
      or: t('mastertool.prefill.conditions.or'),
      when: (conditions) => t('mastertool.prefill.conditions.when', { conditions }),
      always: t('mastertool.prefill.conditions.always'),
    },
    forRule: (action, n) => t('mastertool.prefill.forRule', { action, n }),
  };
}

/** The vocabulary, kept while the items say the same (every edit copies the configuration afresh). */
export function useVocabulary(items: readonly StandardItem[]): Vocabulary {
  const { t } = useTranslation();
  const language = useLanguage();
  const same = useRef(items);
  if (same.current !== items && JSON.stringify(same.current) !== JSON.stringify(items)) same.current = items;
  const stable = same.current;
  return useMemo(() => vocabulary(t, stable, language), [stable, language, t]);
}
