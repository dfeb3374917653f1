// react-hook-form the one way the staff screens' forms use it: the schema checks on submit (and again only
// on the next submit, so a message stays until then), the focus goes to the first invalid field in the
// order the fields are drawn, and the fields the server names show its answer in the screen's words.
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrorTexts } from '../api';

/** A form checked by `schema` (its English messages are never shown: see `problemText`). */
export function useStaffForm<In extends FieldValues, Out extends FieldValues>(
  schema: z.ZodType<Out, In>,
  defaultValues: DefaultValues<In>,
) {
  return useForm<In, unknown, Out>({
    resolver: zodResolver<In, unknown, Out>(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
}

/** What a field's error says: the server's text as set, else the screen's words for the failed check. */
export function problemText(
  error: FieldError | undefined,
  problem: string | ((type: string) => string),
): string | undefined {
  if (!error) return undefined;
  if (error.type === 'server') return error.message;
  return typeof problem === 'string' ? problem : problem(error.type);
}

/** The answer to a failed check: the focus goes to the first invalid field of `order` (the drawn order). */
export function focusFirst<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  order: readonly FieldPath<T>[],
) {
  return (errors: FieldErrors<T>) => {
    const first = order.find((field) => get(errors, field));
    if (first) form.setFocus(first);
  };
}

/** The server's field errors at those of `fields` it names: `own` text for a field, else the general one. */
export function showServerErrors<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  t: TFunction,
  error: unknown,
  fields: readonly FieldPath<T>[],
  own: Partial<Record<string, string>> = {},
) {
  const texts = fieldErrorTexts(error, t, own);
  for (const field of fields) {
    const message = texts[field];
    if (message) form.setError(field, { type: 'server', message });
  }
}
