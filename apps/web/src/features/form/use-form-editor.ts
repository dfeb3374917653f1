// The state of the form's editor: the answers (each kept in the draft store until saved, lib/drafts), the
// pages (computed as it opens, growing when a group comes to repeat, decision 0013), the page shown
// (`?page=`, `?field=`), the repetitions, the "same as ..." copies, the problems and the save of a page,
// then where it goes (the next page, back, the review). The screen draws it with FormEditorView.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { screenPath, type Application } from '../../lib/application/application';
import { dropSaved, readDrafts } from '../../lib/drafts/draft-store';
import { nameNotRestored, restoreAnswers } from '../../lib/drafts/restore';
import { useKeepAnswers, useOpeningDrafts, useSettleDrafts } from '../../lib/drafts/use-drafts';
import { useLocalized } from '../../lib/i18n/localized';
import type { FormDefinition, FormValuesResult } from '../../lib/items/form-types';
import { savedByKey, statesByKey } from '../../lib/items/sources';
import { openingPages, withRepeatPages } from './ask-once';
import { correctionPages, correctionsOf } from './corrections';
import type { SummaryProblem } from './ErrorSummary';
import {
  copyInto,
  fieldCode,
  fieldId,
  hiddenChecker,
  initialValues,
  pageOfItem,
  type FormItem,
  type FormPage,
  type Values,
} from './form-model';
import { groupCodes, groupOf, pageParts, removeRepetition, sequenceOf, type Group } from './repeats';
import { useFormFocus, type FormFocus } from './use-form-focus';
import { useFormSave } from './use-form-save';
import { useRepeats } from './use-repeats';

export interface FormEditorInput {
  code: string;
  application: Application;
  definition: FormDefinition;
  saved: FormValuesResult;
}

export function useFormEditor({ code, application, definition, saved }: FormEditorInput) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { page?: unknown; field?: unknown; from?: unknown };
  const fieldFromSearch = typeof search.field === 'string' ? search.field : null;
  // A change from the review saves its page and goes back there (ux-writing: check answers).
  const fromReview = search.from === 'review';
  // Input kept from before a re-sign-in or a reload (here or on the assistant) comes back over the saved
  // answers, unless a newer answer was saved meanwhile or the form no longer asks it (issue 31).
  const opening = useOpeningDrafts(application.id);
  const [back] = useState(() => {
    const onForm = new Set(definition.fragments.flatMap((f) => f.items.map((i) => i.code)));
    return restoreAnswers(opening.answers, savedByKey(saved), (key) =>
      onForm.has(fieldCode(key)) ? 'here' : 'gone',
    );
  });
  useSettleDrafts(application.id, { answers: back });
  const [values, setValues] = useState<Values>(() =>
    withDrafts(initialValues(definition, saved), back.values),
  );
  const isHiddenBy = useMemo(() => hiddenChecker(definition), [definition]);
  const repeats = useRepeats(definition, saved, values, isHiddenBy);
  const { counts, setCounts, countOf, repeatingWith, isHiddenAt } = repeats;
  // Fields a remand opened to correction (decision 0023); null while every field is open.
  const corrections = useMemo(() => correctionsOf(application), [application]);
  // Computed once as the editor opens, so answered fields do not vanish while the resident types.
  const [pages, setPages] = useState(() =>
    correctionPages(
      openingPages(definition, saved, fieldFromSearch, fromReview, repeatingWith(values, counts)),
      corrections,
    ),
  );
  const items = useMemo(
    () => new Map(definition.fragments.flatMap((f) => f.items).map((i) => [i.code, i])),
    [definition],
  );
  const states = useMemo(() => statesByKey(saved), [saved]);
  const savedValues = useMemo(() => savedByKey(saved), [saved]);
  // The page of ?field=code (a change link, a submission problem), else ?page=N, else the first.
  const fieldPage = fieldFromSearch ? pageOfItem(pages, fieldFromSearch) : -1;
  const requested = fieldPage >= 0 ? fieldPage + 1 : Number(search.page) || 1;
  const pageNumber = Math.min(Math.max(requested, 1), Math.max(pages.length, 1));
  const pageIndex = pageNumber - 1;
  const page = pages[pageIndex];
  const pageCodes = useMemo(() => new Set(page?.items.map((i) => i.code) ?? []), [page]);
  const laterCodes = useMemo(() => new Set(page?.repeated.map((i) => i.code) ?? []), [page]);
  const parts = useMemo(() => (page ? pageParts(definition, page) : []), [definition, page]);

  const dirty = useRef(back.restored.length > 0);
  const [sessionEnded, setSessionEnded] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const { summaryRef, sessionRef, headingRef, setFocus } = useFormFocus(
    pageIndex,
    fieldFromSearch,
    fieldPage,
  );

  const nameCheck = useMemo(() => {
    const names = new Set(definition.name_checks.flat());
    const onRecord = new Set(saved.name_characters_on_record);
    return (itemCode: string) => (names.has(itemCode) ? onRecord : undefined);
  }, [definition, saved]);
  const isHidden = (itemCode: string) => isHiddenBy(itemCode, values);
  const isRequired = (item: FormItem, sequence = 1) => item.required && !isHiddenAt(item.code, sequence);

  const goToPage = (index: number, then: FormFocus = { kind: 'heading' }, replace = false) => {
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, page: index + 1, field: undefined }),
      resetScroll: !replace,
      replace,
    });
    setFocus(then);
  };

  /** Shows more pages, keeping the page on screen on screen when one is put before it. */
  const showPages = (next: FormPage[]) => {
    if (next === pages) return;
    setPages(next);
    const here = page ? next.findIndex((p) => p.fragment === page.fragment) : -1;
    if (here >= 0 && here !== pageIndex) goToPage(here, null, true);
  };

  // A group that comes to repeat (多胎 chosen, a child added) is asked on each of its pages.
  const growPages = (at: Values, counted: Record<string, number>) =>
    showPages(withRepeatPages(definition, pages, repeatingWith(at, counted)));

  const setValue = (key: string, value: string | string[]) => {
    dirty.current = true;
    const next = { ...values, [key]: value };
    setValues((previous) => ({ ...previous, [key]: value }));
    setCopied(null);
    if (definition.repeatable_groups.some((g) => countOf(g, next) > countOf(g))) growPages(next, counts);
  };

  /** Several answers at once (a postal code and the address it found). */
  const setAnswers = (answers: Values) => {
    dirty.current = true;
    setValues((previous) => ({ ...previous, ...answers }));
  };

  const addRepetition = (group: Group) => {
    const next = { ...counts, [group.code]: countOf(group) + 1 };
    setCounts(next);
    growPages(values, next);
  };

  const removeRepetitionOf = (group: Group, n: number) => {
    const codes = groupCodes(definition, group);
    const count = countOf(group);
    dirty.current = true;
    setValues((previous) => removeRepetition(previous, codes, n, count));
    setErrors((previous) => removeRepetition(previous, codes, n, count));
    setCounts((previous) => ({ ...previous, [group.code]: count - 1 }));
  };

  /** 「（2人目）」 after an item's label for repetition 2 and later. */
  const suffixOf = (itemCode: string, sequence: number) =>
    sequence > 1 && groupOf(definition, itemCode)
      ? t('applicantForm.repeat.labelSuffix', { n: sequence })
      : undefined;

  /** A field's label in the page's language (`code`, or `code.N` with its repetition). */
  const nameOf = (key: string) => {
    const item = items.get(fieldCode(key));
    if (!item) return key;
    return loc.field(item, 'name').text + (suffixOf(item.code, sequenceOf(key)) ?? '');
  };
  useKeepAnswers(application.id, values, savedValues, () => dirty.current, nameOf);
  const summary: SummaryProblem[] = Object.entries(errors).map(([itemCode, message]) => ({
    target: fieldId(itemCode),
    label: nameOf(itemCode),
    message,
  }));

  const goToProblem = (problem: SummaryProblem) => {
    const key = problem.target.replace(/^field-/, '');
    const index = pageOfItem(pages, key);
    if (index >= 0 && index !== pageIndex) goToPage(index, { kind: 'field', code: key });
    else setFocus({ kind: 'field', code: key });
  };

  const onCopy = (copy: FormDefinition['copies'][number]) => {
    dirty.current = true;
    setValues((previous) => copyInto(copy, previous));
    setCopied(loc.field(copy, 'label').text);
  };

  const review = screenPath(code, application.id, 'formValues');
  const isLast = pageIndex >= pages.length - 1;

  const { submit, saving } = useFormSave({
    code,
    applicationId: application.id,
    definition,
    items,
    values,
    pages,
    page,
    pageIndex,
    parts,
    isLast,
    fromReview,
    review,
    isHidden,
    isHiddenAt,
    isRequired,
    countOf,
    nameCheck,
    saved: () => {
      dirty.current = false;
      // What this page held when sent leaves the drafts; input typed since, or on other pages, stays.
      dropSaved(application.id, { answers: heldOnPage(readDrafts(application.id).answers, values) });
    },
    setValues,
    setCounts,
    setErrors,
    setGeneral,
    setSessionEnded,
    setFocus,
    goToPage: (index) => goToPage(index),
    showPages,
  });

  /** The drafted keys of this page (its items and its groups' later repetitions), with what it holds. */
  function heldOnPage(drafted: Record<string, unknown>, held: Values) {
    const onPage = (key: string) => pageCodes.has(fieldCode(key)) || laterCodes.has(fieldCode(key));
    return Object.fromEntries(
      Object.keys(drafted)
        .filter(onPage)
        .map((key) => [key, held[key] ?? null]),
    );
  }

  return {
    definition,
    /** Unsaved input came back. */
    restored: back.restored.length > 0,
    /** What did not come back, by label (a newer save elsewhere, or no longer asked). */
    notRestored: nameNotRestored(
      back.notRestored,
      (key) => (items.has(fieldCode(key)) ? nameOf(key) : undefined),
      opening.answers,
    ),
    values,
    isDirty: () => dirty.current,
    states,
    savedValues,
    corrections,
    pages,
    page,
    pageNumber,
    pageIndex,
    pageCodes,
    laterCodes,
    parts,
    repeats,
    isHidden,
    isRequired,
    errors,
    general,
    summary,
    sessionEnded,
    copied,
    fromReview,
    review,
    isLast,
    saving,
    summaryRef,
    sessionRef,
    headingRef,
    suffixOf,
    nameOf,
    setValue,
    setAnswers,
    addRepetition,
    removeRepetitionOf,
    goToProblem,
    onCopy,
    submit,
  };
}

export type FormEditorState = ReturnType<typeof useFormEditor>;

/** The saved answers with the drafts over them (a drafted blank removes the answer). */
function withDrafts(initial: Values, drafts: Record<string, string | string[] | null>): Values {
  const out = { ...initial };
  for (const [key, value] of Object.entries(drafts)) {
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}
