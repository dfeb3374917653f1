// Saving a form page ("next", "back", "save and return"): the required answers of the page checked first,
// then the page's answers (and its groups' later repetitions) sent; on success the draft goes, the values
// the server derived are shown and the form moves on; a problem lands at its field and in the summary,
// an ended sign-in shows the way to sign in again. Nothing typed is lost.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQueryKey, errorFields, errorText, isApiError, useApiMutation } from '../../lib/api';
import type { FormDefinition } from '../../lib/items/form-types';
import type { Problem } from '../../lib/items/item-problems';
import type { FormItem, FormPage, Values } from './form-model';
import {
  pageAnswers,
  pageFields,
  requiredProblems,
  serverProblems,
  withServerValues,
  type NameCheck,
  type RequiredAt,
} from './form-submit';
import type { Group, PagePart } from './repeats';
import type { FormFocus } from './use-form-focus';

/** What a save reads and changes of the editor's state. */
export interface SaveContext {
  code: string;
  applicationId: string;
  definition: FormDefinition;
  items: ReadonlyMap<string, FormItem>;
  values: Values;
  pages: FormPage[];
  page: FormPage | undefined;
  pageIndex: number;
  parts: PagePart[];
  isLast: boolean;
  fromReview: boolean;
  /** The review's path, where the last page (or a change from the review) goes. */
  review: string;
  isHidden: (code: string) => boolean;
  isHiddenAt: (code: string, sequence: number) => boolean;
  isRequired: RequiredAt;
  countOf: (group: Group) => number;
  /** Which items are person names, and the characters of names on record they may hold. */
  nameCheck: NameCheck;
  /** The input is saved: the unsaved flag and the draft go. */
  saved: () => void;
  setValues: Dispatch<SetStateAction<Values>>;
  setCounts: Dispatch<SetStateAction<Record<string, number>>>;
  setErrors: (errors: Record<string, string>) => void;
  setGeneral: (general: string | null) => void;
  setSessionEnded: (ended: boolean) => void;
  setFocus: (focus: FormFocus) => void;
  goToPage: (index: number) => void;
  showPages: (pages: FormPage[]) => void;
}

export function useFormSave(context: SaveContext) {
  const { t } = useTranslation();
  /** Message of a problem in the resident's language. */
  const problemText = (problem: Problem) =>
    t(`applicantForm.problem.${problem.key}` as 'applicantForm.problem.invalid', problem.values ?? {});
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useApiMutation('applicant.form.save_page');

  const submit = (direction: 'next' | 'back') => {
    const { values, parts, countOf, setErrors, setFocus } = context;
    context.setGeneral(null);
    context.setSessionEnded(false);
    const pageItems = context.page?.items ?? [];
    const groupsHere = parts.flatMap((part) => (part.kind === 'group' ? [part.group] : []));
    // Required answers of this page are checked here; the server checks every answer again.
    const local =
      direction === 'next'
        ? requiredProblems(
            pageFields(pageItems, parts, countOf),
            values,
            context.isHiddenAt,
            context.isRequired,
            problemText,
            context.nameCheck,
          )
        : {};
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setFocus({ kind: 'summary' });
      return;
    }
    const answers = pageAnswers(
      context.definition,
      pageItems,
      groupsHere,
      values,
      context.isHidden,
      context.isHiddenAt,
      countOf,
    );
    const body = {
      standard_item_fragments: answers,
      is_last_page_in_concierge_assistant: direction === 'next' && context.isLast && !context.fromReview,
    };
    const params = { code: context.code, applicationId: context.applicationId };
    save.mutate(
      { params, body },
      {
        onSuccess: (result) => {
          context.saved();
          setErrors({});
          queryClient.setQueryData(apiQueryKey('applicant.form.values', { params }), result);
          // Values the server derived (copies, option prefills) replace what is shown.
          context.setValues((previous) =>
            withServerValues(previous, result.standard_item_fragments, context.items),
          );
          if (direction === 'back') context.goToPage(context.pageIndex - 1);
          else if (context.isLast || context.fromReview) {
            void queryClient.invalidateQueries({ queryKey: apiQueryKey('applicant.applications') });
            void navigate({ to: context.review });
          } else context.goToPage(context.pageIndex + 1);
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'unauthenticated') {
            setErrors({});
            context.setSessionEnded(true);
            setFocus({ kind: 'session' });
            return;
          }
          if (errorFields(error).length > 0) {
            // The server's field problems in the app's own words (never the server's message).
            const found = serverProblems(errorFields(error), {
              ...context,
              text: problemText,
              fallback: t('errors.field'),
            });
            for (const { group, count } of found.counts)
              context.setCounts((previous) => ({ ...previous, [group]: count }));
            context.showPages(found.pages);
            setErrors(found.errors);
          } else {
            setErrors({});
            context.setGeneral(t('applicantForm.form.saveError', { detail: errorText(error, t) }));
          }
          setFocus({ kind: 'summary' });
        },
      },
    );
  };

  return { submit, saving: save.isPending };
}
