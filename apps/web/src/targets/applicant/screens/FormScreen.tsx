// form: the standard items of the chosen procedures, one page per fragment, asking only what the
// assistant did not (issue 12). The hidden rules and the "same as ..." copies run in the browser
// (@portal/rules) as the resident types; every page is saved on the server, which checks the answers
// again. Its field errors show at the field and in a summary at the top whose links move to the field
// (on another page when needed). Nothing typed is lost on an error. `?from=review` returns to the review.
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
import { openingPages, withFullFragment } from '../../../features/form/ask-once';
import { ErrorSummary, type SummaryProblem } from '../../../features/form/ErrorSummary';
import {
  addressItemFor,
  checkItem,
  copyInto,
  fieldCode,
  fieldId,
  fragmentsToSave,
  hiddenChecker,
  initialValues,
  pageOfItem,
  pagesOf,
  type FormDefinition,
  type FormItem,
  type FormValuesResult,
  type Problem,
  type Values,
} from '../../../features/form/form-model';
import { FormProgress } from '../../../features/form/FormProgress';
import { NameCheck } from '../../../features/form/NameCheck';
import { sourceText } from '../../../features/form/SourceNote';
import { savedAnswers, sourceNote, statesByCode } from '../../../features/form/sources';
import { useFormData } from '../../../features/form/use-form-data';
import { normalizePostalCode, PostalCodeLookup } from '../../../features/form/PostalCodeLookup';
import { StandardItemField } from '../../../features/form/StandardItemField';
import { dropDraft, keepDraft, readDraft } from '../../../features/unsaved/draft-store';
import { SessionEnded } from '../../../features/unsaved/SessionEnded';
import { UnsavedGuard } from '../../../features/unsaved/UnsavedGuard';
import { isEditable, screenPath, type Application } from '../../../features/submission/application';
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
  // Computed once as the editor opens, so answered fields do not vanish while the resident types.
  const [pages, setPages] = useState(() => openingPages(definition, saved, fieldFromSearch, fromReview));
  const isHiddenBy = useMemo(() => hiddenChecker(definition), [definition]);
  const items = useMemo(
    () => new Map(definition.fragments.flatMap((f) => f.items).map((i) => [i.code, i])),
    [definition],
  );
  const states = useMemo(() => statesByCode(saved), [saved]);
  const savedValues = useMemo(() => savedAnswers(saved), [saved]);
  // The page of ?field=code (a change link, a submission problem), else ?page=N, else the first.
  const fieldPage = fieldFromSearch ? pageOfItem(pages, fieldFromSearch) : -1;
  const requested = fieldPage >= 0 ? fieldPage + 1 : Number(search.page) || 1;
  const pageNumber = Math.min(Math.max(requested, 1), Math.max(pages.length, 1));
  const pageIndex = pageNumber - 1;
  const page = pages[pageIndex];
  const pageCodes = useMemo(() => new Set(page?.items.map((i) => i.code) ?? []), [page]);

  // Input kept from before a re-sign-in or a reload comes back over the saved answers.
  const draftKey = `${application.id}:form`;
  const [draft] = useState(() => readDraft<Values>(draftKey));
  const [values, setValues] = useState<Values>(() => ({ ...initialValues(definition, saved), ...draft }));
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
  const isRequired = (item: FormItem) => item.required && !isHidden(item.code);

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

  const setValue = (itemCode: string, value: string | string[]) => {
    dirty.current = true;
    setValues((previous) => ({ ...previous, [itemCode]: value }));
    setCopied(null);
  };

  /** An item's label in the page's language. */
  const nameOf = (itemCode: string) => {
    const item = items.get(itemCode);
    return item ? loc.field(item, 'name').text : itemCode;
  };
  const summary: SummaryProblem[] = Object.entries(errors).map(([itemCode, message]) => ({
    target: fieldId(itemCode),
    label: nameOf(itemCode),
    message,
  }));

  const goToProblem = (problem: SummaryProblem) => {
    const itemCode = problem.target.replace(/^field-/, '');
    const index = pageOfItem(pages, itemCode);
    if (index >= 0 && index !== pageIndex) goToPage(index, { kind: 'field', code: itemCode });
    else setFocus({ kind: 'field', code: itemCode });
  };

  const review = screenPath(code, application.id, 'formValues');
  const isLast = pageIndex >= pages.length - 1;

  const submit = (direction: 'next' | 'back') => {
    setGeneral(null);
    setSessionEnded(false);
    const pageItems = page?.items ?? [];
    // Required answers of this page are checked here; the server checks every answer again.
    const local: Record<string, string> = {};
    if (direction === 'next') {
      for (const item of pageItems) {
        if (isHidden(item.code)) continue;
        const problem = checkItem(item, values[item.code], isRequired(item));
        if (problem?.key === 'required') local[item.code] = problemText(problem);
      }
    }
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setFocus({ kind: 'summary' });
      return;
    }
    const body = {
      standard_item_fragments: fragmentsToSave(pageItems, values, isHidden),
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
              if (v.sequence === 1 && v.value !== null) next[v.standard_item_code] = v.value;
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
              const itemCode = fieldCode(field);
              const item = items.get(itemCode);
              const problem = item ? checkItem(item, values[itemCode], isRequired(item)) : null;
              next[itemCode] = problem ? problemText(problem) : t('errors.field');
              // An item the form left out (asked on an assistant page) comes back with its fragment.
              if (pageOfItem(shown, itemCode) < 0) shown = withFullFragment(definition, shown, itemCode);
            }
            if (shown !== pages) {
              setPages(shown);
              // The page on screen stays on screen when a page is put before it.
              const here = page ? shown.findIndex((p) => p.fragment === page.fragment) : -1;
              if (here >= 0 && here !== pageIndex) goToPage(here, null, true);
            }
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

  const copies = definition.copies.filter((c) => c.pairs.some((p) => pageCodes.has(p.target)));
  const nameChecks = definition.name_checks.filter((group) => group.every((c) => pageCodes.has(c)));

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
            {page.items.map((item) => {
              if (isHidden(item.code)) return null;
              const value = values[item.code];
              const address = item.type === 'postal_code' ? addressItemFor(item.code, pageCodes) : null;
              const group = nameChecks.find((g) => g[g.length - 1] === item.code);
              const source = sourceNote(states.get(item.code), savedValues[item.code], value);
              return (
                <StandardItemField
                  key={item.code}
                  item={item}
                  value={value}
                  required={isRequired(item)}
                  error={errors[item.code]}
                  note={sourceText(t, source)}
                  onChange={(next) => setValue(item.code, next)}
                  onBlur={
                    item.type === 'postal_code'
                      ? () => {
                          // 100-0001 and full-width digits become the 7 digits the item takes.
                          const digits = typeof value === 'string' ? normalizePostalCode(value) : null;
                          if (digits && digits !== value) setValue(item.code, digits);
                        }
                      : undefined
                  }
                >
                  {address ? (
                    <PostalCodeLookup
                      code={item.code}
                      postalCode={typeof value === 'string' ? value : ''}
                      address={typeof values[address] === 'string' ? (values[address] as string) : ''}
                      onFound={(text, zip) => {
                        dirty.current = true;
                        setValues((previous) => ({ ...previous, [item.code]: zip, [address]: text }));
                      }}
                    />
                  ) : null}
                  {group ? (
                    <NameCheck
                      id={group.join('-')}
                      label={group.map(nameOf).join(loc.language === 'ja' ? '・' : ', ')}
                      parts={group.map((c) => {
                        const v = values[c];
                        return typeof v === 'string' ? v : '';
                      })}
                    />
                  ) : null}
                </StandardItemField>
              );
            })}
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
