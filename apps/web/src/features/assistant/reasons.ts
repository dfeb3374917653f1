// "Why am I seeing this": the reasons of the rules engine, worded in the page's language.
import type { TFunction } from 'i18next';
import type { Reason } from './assistant';

export function reasonText(t: TFunction, reason: Reason): string {
  switch (reason.kind) {
    case 'always':
      return t('applicantFlow.why.always');
    case 'otherAnswer':
      return t('applicantFlow.why.otherAnswer');
    case 'selected':
    case 'answered':
      return t('applicantFlow.why.selected', { question: reason.question, option: reason.option });
    case 'formula': {
      const symbol = reason.symbol === '' ? 'any' : reason.symbol;
      return t(`applicantFlow.why.${reason.age ? 'age' : 'value'}.${symbol}`, {
        item: reason.item,
        expected: reason.expected,
      });
    }
  }
}
