// /municipalities/{code}/conciergeFilter: the filter questions of a procedure group, evaluated live with
// the rules engine, confirmed by the server; then the applicable procedures (or why the online route
// ends) and the way on to sign-in and the application. The answers live in the address (`answers=1-3-5`),
// so a reload or the return from sign-in keeps them.
import { japanDate } from '@portal/rules';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConciergeCategory } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConciergeQuestion } from '../../../features/concierge/ConciergeQuestion';
import {
  choose,
  decodeAnswers,
  encodeAnswers,
  filterResultQuery,
  filterView,
  postedAnswers,
} from '../../../features/concierge/filter';
import {
  pickGroup,
  useMunicipalityCode,
  useMunicipalityHome,
} from '../../../features/municipality/municipality';
import { apiQueryKey, useApiMutation, useApiQuery, type ApiResult } from '../../../lib/api';
import { Localized, LocalizedField, useLocalized } from '../../../lib/i18n/localized';
import { PageForm } from '../../../lib/forms/PageForm';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { safeLocation } from '../../../lib/navigation/navigation-guard';
import { applicantLoginUrl } from '../../../lib/router/guards';
import { usePageTitle } from '../../../lib/router/head';
import { RouterLink } from '../../../lib/router/RouterLink';

type FilterResult = ApiResult<'applicant.concierge_filter.evaluate'>;

export function ConciergeFilterScreen() {
  const { t } = useTranslation();
  const code = useMunicipalityCode();
  // Not strict: the answers may arrive as a number (`answers=7`); decodeAnswers reads either.
  const search = useSearch({ strict: false }) as { procedure_group_id?: number; answers?: unknown };
  const home = useMunicipalityHome(code);
  const groupId = search.procedure_group_id ?? (home.data ? pickGroup(home.data, undefined)?.id : undefined);
  const filter = useApiQuery(
    'applicant.concierge_filter.get',
    { params: { code }, query: { procedure_group_id: groupId ?? 0 } },
    { enabled: groupId !== undefined },
  );
  const { field, language } = useLocalized();
  // The configuration's title in the page's language, else the app's own heading: the heading is shown
  // once the category has loaded and never changes language afterwards.
  const configured = filter.data ? field(filter.data.category, 'title') : undefined;
  const title =
    configured && configured.text.trim() !== '' && configured.lang === language
      ? configured.text
      : t('screens.conciergeFilter');
  usePageTitle(filter.data || filter.isError ? title : undefined);

  if (groupId === undefined) {
    if (home.isPending) return <Loading />;
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{t('screens.conciergeFilter')}</Typography>
        <Alert severity="warning">
          {t('filter.missingGroup')}{' '}
          <RouterLink to={`/municipalities/${code}`}>{t('common.backHome')}</RouterLink>
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      {filter.isPending ? (
        <Loading />
      ) : (
        <Box>
          <Typography variant="h1" gutterBottom>
            {title}
          </Typography>
          <Typography>{t('filter.intro')}</Typography>
        </Box>
      )}
      {filter.isError ? (
        <LoadError title={t('filter.loadError')} error={filter.error} onRetry={() => void filter.refetch()} />
      ) : null}
      {filter.data ? (
        <FilterForm
          key={`${groupId}:${filter.data.version}`}
          code={code}
          groupId={groupId}
          category={filter.data.category}
          initialAnswers={decodeAnswers(search.answers)}
        />
      ) : null}
    </Stack>
  );
}

function FilterForm({
  code,
  groupId,
  category,
  initialAnswers,
}: {
  code: string;
  groupId: number;
  category: ConciergeCategory;
  initialAnswers: number[];
}) {
  const { t } = useTranslation();
  const { field, list } = useLocalized();
  const navigate = useNavigate();
  const today = useMemo(() => japanDate(new Date()), []);
  const [chosen, setChosen] = useState(() => filterView(category, initialAnswers, today).answers);
  const view = useMemo(() => filterView(category, chosen, today), [category, chosen, today]);
  const [showErrors, setShowErrors] = useState(false);
  const queryClient = useQueryClient();
  // A page the server rendered for complete answers holds the server's decision (decision 0061).
  const [result, setResult] = useState<{ key: string; data: FilterResult } | null>(() => {
    const query = filterResultQuery(code, groupId, view.answers);
    const data = queryClient.getQueryData(query.queryKey);
    return data ? { key: encodeAnswers([...view.answers].sort((a, b) => a - b)), data } : null;
  });
  /** Where focus goes when the server's answer arrives: the result heading or the scoped-out message. */
  const resultRef = useRef<HTMLElement | null>(null);
  const focusTarget = (element: HTMLElement | null) => {
    resultRef.current = element;
  };
  const [focusResult, setFocusResult] = useState(false);
  useEffect(() => {
    if (!focusResult) return;
    setFocusResult(false);
    resultRef.current?.focus();
  }, [focusResult]);
  const formRef = useRef<HTMLFormElement>(null);
  const evaluate = useApiMutation('applicant.concierge_filter.evaluate');
  // Asked while the resident answers, so the result's next step is ready (and focusable) when it shows.
  useApiQuery('applicant.login.status');
  const key = encodeAnswers([...view.answers].sort((a, b) => a - b));
  const confirmed = result?.key === key ? result.data : null;

  const onChoose = (conciergeId: number, optionId: number) => {
    const concierge = view.sections
      .flatMap((s) => s.questions)
      .find((q) => q.concierge.id === conciergeId)?.concierge;
    if (!concierge) return;
    choices(filterView(category, choose(chosen, concierge, optionId), today).answers);
  };

  /** The answers now: kept, and in the address (a reload or the return from sign-in keeps them). */
  const choices = (next: number[]) => {
    setChosen(next);
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({
        ...previous,
        answers: encodeAnswers(next) || undefined,
      }),
      replace: true,
      resetScroll: false,
    });
  };

  /** Choices made on the server's HTML before the script ran count as chosen now. */
  const adoptChoices = (fields: Readonly<Record<string, string>>) => {
    const adopted = postedAnswers(category, fields, today);
    if (encodeAnswers(adopted) !== encodeAnswers(view.answers)) choices(adopted);
  };

  const confirm = () => {
    if (!view.complete && !view.scopedOut) {
      setShowErrors(true);
      const firstOpen = view.sections.flatMap((s) => s.questions).find((q) => q.selected === undefined);
      formRef.current
        ?.querySelector<HTMLInputElement>(`[data-concierge="${firstOpen?.concierge.id}"] input[type="radio"]`)
        ?.focus();
      return;
    }
    evaluate.mutate(
      { body: { procedure_group_id: groupId, concierge_option_ids: view.answers } },
      {
        onSuccess: (data) => {
          setResult({ key, data });
          setFocusResult(true);
        },
      },
    );
  };

  // Answers brought back in the address (a reload, the return from sign-in) are confirmed at once.
  const confirmOnOpen = useRef(
    initialAnswers.length > 0 && (view.complete || view.scopedOut) && result === null,
  );
  useEffect(() => {
    if (confirmOnOpen.current) {
      confirmOnOpen.current = false;
      confirm();
    }
  });

  const scopedOutMessages = confirmed
    ? list(confirmed.scopedout_messages, confirmed.en?.scopedout_messages)
    : list(view.scopedOutMessages, view.evaluation.scopedOutMessagesEn);
  const scopedOut = confirmed ? confirmed.is_scopedout : view.scopedOut;

  return (
    // A plain form too: without the script each press posts the answers and the server opens the page
    // for them (the next questions, or the decision).
    <PageForm
      action={`/municipalities/${code}/conciergeFilter`}
      fields={{ procedure_group_id: groupId }}
      onSubmit={confirm}
      adopt={adoptChoices}
      ref={formRef}
    >
      <Stack spacing={3}>
        {/* Answers so far, never a total: questions appear as the resident answers (decision 0043). */}
        <Typography id="filter-progress" variant="body2">
          {view.complete
            ? t('filter.progressDone', { answered: view.answered })
            : t('filter.progress', { answered: view.answered })}
        </Typography>

        {showErrors && !view.complete && !view.scopedOut ? (
          <Alert severity="error" role="alert">
            {t('filter.unanswered')}
          </Alert>
        ) : null}

        {view.sections.map((section) => (
          <Paper
            key={section.id}
            component="section"
            variant="outlined"
            aria-labelledby={`filter-section-${section.id}`}
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            <Typography variant="h2" id={`filter-section-${section.id}`} gutterBottom>
              <Localized text={field(section, 'name')} />
            </Typography>
            <Stack spacing={3}>
              {section.questions.map((question) => (
                <ConciergeQuestion
                  key={question.concierge.id}
                  question={question}
                  error={showErrors && question.selected === undefined ? t('filter.answerThis') : undefined}
                  onChoose={(optionId) => onChoose(question.concierge.id, optionId)}
                  required
                />
              ))}
            </Stack>
          </Paper>
        ))}

        <Box aria-live="polite">
          {scopedOut ? (
            <Alert
              severity="warning"
              data-testid="scoped-out"
              ref={confirmed ? focusTarget : undefined}
              tabIndex={-1}
            >
              <AlertTitle component="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
                {t('filter.scopedOutHeading')}
              </AlertTitle>
              <Typography gutterBottom>{t('filter.scopedOutHelp')}</Typography>
              {scopedOutMessages.map((message) => (
                <Typography key={message.text} sx={{ fontWeight: 700 }}>
                  <Localized text={message} />
                </Typography>
              ))}
            </Alert>
          ) : null}
        </Box>

        {evaluate.isError ? <LoadError title={t('filter.confirmError')} error={evaluate.error} /> : null}

        {!confirmed || confirmed.is_scopedout ? (
          <Box>
            <Button type="submit" variant="contained" size="large" disabled={evaluate.isPending}>
              {evaluate.isPending ? t('filter.checking') : t('filter.confirm')}
            </Button>
          </Box>
        ) : null}

        {confirmed && !confirmed.is_scopedout ? (
          <FilterOutcome
            code={code}
            groupId={groupId}
            answers={view.answers}
            result={confirmed}
            headingRef={focusTarget}
          />
        ) : null}
      </Stack>
    </PageForm>
  );
}

/** The applicable procedures and the way on: sign-in, then a new application. */
function FilterOutcome({
  code,
  groupId,
  answers,
  result,
  headingRef,
}: {
  code: string;
  groupId: number;
  answers: number[];
  result: FilterResult;
  headingRef: (element: HTMLElement | null) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useApiQuery('applicant.login.status');
  const create = useApiMutation('applicant.application.create');
  const queryClient = useQueryClient();
  const signedIn = status.data?.is_logged_in === true && (status.data.municipality_code ?? code) === code;
  const back = new URLSearchParams({ procedure_group_id: String(groupId), answers: encodeAnswers(answers) });
  const signInHref = applicantLoginUrl(code, `/municipalities/${code}/conciergeFilter?${back.toString()}`);

  // A press before the sign-in state is known waits for it: the button stays focusable meanwhile, so a
  // keyboard user's Tab on a slow connection does not skip the one way on.
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (waiting && !status.isPending) {
      setWaiting(false);
      next();
    }
  });

  const next = () => {
    if (status.isPending) {
      setWaiting(true);
      return;
    }
    if (!signedIn) {
      safeLocation.assign(signInHref);
      return;
    }
    create.mutate(
      { body: { procedure_group_id: groupId, concierge_option_ids: answers } },
      {
        onSuccess: async (application) => {
          // The resident's list now has one more application: screens under it read the list.
          await queryClient.invalidateQueries({ queryKey: apiQueryKey('applicant.applications') });
          void navigate({ to: `/municipalities/${code}/applications/${application.id}/stepsExplanation` });
        },
      },
    );
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="filter-result"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h2" id="filter-result" ref={headingRef} tabIndex={-1} gutterBottom>
        {t('filter.resultHeading')}
      </Typography>
      {result.procedures.length === 0 ? (
        <Typography>{t('filter.resultNone')}</Typography>
      ) : (
        <>
          <List data-testid="applicable-procedures">
            {result.procedures.map((p) => (
              <ListItem key={p.id} divider>
                <ListItemText
                  primary={<LocalizedField of={p} field="name" />}
                  slotProps={{ primary: { sx: { fontWeight: 700 } } }}
                />
              </ListItem>
            ))}
          </List>
          <Typography sx={{ my: 2 }}>
            {signedIn ? t('filter.resultNextSignedIn') : t('filter.resultNext')}
          </Typography>
          {create.isError ? <LoadError title={t('filter.createError')} error={create.error} /> : null}
          {/* Signed out, a link as well: it works before the script runs, and without it. */}
          <Button
            variant="contained"
            size="large"
            href={signedIn ? undefined : signInHref}
            onClick={(event: React.MouseEvent) => {
              event.preventDefault();
              next();
            }}
            disabled={create.isPending}
          >
            {signedIn ? t('filter.startSignedIn') : t('filter.startApplication')}
          </Button>
        </>
      )}
    </Paper>
  );
}
