// applications/{id}/conciergeAssistant: the assistant questions, one page per shown sub category
// (`?sub=<id>`), with breadcrumbs, the page's image, live view rules (features/assistant), inline forms,
// the scoped-out message with what to do instead, and "why am I seeing this". A choice is saved at once
// (PUT concierge-values: the server keeps it and derives values from it); "next" saves the inline forms
// (PUT form/) and goes to the next shown page. Without `?sub` the server opens the first shown page not
// answered yet, so a resident who comes back continues where they stopped.
import ChildFriendlyIcon from '@mui/icons-material/ChildFriendly';
import DescriptionIcon from '@mui/icons-material/Description';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import PaymentsIcon from '@mui/icons-material/Payments';
import PregnantWomanIcon from '@mui/icons-material/PregnantWoman';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Concierge, ConciergeCategory, StandardItem } from '@portal/contracts';
import { copyOffered, japanDate } from '@portal/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  assistantPage,
  choose,
  copiedValues,
  copyPairs,
  formCodes,
  itemProblem,
  labelIndex,
  pageValues,
  questionReasons,
  ruleReasons,
  shownPages,
  startingItems,
  subCategoriesOf,
  type AssistantPage,
  type Items,
  type LabelIndex,
  type Reason,
} from '../../../features/assistant/assistant';
import { ItemField } from '../../../features/assistant/ItemField';
import { addressItemFor } from '../../../features/form/form-model';
import type { FormDefinition, FormValuesResult } from '../../../lib/items/form-types';
import { fieldNote } from '../../../features/form/SourceNote';
import { savedAnswers, sourceNote, statesByCode } from '../../../features/form/sources';
import { PostalCodeLookup } from '../../../features/form/PostalCodeLookup';
import { reasonText } from '../../../features/assistant/reasons';
import { ConciergeQuestion } from '../../../features/concierge/ConciergeQuestion';
import { ApplicationGate } from '../../../features/steps/ApplicationGate';
import { screenPath, useApplicationParams, type Application } from '../../../lib/application/steps';
import { dropDraft, keepDraft, readDraft } from '../../../features/unsaved/draft-store';
import { SessionEnded } from '../../../features/unsaved/SessionEnded';
import { UnsavedGuard } from '../../../features/unsaved/UnsavedGuard';
import { errorFields, isApiError, useApiMutation, useApiQuery, type ApiResult } from '../../../lib/api';
import { ErrorMessage, LoadError, Loading } from '../../../lib/layout/feedback';
import { Localized, useLocalized, type LocalizedText } from '../../../lib/i18n/localized';
import { usePageTitle } from '../../../lib/router/head';
import { RouterButton, RouterLink } from '../../../lib/router/RouterLink';

type AssistantView = ApiResult<'applicant.concierge_assistant.get'>;

/** `?sub=4`: a positive integer, or undefined. */
function subOf(search: Record<string, unknown>): number | undefined {
  const n = Number(search.sub);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export function ConciergeAssistantScreen() {
  const { t } = useTranslation();
  const { code, applicationId } = useApplicationParams();
  const sub = subOf(useSearch({ strict: false }) as Record<string, unknown>);
  return (
    <ApplicationGate code={code} applicationId={applicationId} title={t('screens.conciergeAssistant')}>
      {(application) => <Assistant code={code} application={application} sub={sub} />}
    </ApplicationGate>
  );
}

/** Items the catalog does not describe are still shown, as plain text fields. */
const plainItem = (code: string): StandardItem => ({
  code,
  name: code,
  type: 'text',
  required: false,
  min_length: null,
  max_length: null,
  pattern: null,
  choices: [],
  reading_of: null,
  suffix: null,
  remarks: null,
});

function Assistant({ code, application, sub }: { code: string; application: Application; sub?: number }) {
  const { t } = useTranslation();
  const { language } = useLocalized();
  const params = { code, applicationId: application.id };
  const group = application.procedure_group_id;
  const view = useApiQuery('applicant.concierge_assistant.get', {
    params,
    query: sub === undefined ? {} : { concierge_sub_category_id: sub },
  });
  const values = useApiQuery('applicant.form.values', { params });
  // The item definitions of every procedure of the group (inline forms fill items of any of them).
  const procedures = useApiQuery('applicant.procedures', {
    params: { code },
    query: { procedure_group_id: group },
  });
  const ids = procedures.data?.available
    .map((p) => p.id)
    .sort((a, b) => a - b)
    .join(',');
  const form = useApiQuery(
    'applicant.form.get',
    {
      params: { code },
      query: {
        procedure_group_id: group,
        procedure_ids: ids ?? '',
        version: application.configuration_version,
      },
    },
    { enabled: Boolean(ids), staleTime: Infinity },
  );
  // The filter's questions, only to quote them in "why am I seeing this".
  const filter = useApiQuery(
    'applicant.concierge_filter.get',
    { params: { code }, query: { procedure_group_id: group } },
    { staleTime: Infinity },
  );

  const catalog = useMemo(
    () => new Map((form.data?.fragments ?? []).flatMap((f) => f.items.map((i) => [i.code, i] as const))),
    [form.data],
  );
  const labels = useMemo(
    () =>
      labelIndex(
        [...(filter.data ? [filter.data.category] : []), ...(view.data?.categories ?? [])],
        catalog,
        language,
      ),
    [filter.data, view.data?.categories, catalog, language],
  );

  const editable = application.status === 'draft' || application.status === 'remanded';
  const waiting =
    view.isPending ||
    values.isPending ||
    (procedures.isPending && !procedures.isError) ||
    (form.isPending && form.fetchStatus !== 'idle');
  if (waiting) {
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{t('screens.conciergeAssistant')}</Typography>
        <Loading />
      </Stack>
    );
  }
  const failed = view.error ?? values.error;
  if (failed || !view.data || !values.data) {
    const notShown = isApiError(failed) && failed.status === 400;
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{t('screens.conciergeAssistant')}</Typography>
        {notShown ? (
          <Alert severity="warning">
            {t('applicantFlow.assistant.pageNotShown')}{' '}
            <RouterLink to={screenPath(code, application.id, 'conciergeAssistant')}>
              {t('applicantFlow.assistant.toFirstOpen')}
            </RouterLink>
          </Alert>
        ) : (
          <LoadError
            title={t('applicantFlow.assistant.loadError')}
            error={failed}
            onRetry={() => {
              void view.refetch();
              void values.refetch();
            }}
          />
        )}
      </Stack>
    );
  }
  const current = view.data.current_sub_category_id;
  if (sub === undefined && current !== null && editable) {
    // The page the server opened is pinned in the address: saving its answers must not move it.
    return <PinPage code={code} applicationId={application.id} sub={current} />;
  }
  if (current === null || !editable) {
    return <AssistantDone code={code} application={application} view={view.data} editable={editable} />;
  }
  return (
    <AssistantPageForm
      key={current}
      code={code}
      application={application}
      view={view.data}
      subId={current}
      formValues={values.data}
      catalog={catalog}
      copies={form.data?.copies ?? []}
      labels={labels}
      catalogError={form.isError || procedures.isError}
    />
  );
}

/** Puts the page the server chose into the address (`?sub=`), replacing the history entry. */
function PinPage({ code, applicationId, sub }: { code: string; applicationId: string; sub: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({
      to: screenPath(code, applicationId, 'conciergeAssistant'),
      search: { sub } as never,
      replace: true,
    });
  }, [navigate, code, applicationId, sub]);
  return <Loading />;
}

const images: Record<string, typeof ChildFriendlyIcon> = {
  birth: ChildFriendlyIcon,
  pregnancy: PregnantWomanIcon,
  family: FamilyRestroomIcon,
  document: DescriptionIcon,
  money: PaymentsIcon,
};

/** The page's illustration by its image_type (decorative: the heading says what the page is about). */
function PageImage({ type }: { type: string | null }) {
  const Icon = type ? images[type] : undefined;
  if (!Icon) return null;
  return (
    <Box
      aria-hidden="true"
      data-image-type={type}
      sx={{
        flex: '0 0 auto',
        width: { xs: 56, sm: 72 },
        height: { xs: 56, sm: 72 },
        borderRadius: '50%',
        backgroundColor: '#E8F1FE',
        color: 'primary.main',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      <Icon sx={{ fontSize: { xs: 32, sm: 40 } }} />
    </Box>
  );
}

/** "Why am I seeing this": a button that shows the reasons below it. */
function Why({ id, label, reasons }: { id: string; label: string; reasons: Reason[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Box>
      <Button
        size="small"
        startIcon={<HelpOutlineIcon aria-hidden="true" />}
        aria-expanded={open}
        aria-controls={`${id}-why`}
        onClick={() => setOpen(!open)}
        sx={{ px: 0.5 }}
      >
        {label}
      </Button>
      <Box
        id={`${id}-why`}
        hidden={!open}
        sx={{ mt: 0.5, pl: 1.5, borderLeft: 3, borderColor: 'primary.main' }}
      >
        <Typography variant="body2" component="div">
          {reasons.length === 1 ? (
            reasonText(t, reasons[0]!)
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {reasons.map((r, i) => (
                <li key={i}>{reasonText(t, r)}</li>
              ))}
            </Box>
          )}
        </Typography>
      </Box>
    </Box>
  );
}

/** The title of a page's category, in the page's language. */
function CategoryTitle({ category }: { category: ConciergeCategory | undefined }) {
  const { field } = useLocalized();
  return category ? <Localized text={field(category, 'title')} /> : null;
}

/** The scoped-out message: why the online route ends here, and what to do instead. */
function ScopedOut({
  code,
  messages,
  alertRef,
  children,
}: {
  code: string;
  messages: LocalizedText[];
  alertRef?: (element: HTMLDivElement | null) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" data-testid="scoped-out" ref={alertRef} tabIndex={-1}>
      <AlertTitle component="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
        {t('applicantFlow.assistant.scopedOutHeading')}
      </AlertTitle>
      {messages.map((message) => (
        <Typography key={message.text} sx={{ fontWeight: 700 }} gutterBottom>
          <Localized text={message} />
        </Typography>
      ))}
      <Typography component="h3" sx={{ fontWeight: 700, mt: 1.5 }}>
        {t('applicantFlow.assistant.insteadHeading')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        <li>{t('applicantFlow.assistant.insteadCounter')}</li>
        <li>{t('applicantFlow.assistant.insteadChange')}</li>
        <li>
          {t('applicantFlow.assistant.insteadLater')}{' '}
          <RouterLink to={`/municipalities/${code}/applications`}>
            {t('applicantFlow.common.toApplications')}
          </RouterLink>
        </li>
      </Box>
      {children}
    </Alert>
  );
}

function AssistantPageForm({
  code,
  application,
  view,
  subId,
  formValues,
  catalog,
  copies,
  labels,
  catalogError,
}: {
  code: string;
  application: Application;
  view: AssistantView;
  subId: number;
  /** The saved answers and item states (prefills and their sources). */
  formValues: FormValuesResult;
  catalog: ReadonlyMap<string, StandardItem>;
  /** The "same as ..." copies the form definition carries (with their conditions). */
  copies: FormDefinition['copies'];
  labels: LabelIndex;
  catalogError: boolean;
}) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = { code, applicationId: application.id };
  const today = useMemo(() => japanDate(new Date()), []);
  const categories: ConciergeCategory[] = view.categories;
  const [chosen, setChosen] = useState<number[]>(view.selected_option_ids);
  // Typed answers not yet saved survive a re-sign-in or a reload (kept per page in this tab).
  const draftKey = `${application.id}:assistant:${subId}`;
  const [draft] = useState(() => readDraft<Items>(draftKey));
  const [edits, setEdits] = useState<Items>(() => draft ?? {});
  const dirty = useRef(draft !== null);
  useEffect(() => {
    if (dirty.current) keepDraft(draftKey, edits);
  }, [draftKey, edits]);
  const [copied, setCopied] = useState<number[]>([]);
  const [shownIds, setShownIds] = useState(view.shown_sub_category_ids);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<unknown>(null);
  const [announcement, setAnnouncement] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const stored = useMemo(() => startingItems(formValues), [formValues]);
  const savedItems = useMemo(() => savedAnswers(formValues), [formValues]);
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

  const saveOptions = useApiMutation('applicant.concierge_assistant.answer');
  const saveForm = useApiMutation('applicant.form.update');
  const latest = useRef(0);
  // Option saves go one after another, so the server keeps the last choice (arrow keys send several).
  const pendingSaves = useRef<Promise<unknown>>(Promise.resolve());
  const inOrder = <T,>(send: () => Promise<T>): Promise<T> => {
    const run = pendingSaves.current.catch(() => undefined).then(send);
    pendingSaves.current = run;
    return run;
  };
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const scopedRef = useRef<HTMLDivElement | null>(null);
  const [focus, setFocus] = useState<'heading' | 'summary' | 'scoped' | null>(null);
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

  const sub = page?.sub;
  usePageTitle(
    sub
      ? t('applicantFlow.assistant.pageTitle', {
          page: loc.field(sub, 'name').text,
          current: index + 1,
          total: pages.length,
        })
      : undefined,
  );
  if (!page || !sub) {
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{t('screens.conciergeAssistant')}</Typography>
        <Alert severity="warning">{t('applicantFlow.assistant.pageNotShown')}</Alert>
      </Stack>
    );
  }

  const afterSave = () => {
    void queryClient.invalidateQueries({ queryKey: ['applicant.concierge_assistant.get'] });
    void queryClient.invalidateQueries({ queryKey: ['applicant.form.values'] });
    void queryClient.invalidateQueries({ queryKey: ['applicant.applications'] });
    void queryClient.invalidateQueries({ queryKey: ['applicant.application.procedures.get'] });
  };

  const onChoose = (concierge: Concierge, optionId: number) => {
    const next = choose(chosen, concierge, optionId);
    setChosen(next);
    setErrors((e) => {
      const rest = { ...e };
      delete rest[`concierge-${concierge.id}`];
      return rest;
    });
    const after = assistantPage(categories, subId, next, items, today);
    if (!after) return;
    const call = ++latest.current;
    const body = { concierge_sub_category_id: subId, concierge_option_ids: after.answers };
    inOrder(() => saveOptions.mutateAsync({ params, body })).then(
      (data) => {
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

  const onItem = (code: string, value: string | string[]) => {
    dirty.current = true;
    setEdits((e) => ({ ...e, [code]: value }));
    if (errors[code]) {
      setErrors((e) => {
        const rest = { ...e };
        delete rest[code];
        return rest;
      });
    }
  };

  const onCopy = (concierge: Concierge) => {
    const values = copiedValues(copyPairs(concierge, copies), items);
    dirty.current = true;
    setEdits((e) => ({ ...e, ...values }));
    setCopied((c) => (c.includes(concierge.id) ? c : [...c, concierge.id]));
    setAnnouncement(t('applicantFlow.assistant.copied', { label: concierge.copyable_label ?? '' }));
  };

  const validate = (current: AssistantPage): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const q of current.questions) {
      if (q.concierge.type === 'QT' && q.options.length > 0 && q.selected === undefined) {
        out[`concierge-${q.concierge.id}`] = t('applicantFlow.assistant.answerThis');
      }
    }
    for (const code of formCodes(current)) {
      const item = catalog.get(code) ?? plainItem(code);
      const found = itemProblem(item, items[code]);
      if (found) {
        out[code] = t(`applicantFlow.item.${found.key}`, {
          name: loc.field(item, 'name').text,
          count: 'count' in found ? found.count : undefined,
        });
      }
    }
    return out;
  };

  const onNext = async () => {
    if (page.scopedOut) {
      setFocus('scoped');
      return;
    }
    const found = validate(page);
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
      dropDraft(draftKey);
      latest.current++;
      const saved = await inOrder(() =>
        saveOptions.mutateAsync({
          params,
          body: { concierge_sub_category_id: subId, concierge_option_ids: page.answers },
        }),
      );
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
      // The server's field problems in the app's own words: the item's check text, named.
      const fields: Record<string, string> = {};
      for (const field of errorFields(error)) {
        const code = field.split('.')[0] ?? field;
        const item = catalog.get(code);
        fields[code] = item
          ? t('applicantFlow.item.invalid', { name: loc.field(item, 'name').text })
          : t('errors.field');
      }
      if (isApiError(error)) setErrors(fields);
      setProblem(error);
      setFocus('summary');
    } finally {
      setSubmitting(false);
    }
  };

  const errorList = Object.entries(errors);
  const saving = submitting;
  const pageReasons = ruleReasons(sub.view_rules, labels);

  return (
    <Stack
      spacing={3}
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onNext();
      }}
    >
      <Breadcrumbs aria-label={t('applicantFlow.assistant.breadcrumbs')}>
        {loc.list(sub.breadcrumbs, sub.en?.breadcrumbs).map((crumb, i) => (
          <Typography
            key={`${i}:${crumb.text}`}
            variant="body2"
            aria-current={i === sub.breadcrumbs.length - 1 ? 'page' : undefined}
            sx={{ color: i === sub.breadcrumbs.length - 1 ? 'text.primary' : 'text.secondary' }}
          >
            <Localized text={crumb} />
          </Typography>
        ))}
      </Breadcrumbs>

      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <PageImage type={sub.image_type} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            <CategoryTitle
              category={categories.find((c) => c.concierge_sub_category.some((s) => s.id === sub.id))}
            />
          </Typography>
          <Typography variant="h1" ref={headingRef} tabIndex={-1} sx={{ outline: 'none' }}>
            <Localized text={loc.field(sub, 'name')} />
          </Typography>
        </Box>
      </Stack>

      <Box>
        <Typography id="assistant-progress" variant="body2" gutterBottom>
          {t('applicantFlow.assistant.progress', { current: index + 1, total: pages.length })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={pages.length === 0 ? 0 : ((index + 1) / pages.length) * 100}
          aria-labelledby="assistant-progress"
        />
      </Box>

      <Why id={`page-${sub.id}`} label={t('applicantFlow.why.page')} reasons={pageReasons} />

      {catalogError ? <Alert severity="info">{t('applicantFlow.assistant.catalogError')}</Alert> : null}

      <UnsavedGuard isDirty={() => dirty.current} />
      {draft ? <Alert severity="info">{t('unsaved.restored')}</Alert> : null}
      {isApiError(problem) && problem.code === 'unauthenticated' ? (
        <SessionEnded ref={summaryRef} code={code} beforeLeave={() => keepDraft(draftKey, edits)} />
      ) : errorList.length > 0 || problem ? (
        <Alert severity="error" ref={summaryRef} tabIndex={-1} data-testid="error-summary">
          <AlertTitle component="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
            {errorList.length > 0
              ? t('applicantFlow.common.errorSummary')
              : t('applicantFlow.assistant.saveError')}
          </AlertTitle>
          {errorList.length > 0 ? (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {errorList.map(([field, message]) => (
                <li key={field}>
                  <Link
                    href={`#${field.startsWith('concierge-') ? `${field}-label` : `item-${field}`}`}
                    onClick={(event) => {
                      event.preventDefault();
                      const target = field.startsWith('concierge-')
                        ? document.querySelector<HTMLElement>(`[data-concierge="${field.slice(10)}"] input`)
                        : document.getElementById(`item-${field}`);
                      target?.focus();
                    }}
                  >
                    {message}
                  </Link>
                </li>
              ))}
            </Box>
          ) : null}
          {problem && errorList.length === 0 ? (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {typeof problem === 'string' ? problem : <ErrorMessage error={problem} />}
            </Typography>
          ) : null}
        </Alert>
      ) : null}

      {page.questions.map((question) => {
        const reasons = questionReasons(question.concierge, page, labels);
        const why =
          reasons.length === 1 && reasons[0]!.kind === 'always' ? null : (
            <Why
              id={`concierge-${question.concierge.id}`}
              label={t('applicantFlow.why.question')}
              reasons={reasons}
            />
          );
        if (question.concierge.type === 'QT') {
          return (
            <Paper key={question.concierge.id} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <ConciergeQuestion
                question={question}
                error={errors[`concierge-${question.concierge.id}`]}
                onChoose={(optionId) => onChoose(question.concierge, optionId)}
              />
              {why}
            </Paper>
          );
        }
        return (
          <Paper
            key={question.concierge.id}
            component="fieldset"
            variant="outlined"
            data-concierge={question.concierge.id}
            sx={{ p: { xs: 2, sm: 3 }, m: 0, minWidth: 0 }}
            aria-describedby={question.concierge.remarks ? `fo-${question.concierge.id}-remarks` : undefined}
          >
            {/* Floated: the legend sits inside the box instead of across its border. */}
            <Typography
              component="legend"
              sx={{ fontWeight: 700, float: 'left', width: '100%', p: 0, mb: 1 }}
            >
              <Localized
                text={loc.field(question.concierge, question.concierge.question.trim() ? 'question' : 'name')}
              />
            </Typography>
            {question.concierge.remarks ? (
              <Typography
                id={`fo-${question.concierge.id}-remarks`}
                variant="body2"
                color="text.secondary"
                sx={{ mb: 1, clear: 'both' }}
              >
                {t('filter.remarks')}: <Localized text={loc.field(question.concierge, 'remarks')} />
              </Typography>
            ) : null}
            {question.concierge.copyable_label &&
            (copyOffered(copyPairs(question.concierge, copies), items) ||
              copied.includes(question.concierge.id)) ? (
              <Button
                variant="outlined"
                size="small"
                sx={{ mb: 2 }}
                onClick={() => onCopy(question.concierge)}
              >
                {t('applicantFlow.assistant.copy', {
                  label: loc.field(question.concierge, 'copyable_label').text,
                })}
              </Button>
            ) : null}
            <Stack spacing={2.5} sx={{ mt: 1, clear: 'both' }}>
              {question.concierge.standard_item_code.map((itemCode) => {
                const item = catalog.get(itemCode) ?? plainItem(itemCode);
                // Where the address is first typed, the postal code fills it (as on the form).
                const address =
                  item.type === 'postal_code'
                    ? addressItemFor(itemCode, new Set(question.concierge.standard_item_code))
                    : null;
                const text = (code: string) =>
                  typeof items[code] === 'string' ? (items[code] as string) : '';
                return (
                  <ItemField
                    key={itemCode}
                    item={item}
                    value={items[itemCode]}
                    error={errors[itemCode]}
                    note={fieldNote(
                      t,
                      states.get(itemCode),
                      sourceNote(states.get(itemCode), savedItems[itemCode], items[itemCode]),
                    )}
                    readOnly={states.get(itemCode)?.locked === true}
                    onChange={(value) => onItem(itemCode, value)}
                  >
                    {address ? (
                      <PostalCodeLookup
                        code={itemCode}
                        postalCode={text(itemCode)}
                        address={text(address)}
                        onFound={(found, zip) => {
                          onItem(itemCode, zip);
                          onItem(address, found);
                        }}
                      />
                    ) : null}
                  </ItemField>
                );
              })}
            </Stack>
            {why}
          </Paper>
        );
      })}

      <Box aria-live="polite">
        {page.scopedOut ? (
          <ScopedOut
            code={code}
            messages={loc.list(page.scopedOutMessages, page.scopedOutMessagesEn)}
            alertRef={(element) => {
              scopedRef.current = element;
            }}
          />
        ) : null}
      </Box>
      <Box
        aria-live="polite"
        sx={{
          position: 'absolute',
          width: '1px',
          height: '1px',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
        }}
      >
        {announcement}
      </Box>

      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between' }}
      >
        {previous ? (
          <RouterButton
            to={screenPath(code, application.id, 'conciergeAssistant')}
            search={{ sub: previous.id } as never}
            variant="outlined"
            size="large"
            onClick={() => {
              pendingFocus.current = true;
            }}
          >
            {t('applicantFlow.assistant.previous')}
          </RouterButton>
        ) : (
          <RouterButton
            to={screenPath(code, application.id, 'stepsExplanation')}
            variant="outlined"
            size="large"
          >
            {t('applicantFlow.assistant.toSteps')}
          </RouterButton>
        )}
        <Button type="submit" variant="contained" size="large" disabled={saving}>
          {saving
            ? t('applicantFlow.common.saving')
            : isLast
              ? t('applicantFlow.assistant.finish')
              : t('applicantFlow.assistant.next')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Set just before moving to another page of the assistant: the new page focuses its heading. */
const pendingFocus = { current: false };

/** Every shown page answered: the pages to look at again, then on to the procedures. */
function AssistantDone({
  code,
  application,
  view,
  editable,
}: {
  code: string;
  application: Application;
  view: AssistantView;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const pages = shownPages(view.categories, view.shown_sub_category_ids);
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.conciergeAssistant')}
        </Typography>
        <Typography>
          {editable ? t('applicantFlow.assistant.doneIntro') : t('applicantFlow.assistant.readOnly')}
        </Typography>
      </Box>
      {view.is_scopedout ? (
        <ScopedOut code={code} messages={loc.list(view.scopedout_messages, view.en?.scopedout_messages)} />
      ) : null}
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="assistant-pages"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" id="assistant-pages" gutterBottom>
          {t('applicantFlow.assistant.pagesHeading')}
        </Typography>
        <List>
          {pages.map((p) => (
            <ListItem key={p.id} divider>
              {editable ? (
                <RouterLink
                  to={screenPath(code, application.id, 'conciergeAssistant')}
                  search={{ sub: p.id } as never}
                >
                  {t('applicantFlow.assistant.reviewPage', { page: loc.field(p, 'name').text })}
                </RouterLink>
              ) : (
                <Localized text={loc.field(p, 'name')} />
              )}
            </ListItem>
          ))}
        </List>
      </Paper>
      {editable && !view.is_scopedout ? (
        <Box>
          <RouterButton to={screenPath(code, application.id, 'procedures')} variant="contained" size="large">
            {t('applicantFlow.assistant.toProcedures')}
          </RouterButton>
        </Box>
      ) : null}
    </Stack>
  );
}
