// form: the standard items of the chosen procedures, one page per fragment, asking only what the
// assistant did not (issue 12). The hidden rules and the "same as ..." copies run in the browser
// (@portal/rules) as the resident types; every page is saved on the server, which checks the answers
// again. Its field errors show at the field and in a summary at the top whose links move to the field
// (on another page when needed). Nothing typed is lost on an error. `?from=review` returns to the review.
// A repeatable group's items show once per child (decision 0013): the assistant asks about the first child
// only, so the pages of the group come back for a second child, the first child's answers read only there.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openingPages, withFullFragment, withRepeatPages } from '../../../features/form/ask-once';
import { ErrorSummary, type SummaryProblem } from '../../../features/form/ErrorSummary';
import {
  addressItemFor,
  checkItem,
  copyInto,
  copyIsOffered,
  fieldCode,
  fieldId,
  fragmentsToSave,
  hiddenChecker,
  initialValues,
  pageOfItem,
  pagesOf,
  type FormItem,
  type FormPage,
  type Problem,
  type Values,
} from '../../../features/form/form-model';
import type { FormDefinition, FormValuesResult } from '../../../lib/items/form-types';
import { FormProgress } from '../../../features/form/FormProgress';
import { NameCheck } from '../../../features/form/NameCheck';
import { fieldNote } from '../../../features/form/SourceNote';
import { RepeatGroup } from '../../../features/form/RepeatGroup';
import {
  groupCodes,
  groupOf,
  pageParts,
  removeRepetition,
  repeatsToSave,
  sequenceOf,
  valueKey,
  type Group,
} from '../../../features/form/repeats';
import { useRepeats } from '../../../features/form/use-repeats';
import { savedByKey, sourceNote, statesByKey } from '../../../features/form/sources';
import { useFormData } from '../../../features/form/use-form-data';
import { normalizePostalCode, PostalCodeLookup } from '../../../features/form/PostalCodeLookup';
import { StandardItemField } from '../../../features/form/StandardItemField';
import { dropDraft, keepDraft, readDraft } from '../../../features/unsaved/draft-store';
import { SessionEnded } from '../../../features/unsaved/SessionEnded';
import { UnsavedGuard } from '../../../features/unsaved/UnsavedGuard';
import { isEditable, screenPath, type Application } from '../../../lib/application/application';
import { apiQueryKey, errorFields, errorText, isApiError, useApiMutation } from '../../../lib/api';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { Localized, useLocalized } from '../../../lib/i18n/localized';
import { visuallyHidden } from '../../../lib/layout/visually-hidden';
import { usePageTitle } from '../../../lib/router/head';
import { RouterButton, RouterLink } from '../../../lib/router/RouterLink';

export function FormScreen() {
  const { t } = useTranslation();
  const { code, applicationId, app, application, definition, values, failed, retry } = useFormData();
  usePageTitle(t('screens.form'));

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.form')}
        </Typography>
        <Typography>{t('applicantForm.form.intro')}</Typography>
      </Box>
      {failed ? (
        <LoadError title={t('applicantForm.form.loadError')} error={failed} onRetry={retry} />
      ) : app.missing ? (
        <NotFoundApplication code={code} />
      ) : application && application.procedure_ids.length === 0 ? (
        <Typography>
          {t('applicantForm.form.noProcedures')}{' '}
          <RouterLink to={screenPath(code, applicationId, 'procedures')}>
            {t('applicantForm.form.chooseProcedures')}
          </RouterLink>
        </Typography>
      ) : application && !isEditable(application) ? (
        <ReadOnlyNotice code={code} application={application} />
      ) : application && definition.data && values.data ? (
        <FormEditor
          key={`${definition.data.version}:${application.procedure_ids.join(',')}`}
          code={code}
          application={application}
          definition={definition.data}
          saved={values.data}
        />
      ) : (
        <Loading />
      )}
    </Stack>
  );
}

function NotFoundApplication({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <Typography>
      {t('applicantForm.common.notFound')}{' '}
      <RouterLink to={`/municipalities/${code}/applications`}>{t('applicantForm.common.toList')}</RouterLink>
    </Typography>
  );
}

function ReadOnlyNotice({ code, application }: { code: string; application: Application }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>{t('applicantForm.common.readOnly')}</Typography>
      <RouterButton variant="contained" to={screenPath(code, application.id, 'complete')}>
        {t('applicantForm.common.toComplete')}
      </RouterButton>
    </Stack>
  );
}

/** Message of a problem in the resident's language. */
function useProblemText() {
  const { t } = useTranslation();
  return (problem: Problem) =>
    t(`applicantForm.problem.${problem.key}` as 'applicantForm.problem.invalid', problem.values ?? {});
}

function FormEditor({
  code,
  application,
  definition,
  saved,
}: {
  code: string;
  application: Application;
  definition: FormDefinition;
  saved: FormValuesResult;
}) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const problemText = useProblemText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = useSearch({ strict: false }) as { page?: unknown; field?: unknown; from?: unknown };
  const fieldFromSearch = typeof search.field === 'string' ? search.field : null;
  // A change from the review saves its page and goes back there (ux-writing: check answers).
  const fromReview = search.from === 'review';
  // Input kept from before a re-sign-in or a reload comes back over the saved answers.
  const draftKey = `${application.id}:form`;
  const [draft] = useState(() => readDraft<Values>(draftKey));
  const [values, setValues] = useState<Values>(() => ({ ...initialValues(definition, saved), ...draft }));
  const isHiddenBy = useMemo(() => hiddenChecker(definition), [definition]);
  const { counts, setCounts, minOf, countOf, repeatingWith, isHiddenAt } = useRepeats(
    definition,
    saved,
    values,
    isHiddenBy,
  );
  // Computed once as the editor opens, so answered fields do not vanish while the resident types.
  const [pages, setPages] = useState(() =>
    openingPages(definition, saved, fieldFromSearch, fromReview, repeatingWith(values, counts)),
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

  const dirty = useRef(draft !== null);
  const [sessionEnded, setSessionEnded] = useState(false);
  const sessionRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (dirty.current) keepDraft(draftKey, values);
  }, [draftKey, values]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focus, setFocus] = useState<
    { kind: 'summary' } | { kind: 'session' } | { kind: 'heading' } | { kind: 'field'; code: string } | null
  >(null);
  const save = useApiMutation('applicant.form.create');

  const isHidden = (itemCode: string) => isHiddenBy(itemCode, values);
  const isRequired = (item: FormItem, sequence = 1) => item.required && !isHiddenAt(item.code, sequence);

  // Arriving with ?field=code (a change link of the review): focus that field.
  useEffect(() => {
    if (fieldFromSearch && fieldPage >= 0) setFocus({ kind: 'field', code: fieldFromSearch });
  }, [fieldFromSearch, fieldPage]);

  useEffect(() => {
    if (!focus) return;
    // After the page head's own focus move (the h1, one frame after a navigation), so this one wins.
    const frame = window.setTimeout(() => {
      if (focus.kind === 'summary') summaryRef.current?.focus();
      else if (focus.kind === 'session') sessionRef.current?.focus();
      else if (focus.kind === 'heading') headingRef.current?.focus();
      else {
        const element = document.getElementById(fieldId(focus.code));
        element?.focus();
        element?.scrollIntoView({ block: 'center' });
        // On a busy device the page head's move to the h1 can come later than this: take the focus back.
        window.setTimeout(() => {
          const now = document.activeElement?.tagName ?? 'BODY';
          if (element && ['H1', 'MAIN', 'BODY'].includes(now)) element.focus();
        }, 400);
      }
      setFocus(null);
    }, 60);
    return () => window.clearTimeout(frame);
  }, [focus, pageIndex]);

  const goToPage = (index: number, then: typeof focus = { kind: 'heading' }, replace = false) => {
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

  const review = screenPath(code, application.id, 'formValues');
  const isLast = pageIndex >= pages.length - 1;

  const submit = (direction: 'next' | 'back') => {
    setGeneral(null);
    setSessionEnded(false);
    const pageItems = page?.items ?? [];
    const groupsHere = parts.flatMap((part) => (part.kind === 'group' ? [part.group] : []));
    // Required answers of this page are checked here; the server checks every answer again.
    const local: Record<string, string> = {};
    if (direction === 'next') {
      const fields = [
        ...pageItems.map((item) => ({ item, sequence: 1 })),
        ...parts.flatMap((part) =>
          part.kind !== 'group'
            ? []
            : Array.from({ length: countOf(part.group) - 1 }, (_, i) =>
                part.later.map((item) => ({ item, sequence: i + 2 })),
              ).flat(),
        ),
      ];
      for (const { item, sequence } of fields) {
        if (isHiddenAt(item.code, sequence)) continue;
        const key = valueKey(item.code, sequence);
        const problem = checkItem(item, values[key], isRequired(item, sequence));
        if (problem?.key === 'required') local[key] = problemText(problem);
      }
    }
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setFocus({ kind: 'summary' });
      return;
    }
    const body = {
      // A page with a group's items sends each later repetition of the whole group: a removed child's
      // answers go and the renumbered ones take their place, whichever page they are on.
      standard_item_fragments: [
        ...fragmentsToSave(pageItems, values, isHidden),
        ...groupsHere.flatMap((group) =>
          repeatsToSave(groupCodes(definition, group), countOf(group), group.max, values, isHiddenAt),
        ),
      ],
      is_last_page_in_concierge_assistant: direction === 'next' && isLast && !fromReview,
    };
    save.mutate(
      { params: { code, applicationId: application.id }, body },
      {
        onSuccess: (result) => {
          dirty.current = false;
          dropDraft(draftKey);
          setErrors({});
          queryClient.setQueryData(
            apiQueryKey('applicant.form.values', { params: { code, applicationId: application.id } }),
            result,
          );
          // Values the server derived (copies, option prefills) replace what is shown.
          setValues((previous) => {
            const next = { ...previous };
            for (const v of result.standard_item_fragments) {
              const later = v.sequence > 1 && !items.get(v.standard_item_code)?.repeatable;
              if (v.value !== null && !later) next[valueKey(v.standard_item_code, v.sequence)] = v.value;
            }
            return next;
          });
          if (direction === 'back') goToPage(pageIndex - 1);
          else if (isLast || fromReview) {
            void queryClient.invalidateQueries({ queryKey: apiQueryKey('applicant.applications') });
            void navigate({ to: review });
          } else goToPage(pageIndex + 1);
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'unauthenticated') {
            setErrors({});
            setSessionEnded(true);
            setFocus({ kind: 'session' });
            return;
          }
          if (errorFields(error).length > 0) {
            // The server's field problems in the app's own words: the check the form computes, else the
            // vocabulary's field text (never the server's message).
            const next: Record<string, string> = {};
            let shown = pages;
            for (const field of errorFields(error)) {
              const item = items.get(fieldCode(field));
              const sequence = sequenceOf(field);
              const problem = item ? checkItem(item, values[field], isRequired(item, sequence)) : null;
              next[field] = problem ? problemText(problem) : t('errors.field');
              // An item the form left out (asked on an assistant page) comes back with its fragment.
              if (pageOfItem(shown, field) < 0) shown = withFullFragment(definition, shown, field);
              // A problem with a repetition not on screen (removed here, kept on the server) shows it.
              const group = sequence > 1 ? groupOf(definition, fieldCode(field)) : undefined;
              if (group && sequence > countOf(group))
                setCounts((previous) => ({ ...previous, [group.code]: sequence }));
            }
            showPages(shown);
            setErrors(next);
          } else {
            setErrors({});
            setGeneral(t('applicantForm.form.saveError', { detail: errorText(error, t) }));
          }
          setFocus({ kind: 'summary' });
        },
      },
    );
  };

  const notices = (
    <>
      <UnsavedGuard isDirty={() => dirty.current} />
      {draft ? (
        <Alert severity="info" data-testid="draft-restored">
          {t('unsaved.restored')}
        </Alert>
      ) : null}
      {sessionEnded ? (
        <SessionEnded ref={sessionRef} code={code} beforeLeave={() => keepDraft(draftKey, values)} />
      ) : null}
      <ErrorSummary ref={summaryRef} problems={summary} general={general} onGo={goToProblem} />
    </>
  );

  if (!page) {
    // Everything was answered on the assistant's pages: one sentence, and on to the review.
    return (
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        {notices}
        <Typography data-testid="form-nothing-left">
          {pagesOf(definition).length === 0 ? t('applicantForm.form.empty') : t('prefill.form.nothingLeft')}
        </Typography>
        <Button variant="contained" size="large" onClick={() => submit('next')} disabled={save.isPending}>
          {save.isPending ? t('applicantForm.form.saving') : t('prefill.form.toReview')}
        </Button>
      </Stack>
    );
  }

  // Offered only where a copy applies and changes something; a pressed button stays (focus stays on it).
  const copies = definition.copies.filter(
    (c) =>
      c.pairs.some((p) => pageCodes.has(p.target)) &&
      (copyIsOffered(c, values) || copied === loc.field(c, 'label').text),
  );

  /** One field of the page: an item, for the first repetition or a later one (`code.N`). */
  const renderField = (item: FormItem, sequence: number) => {
    const key = valueKey(item.code, sequence);
    const at = (code: string) => valueKey(code, sequence);
    const codes = sequence === 1 ? pageCodes : laterCodes;
    const value = values[key];
    const address = item.type === 'postal_code' ? addressItemFor(item.code, codes) : null;
    const names = definition.name_checks.find(
      (g) => g[g.length - 1] === item.code && g.every((c) => codes.has(c)),
    );
    const source = sourceNote(states.get(key), savedValues[key], value);
    return (
      <StandardItemField
        key={key}
        item={item}
        fieldKey={key}
        labelSuffix={suffixOf(item.code, sequence)}
        value={value}
        required={isRequired(item, sequence)}
        error={errors[key]}
        note={fieldNote(t, states.get(key), source)}
        readOnly={states.get(key)?.locked === true}
        onChange={(next) => setValue(key, next)}
        onBlur={
          item.type === 'postal_code'
            ? () => {
                // 100-0001 and full-width digits become the 7 digits the item takes.
                const digits = typeof value === 'string' ? normalizePostalCode(value) : null;
                if (digits && digits !== value) setValue(key, digits);
              }
            : undefined
        }
      >
        {address ? (
          <PostalCodeLookup
            code={key}
            postalCode={typeof value === 'string' ? value : ''}
            address={typeof values[at(address)] === 'string' ? (values[at(address)] as string) : ''}
            onFound={(text, zip) => {
              dirty.current = true;
              setValues((previous) => ({ ...previous, [key]: zip, [at(address)]: text }));
            }}
          />
        ) : null}
        {names ? (
          <NameCheck
            id={names.map(at).join('-')}
            label={names.map((c) => nameOf(at(c))).join(loc.language === 'ja' ? '・' : ', ')}
            parts={names.map((c) => {
              const v = values[at(c)];
              return typeof v === 'string' ? v : '';
            })}
          />
        ) : null}
      </StandardItemField>
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit('next');
      }}
    >
      <Stack spacing={3}>
        {fromReview ? null : <FormProgress page={pageNumber} total={pages.length} />}
        {notices}

        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="form-page-heading"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography variant="h2" id="form-page-heading" ref={headingRef} tabIndex={-1} gutterBottom>
            <Localized text={loc.field(page, 'name')} />
          </Typography>
          <Stack spacing={3}>
            {copies.map((copy) => (
              <Box key={copy.concierge_id}>
                <Button
                  variant="outlined"
                  onClick={() => {
                    dirty.current = true;
                    setValues((previous) => copyInto(copy, previous));
                    setCopied(loc.field(copy, 'label').text);
                  }}
                >
                  {t('applicantForm.form.copy', { label: loc.field(copy, 'label').text })}
                  {/* Two such buttons on one page (father, mother) differ by what they fill. */}
                  <Box component="span" sx={visuallyHidden}>
                    {t('applicantForm.form.copyTargets', {
                      targets: copy.pairs
                        .map((p) => nameOf(p.target))
                        .join(loc.language === 'ja' ? '・' : ', '),
                    })}
                  </Box>
                </Button>
              </Box>
            ))}
            <Box role="status" aria-live="polite" sx={{ '&:empty': { display: 'none' } }}>
              {copied ? t('applicantForm.form.copied', { label: copied }) : null}
            </Box>
            {parts.map((part) =>
              part.kind === 'item' ? (
                isHidden(part.item.code) ? null : (
                  renderField(part.item, 1)
                )
              ) : part.first.length > 0 || countOf(part.group) > 1 || page.items.length === 0 ? (
                <RepeatGroup
                  key={`group-${part.group.code}`}
                  group={part.group}
                  count={countOf(part.group)}
                  min={minOf(part.group)}
                  first={part.first}
                  later={part.later}
                  values={values}
                  isHidden={isHiddenAt}
                  renderField={renderField}
                  onAdd={() => addRepetition(part.group)}
                  onRemove={(n) => removeRepetitionOf(part.group, n)}
                />
              ) : null,
            )}
          </Stack>
        </Paper>

        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {fromReview ? (
            <RouterLink to={review}>{t('prefill.form.returnWithoutChange')}</RouterLink>
          ) : pageIndex > 0 ? (
            <Button variant="outlined" size="large" onClick={() => submit('back')} disabled={save.isPending}>
              {t('applicantForm.form.back')}
            </Button>
          ) : null}
          <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
            {save.isPending
              ? t('applicantForm.form.saving')
              : fromReview
                ? t('prefill.form.saveAndReturn')
                : isLast
                  ? t('applicantForm.form.toReview')
                  : t('applicantForm.form.next')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
