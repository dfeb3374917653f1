// The form's repetitions of its repeatable groups (decision 0013): how many blocks each group shows, never
// fewer than the minimum the answers ask for now, and which items a repetition hides.
import { useMemo, useState } from 'react';
import type { Values } from './form-model';
import type { FormDefinition, FormValuesResult } from '../../lib/items/form-types';
import {
  groupOf,
  initialCounts,
  minimumChecker,
  repetitionValues,
  residentCounts,
  type Group,
} from './repeats';

export function useRepeats(
  definition: FormDefinition,
  saved: FormValuesResult,
  values: Values,
  hiddenBy: (code: string, values: Values) => boolean,
) {
  // Blocks the resident has (added ones too, even while still empty), by group code.
  const [counts, setCounts] = useState(() => initialCounts(definition, saved, values));
  const minimumOf = useMemo(() => minimumChecker(definition), [definition]);

  const minOf = (group: Group, at = values) => minimumOf(group, at, saved);
  const countOf = (group: Group, at = values, counted = counts) =>
    Math.max(counted[group.code] ?? 1, minOf(group, at));
  /**
   * Whether the form asks later repetitions of an item's group: it repeats (two blocks or more) with these
   * answers and counts, or the resident decides its count (the page then offers to add one).
   */
  const repeatingWith = (at: Values, counted: Record<string, number>) => (code: string) => {
    const group = groupOf(definition, code);
    return group !== undefined && (countOf(group, at, counted) >= 2 || residentCounts(group));
  };
  // Repetition N reads its own answers in place of the group's (the server's rules do the same).
  const isHiddenAt = (code: string, sequence: number) => {
    const group = sequence > 1 ? groupOf(definition, code) : undefined;
    return hiddenBy(code, group ? repetitionValues(group, values, sequence) : values);
  };

  return { counts, setCounts, minOf, countOf, repeatingWith, isHiddenAt };
}
