// The state of one assistant page: the chosen options (saved at once, in order), the typed answers, both
// kept in the draft store (lib/drafts) until the server saved them, the "same as ..." copies, the
// problems, where focus goes, and "next" (which waits for a choice still being saved, decision 0043).
import type { Concierge, StandardItem } from '@portal/contracts';
import { japanDate } from '@portal/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, apiQueryKey, errorFields, isApiError, useApiMutation, type ApiResult } from '../../lib/api';
import { screenPath, type Application } from '../../lib/application/steps';
import { dropDrafts, dropSaved, keepChoice } from '../../lib/drafts/draft-store';
import { nameNotRestored, restoreAnswers, restoreChoices } from '../../lib/drafts/restore';
import { useKeepAnswers, useOpeningDrafts, useSettleDrafts } from '../../lib/drafts/use-drafts';
import { useLocalized } from '../../lib/i18n/localized';
import type { FormDefinition, FormValuesResult } from '../../lib/items/form-types';
import { savedAnswers, savedByKey, statesByCode } from '../../lib/items/sources';
import {
  assistantPage,
  choose,
  copiedValues,
  copyPairs,
  formCodes,
  mostPages,
  pageValues,
  shownPages,
  startingItems,
  subCategoriesOf,
  type Items,
} from './assistant';
import { choiceQuestionsOf, pageItems, placeOn, questionName, sentChoices } from './assistant-drafts';
import { pageProblems, serverProblems, withoutKey } from './page-problems';

/** Where the application stands in the assistant, with the questions of its version. */
export type AssistantView = ApiResult<'applicant.concierge_assistant.get'> &
  Pick<ApiResult<'applicant.concierge_assistant.questions'>, 'categories'>;

export interface AssistantPageInput {
  code: string;
  application: Application;
  view: AssistantView;
  subId: number;
  /** The saved answers and item states (prefills and their sources). */
  formValues: FormValuesResult;
  catalog: ReadonlyMap<string, StandardItem>;
  /** The "same as ..." copies the form definition carries (with their conditions). */
  copies: FormDefinition['copies'];
}

type Focus = 'heading' | 'summary' | 'scoped' | null;

/** Set just before moving to another page of the assistant: the new page focuses its heading. */
const pendingFocus = { current: false };

export function useAssistantPage({
  code,
  application,
  view,
  subId,
  formValues,
  catalog,
  copies,
}: AssistantPageInput) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = { code, applicationId: application.id };
  const today = useMemo(() => japanDate(new Date()), []);
  const categories = view.categories;
  const choiceQuestions = useMemo(() => choiceQuestionsOf(categories, subId), [categories, subId]);
  // Choices and typed answers not yet saved come back after a re-sign-in or a reload (issue 31).
  const opening = useOpeningDrafts(application.id);
  const [back] = useState(() => ({
    choices: restoreChoices(opening.choices, choiceQuestions, view.selected_option_ids),
    answers: restoreAnswers(opening.answers, savedByKey(formValues), placeOn(categories, subId, catalog)),
  }));
  useSettleDrafts(application.id, back);
  const [chosen, setChosen] = useState<number[]>(back.choices.values);
  const [edits, setEdits] = useState<Items>(() => back.answers.values);
  // What "next" reads after waiting: the choices and typing as they are then, not as this render saw them.
  const latestInput = useRef({ chosen, edits });
  latestInput.current = { chosen, edits };
  const dirty = useRef(back.answers.restored.length > 0);
  const [copied, setCopied] = useState<number[]>([]);
  const [shownIds, setShownIds] = useState(view.shown_sub_category_ids);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<unknown>(null);
  const [announcement, setAnnouncement] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const stored = useMemo(() => startingItems(formValues), [formValues]);
  const savedItems = useMemo(() => savedAnswers(formValues), [formValues]);
  const savedKeys = useMemo(() => savedByKey(formValues), [formValues]);
  const itemLabel = (code: string) => {
    const item = catalog.get(code);
    return item ? loc.field(item, 'name').text : undefined;
  };
  useKeepAnswers(application.id, edits, savedKeys, () => dirty.current, itemLabel);
  const states = useMemo(() => statesByCode(formValues), [formValues]);
  const items = useMemo(() => ({ ...stored, ...edits }), [stored, edits]);
  const page = useMemo(
    () => assistantPage(categories, subId, chosen, items, today),
    [categories, subId, chosen, items, today],
  );
  const pages = shownPages(categories, shownIds.includes(subId) ? shownIds : [...shownIds, subId]);
  const index = pages.findIndex((p) => p.id === subId);
  const previous = index > 0 ? pages[index - 1] : undefined;
  const isLast = index === pages.length - 1;
  const maxPages = mostPages(categories);

  const saveOptions = useApiMutation('applicant.concierge_assistant.answer');
  const saveForm = useApiMutation('applicant.concierge_assistant.save_form');
  const latest = useRef(0);
  // Option saves go one after another, so the server keeps the last choice (arrow keys send several).
  const pendingSaves = useRef<Promise<unknown>>(Promise.resolve());
  /** Choice saves not answered yet: the questions they show and the values they prefill are still coming. */
  const choicesInFlight = useRef(0);
  const inOrder = <T>(send: () => Promise<T>): Promise<T> => {
    const run = pendingSaves.current.catch(() => undefined).then(send);
    pendingSaves.current = run;
    return run;
  };
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const scopedRef = useRef<HTMLDivElement | null>(null);
  const [focus, setFocus] = useState<Focus>(null);
  useEffect(() => {
    if (!focus) return;
    setFocus(null);
    const target =
      focus === 'heading' ? headingRef.current : focus === 'summary' ? summaryRef.current : scopedRef.current;
    target?.focus();
  }, [focus]);
  // A new page of the assistant (the path stays the same): move focus to its heading.
  useEffect(() => {
    if (pendingFocus.current) {
      pendingFocus.current = false;
      headingRef.current?.focus();
    }
  }, []);

  const afterSave = () => {
    void queryClient.invalidateQueries({ queryKey: ['applicant.concierge_assistant.get'] });
    void queryClient.invalidateQueries({ queryKey: ['applicant.form.values'] });
    void queryClient.invalidateQueries({ queryKey: ['applicant.applications'] });
    void queryClient.invalidateQueries({ queryKey: ['applicant.application.procedures.get'] });
  };

  /** The option of a question the server holds now (the base of a drafted choice). */
  const serverChoice = (concierge: Concierge) =>
    concierge.concierge_options.find((o) => view.selected_option_ids.includes(o.id))?.id ?? null;

  /** Saves the page's choices at once; the draft of a choice goes once the server has it. */
  const sendChoices = (next: number[]) => {
    const after = assistantPage(categories, subId, next, items, today);
    if (!after) return;
    const call = ++latest.current;
    const body = { concierge_sub_category_id: subId, concierge_option_ids: after.answers };
    choicesInFlight.current++;
    const saving = inOrder(() => saveOptions.mutateAsync({ params, body }));
    void saving.then(
      () => choicesInFlight.current--,
      () => choicesInFlight.current--,
    );
    saving.then(
      (data) => {
        dropSaved(application.id, { choices: sentChoices(choiceQuestions, after.answers) });
        if (call !== latest.current) return;
        setShownIds(data.shown_sub_category_ids);
        setProblem(null);
        afterSave();
      },
      (error: unknown) => {
        if (call === latest.current) setProblem(error);
      },
    );
  };

  const onChoose = (concierge: Concierge, optionId: number) => {
    const next = choose(chosen, concierge, optionId);
    setChosen(next);
    keepChoice(application.id, concierge.id, optionId, serverChoice(concierge));
    setErrors((e) => withoutKey(e, `concierge-${concierge.id}`));
    sendChoices(next);
  };

  // Choices brought back are saved again at once, as when they were made (what they show follows).
  const resend = useRef(back.choices.restored.length > 0 ? back.choices.values : null);
  useEffect(() => {
    if (resend.current) sendChoices(resend.current);
    resend.current = null;
  });

  const onItem = (itemCode: string, value: string | string[]) => {
    dirty.current = true;
    setEdits((e) => ({ ...e, [itemCode]: value }));
    if (errors[itemCode]) setErrors((e) => withoutKey(e, itemCode));
  };

  const onCopy = (concierge: Concierge) => {
    const values = copiedValues(copyPairs(concierge, copies), items);
    dirty.current = true;
    setEdits((e) => ({ ...e, ...values }));
    setCopied((c) => (c.includes(concierge.id) ? c : [...c, concierge.id]));
    setAnnouncement(t('applicantFlow.assistant.copied', { label: concierge.copyable_label ?? '' }));
  };

  /**
   * The page and its items as "next" must check them. A choice still being saved shows questions whose
   * items the server prefills (choosing 父 shows the applicant's name, filled from the card): checking
   * before those values arrive said 「氏を入力してください」 of fields filled a moment later (issue 33). So
   * "next" waits for the choice saves and reads the values they give.
   */
  const settled = async () => {
    if (choicesInFlight.current === 0) return { page, items };
    await pendingSaves.current.catch(() => undefined);
    const fresh = await api('applicant.form.values', { params }).catch(() => null);
    if (!fresh) return { page, items };
    queryClient.setQueryData(apiQueryKey('applicant.form.values', { params }), fresh);
    const now = latestInput.current;
    const freshItems = { ...startingItems(fresh), ...now.edits };
    return { page: assistantPage(categories, subId, now.chosen, freshItems, today), items: freshItems };
  };

  const onNext = async () => {
    if (!page) return;
    setSubmitting(true);
    const current = await settled();
    setSubmitting(false);
    return next(current.page, current.items);
  };

  const next = async (page: ReturnType<typeof assistantPage>, items: Items) => {
    if (!page) return;
    if (page.scopedOut) {
      setFocus('scoped');
      return;
    }
    const onRecord = new Set(formValues.name_characters_on_record);
    const found = pageProblems(page, items, catalog, t, loc.field, onRecord);
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) {
      setFocus('summary');
      return;
    }
    setSubmitting(true);
    try {
      if (formCodes(page).length > 0 || isLast) {
        await saveForm.mutateAsync({
          params,
          body: {
            concierge_sub_category_ids: [subId],
            standard_item_fragments: pageValues(page, items),
            is_last_page_in_concierge_assistant: isLast,
            ...(copied.length > 0 ? { copied_concierge_ids: copied } : {}),
          },
        });
      }
      dirty.current = false;
      // What the page held when sent leaves the drafts (with the answers of questions it hides).
      dropSaved(application.id, { answers: pageItems(page, items) });
      latest.current++;
      const saved = await inOrder(() =>
        saveOptions.mutateAsync({
          params,
          body: { concierge_sub_category_id: subId, concierge_option_ids: page.answers },
        }),
      );
      dropDrafts(application.id, { choices: choiceQuestions.map((q) => q.id) });
      afterSave();
      if (saved.is_scopedout) {
        setShownIds(saved.shown_sub_category_ids);
        // The configuration's own scoped-out text (a string); failures stay errors, shown in the app's words.
        setProblem(saved.scopedout_messages.join('\n') || t('applicantFlow.assistant.scopedOutHeading'));
        setFocus('summary');
        return;
      }
      // The next shown page in configuration order (answers on this page may have shown or hidden some).
      const all = subCategoriesOf(categories).map((p) => p.id);
      const here = all.indexOf(subId);
      const next = shownPages(categories, saved.shown_sub_category_ids).find((p) => all.indexOf(p.id) > here);
      if (next) {
        pendingFocus.current = true;
        void navigate({
          to: screenPath(code, application.id, 'conciergeAssistant'),
          search: { sub: next.id } as never,
        });
      } else {
        void navigate({ to: screenPath(code, application.id, 'procedures') });
      }
    } catch (error) {
      if (isApiError(error)) setErrors(serverProblems(errorFields(error), catalog, t, loc.field));
      setProblem(error);
      setFocus('summary');
    } finally {
      setSubmitting(false);
    }
  };

  return {
    /** Unsaved input came back on this page. */
    restored: back.answers.restored.length + back.choices.restored.length > 0,
    /** What did not come back, by label (a newer save elsewhere, or no longer asked). */
    notRestored: [
      ...nameNotRestored(back.choices.notRestored, (id) => questionName(categories, Number(id), loc.field)),
      ...nameNotRestored(back.answers.notRestored, itemLabel, opening.answers),
    ],
    edits,
    isDirty: () => dirty.current,
    items,
    savedItems,
    states,
    page,
    pages,
    index,
    /** The most pages the configuration can show (the progress's stable total). */
    maxPages,
    previous,
    isLast,
    copied,
    errors,
    problem,
    announcement,
    submitting,
    headingRef,
    summaryRef,
    scopedRef,
    /** Before following a link to another assistant page: that page focuses its heading. */
    focusNextHeading: () => {
      pendingFocus.current = true;
    },
    onChoose,
    onItem,
    onCopy,
    onNext,
  };
}

export type AssistantPageState = ReturnType<typeof useAssistantPage>;
