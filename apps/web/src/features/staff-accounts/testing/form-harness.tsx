// Test support for the staff-account forms, drawn as the server would (no DOM here): with
// `vi.mock('react-hook-form', recordingForms)`, `submit` runs the last drawn form's own check and handlers
// and draws it again as the person then sees it (values and messages), in the staff area's Japanese.
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type * as ReactHookForm from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { createQueryClient } from '../../../lib/api';
import { createI18n } from '../../../lib/i18n';
import { staffMessages } from '../../../lib/i18n/parts/staff';

type Values = ReactHookForm.FieldValues;
type Form = ReactHookForm.UseFormReturn<Values>;

export const ja = createI18n('ja', [staffMessages]);

const last: {
  form?: Form;
  submit?: () => Promise<void>;
  seed?: { values: Values; errors: ReactHookForm.FieldErrors };
} = {};

/** react-hook-form whose useForm records the form and its submit handler (and starts from `seed`). */
export async function recordingForms() {
  const rhf = await vi.importActual<typeof ReactHookForm>('react-hook-form');
  const useForm = (props: ReactHookForm.UseFormProps<Values>) => {
    const seeded = last.seed ? { defaultValues: last.seed.values, errors: last.seed.errors } : {};
    const form = rhf.useForm({ ...props, ...seeded });
    const recorded: Form = {
      ...form,
      handleSubmit: (valid, invalid) => {
        const run = form.handleSubmit(valid, invalid);
        last.submit = async () => {
          await run();
        };
        return run;
      },
    };
    last.form = recorded;
    return recorded;
  };
  return { ...rhf, useForm };
}

async function render(element: ReactElement): Promise<string> {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => element }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  // Without the emotion styles drawn in between: the markup as the browser's tree has it.
  return renderToStaticMarkup(
    <I18nextProvider i18n={ja}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  ).replace(/<style[^>]*>.*?<\/style>/g, '');
}

/** Draws `element`; `values`, when given, are what the person has typed into its form. */
export function draw(element: ReactElement, values?: Values): Promise<string> {
  last.seed = values ? { values, errors: {} } : undefined;
  return render(element);
}

/** Submits the form last drawn: the field the focus went to, the fields in error, and the form drawn again. */
export async function submit(element: ReactElement) {
  const form = last.form;
  if (!form || !last.submit) throw new Error('draw the form first');
  const setFocus = vi.spyOn(form, 'setFocus');
  await last.submit();
  const values = form.getValues();
  const errors = Object.fromEntries(
    Object.keys(values).flatMap((name) => {
      const error = form.getFieldState(name).error;
      return error ? [[name, error]] : [];
    }),
  );
  last.seed = { values, errors };
  return { focused: setFocus.mock.calls[0]?.[0], invalid: Object.keys(errors), html: await render(element) };
}

/** The opening tag of the input with `id`, or of the first input after `label`'s text. */
export function inputTag(html: string, id: string): string {
  return new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
}

/** The text a person reads: the markup without its tags. */
export function textOf(html: string): string {
  return html.replace(/<[^>]+>/g, '');
}
