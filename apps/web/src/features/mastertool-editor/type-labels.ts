// The editor's choice lists of type codes (icon, attachment and question types) named in words
// (decision 0056): the name is the option's label; the code goes apart, small, for those who know it.
import { IconType } from '@portal/contracts';
import type { TFunction } from 'i18next';

/** A type as a choice: its value (the code), its name, and the code's small caption. */
export interface TypeOption<V extends string> {
  value: V;
  label: string;
  code: string;
}

const tables = {
  iconTypes: IconType.options,
  attachTypes: ['PH', 'OR', 'SG'],
  conciergeTypes: ['QT', 'FO'],
} as const;

export type TypeTable = keyof typeof tables;

/** The choices of one table, in its order, named in the page's language. */
export function typeOptions<T extends TypeTable>(
  t: TFunction,
  table: T,
): TypeOption<(typeof tables)[T][number]>[] {
  return tables[table].map((value) => ({
    value,
    label: t(`mastertool.${table}.${value}` as 'mastertool.iconTypes.OT'),
    code: t('mastertool.typeCode', { code: value }),
  }));
}
