// /municipalities/{code}/procedure-groups/{id}/preview: the applicant flow as the saved draft would show
// it, evaluated in the browser with the same rules engine (nothing is sent or stored): the filter
// questions to answer, the procedures they lead to (or why the online route ends), the identification
// routes, the texts of 申請の流れ and the completion, and the assistant questions. Where the draft has no
// procedures or questions yet, the built-in sample data stands in and says so.
import { japanDate, offerReasons, procedureRoutes, type TargetRoute } from '@portal/rules';
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
import type { Procedure, ProcedureGroupConfiguration } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConciergeQuestion } from '../../../features/concierge/ConciergeQuestion';
import { choose, filterView } from '../../../features/concierge/filter';
import { StepTextsPreview } from '../../../features/mastertool-editor/StepTextsPreview';
import { applicableProcedures, previewData } from '../../../features/mastertool-preview/preview-data';
import { STAGING_WEB_PREFIX } from '../../../lib/api/client';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { RouterButton } from '../../../lib/router/RouterLink';
import { useDraftGroup } from '../components/draft-group';
import { MastertoolPage } from '../components/MastertoolPage';

export function PreviewScreen() {
  const { t } = useTranslation();
  const { code, groupId, id, draft, title } = useDraftGroup({
    title: (name) => t('mastertool.preview.title', { name }),
    fallback: t('screens.preview'),
  });
  return (
    <MastertoolPage
      title={title}
      intro={t('mastertool.preview.intro')}
      back={{
        to: `/municipalities/${code}/procedure-groups/${groupId}/edit`,
        label: t('mastertool.backToEditor'),
      }}
      actions={
        <>
          <RouterButton
            to="/municipalities/$code/procedure-groups/$groupId/reflect"
            params={{ code, groupId }}
            variant="contained"
          >
            {t('mastertool.preview.toReflect')}
          </RouterButton>
          <Button
            component="a"
            variant="outlined"
            href={`${STAGING_WEB_PREFIX}/municipalities/${code}/conciergeFilter?procedure_group_id=${id}`}
          >
            {t('mastertool.preview.openStaging')}
          </Button>
        </>
      }
    >
      {draft.isPending ? <Loading /> : null}
      {draft.isError ? (
        <LoadError
          title={t('mastertool.editor.loadError')}
          error={draft.error}
          onRetry={() => void draft.refetch()}
        />
      ) : null}
      {draft.data ? <Preview config={draft.data.procedure_group} /> : null}
    </MastertoolPage>
  );
}

function Preview({ config }: { config: ProcedureGroupConfiguration }) {
  const { t } = useTranslation();
  const data = useMemo(() => previewData(config), [config]);
  const today = useMemo(() => japanDate(new Date()), []);
  const [chosen, setChosen] = useState<number[]>([]);
  const view = useMemo(() => filterView(data.filter, chosen, today), [data.filter, chosen, today]);
  const procedures = applicableProcedures(data.disclosure, view.evaluation.procedureCodes);
  const d = data.disclosure;
  // The configuration the preview runs (the sample's parts where the draft has none), for the reasons.
  const shownConfig = useMemo(
    () => ({
      ...config,
      disclosure: data.disclosure,
      concierge_set: { ...config.concierge_set, filter_concierge_category: data.filter },
    }),
    [config, data],
  );
  const routes = useMemo(() => procedureRoutes(shownConfig), [shownConfig]);
  const shownQuestions = new Set(
    view.evaluation.subCategories.flatMap((sub) => sub.concierges.filter((c) => c.shown).map((c) => c.id)),
  );
  const offered = new Set(view.scopedOut ? [] : procedures.map((p) => p.code));
  const notOffered = [...d.procedures]
    .sort((a, b) => a.sequence - b.sequence || a.id - b.id)
    .filter((p) => !offered.has(p.code));
  const identificationRoutes = [
    d.identifications.jpki ? t('mastertool.preview.jpki') : null,
    d.identifications.basic_four_information ? t('mastertool.preview.basicFour') : null,
    d.use_mynaportal ? t('mastertool.preview.mynaportal') : null,
  ].filter((x): x is string => x !== null);

  return (
    <Stack spacing={3}>
      {data.sample.procedures || data.sample.filter ? (
        <Alert severity="info">
          {data.sample.filter ? <div>{t('mastertool.preview.sampleFilter')}</div> : null}
          {data.sample.procedures ? <div>{t('mastertool.preview.sampleProcedures')}</div> : null}
        </Alert>
      ) : null}
      {!d.is_publish ? <Alert severity="warning">{t('mastertool.preview.notPublished')}</Alert> : null}

      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="preview-filter"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" id="preview-filter" gutterBottom>
          {data.filter.title.trim() || data.filter.name}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('mastertool.preview.progress', { answered: view.answered, total: view.total })}
        </Typography>
        <Stack spacing={3}>
          {view.sections.map((section) => (
            <Box key={section.id} component="section" aria-labelledby={`preview-section-${section.id}`}>
              <Typography variant="h3" id={`preview-section-${section.id}`} gutterBottom>
                {section.name}
              </Typography>
              <Stack spacing={2}>
                {section.questions.map((q) => (
                  <ConciergeQuestion
                    key={q.concierge.id}
                    question={q}
                    onChoose={(optionId) => setChosen((current) => choose(current, q.concierge, optionId))}
                  />
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
        {chosen.length > 0 ? (
          <Button sx={{ mt: 2 }} onClick={() => setChosen([])}>
            {t('mastertool.preview.reset')}
          </Button>
        ) : null}
      </Paper>

      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="preview-result"
        sx={{ p: { xs: 2, sm: 3 } }}
        aria-live="polite"
      >
        <Typography variant="h2" id="preview-result" gutterBottom>
          {t('mastertool.preview.resultHeading')}
        </Typography>
        {view.scopedOut ? (
          <Alert severity="warning">
            <AlertTitle>{t('mastertool.preview.scopedOut')}</AlertTitle>
            {view.scopedOutMessages.map((m) => (
              <Typography key={m}>{m}</Typography>
            ))}
          </Alert>
        ) : !view.complete ? (
          <Typography>{t('mastertool.preview.answerAll')}</Typography>
        ) : procedures.length === 0 ? (
          <Typography>{t('mastertool.preview.noProcedures')}</Typography>
        ) : (
          <List>
            {procedures.map((p) => (
              <ListItem key={p.id} divider sx={{ display: 'block' }}>
                <ListItemText
                  primary={p.name}
                  secondary={[
                    t('mastertool.preview.copies', { count: p.printed_copies }),
                    p.is_signature_digital_certificate ? t('mastertool.preview.signature') : null,
                  ]
                    .filter(Boolean)
                    .join(' / ')}
                />
                <Reasons
                  label={t('mastertoolCheck.preview.why')}
                  reasons={[
                    ...offerReasons(shownConfig, p.code, view.answers, shownQuestions).map((r) =>
                      t('applicantFlow.why.selected', { question: r.question, option: r.option ?? '' }),
                    ),
                    ...rulesReason(t, p, config),
                  ]}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>

      {notOffered.length > 0 ? (
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="preview-not-offered"
          sx={{ p: { xs: 2, sm: 3 } }}
          data-testid="preview-not-offered"
        >
          <Typography variant="h2" id="preview-not-offered" gutterBottom>
            {t('mastertoolCheck.preview.notOfferedHeading')}
          </Typography>
          <List>
            {notOffered.map((p) => (
              <ListItem key={p.id} divider sx={{ display: 'block' }}>
                <Typography sx={{ fontWeight: 700 }}>{p.name}</Typography>
                <Reasons
                  label={t('mastertoolCheck.preview.whyNot')}
                  reasons={notOfferedReasons(t, p, routes.get(p.code) ?? [], view.scopedOut, config)}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      ) : null}

      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="preview-disclosure"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" id="preview-disclosure" gutterBottom>
          {t('mastertool.preview.disclosureHeading')}
        </Typography>
        <Typography>{t('mastertool.preview.period', { start: d.start_date, end: d.end_date })}</Typography>
        <Typography>
          {t('mastertool.preview.routes', {
            routes: identificationRoutes.join('、') || t('mastertool.editor.none'),
          })}
        </Typography>
        <Typography>{t('mastertool.preview.procedureCount', { count: d.procedures.length })}</Typography>
      </Paper>

      <StepTextsPreview config={config} />

      {data.assistant.map((category) => (
        <Paper
          key={category.id}
          component="section"
          variant="outlined"
          aria-labelledby={`preview-assistant-${category.id}`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography variant="h2" id={`preview-assistant-${category.id}`} gutterBottom>
            {category.title.trim() || category.name}
          </Typography>
          {category.concierge_sub_category.map((sub) => (
            <Box key={sub.id} sx={{ mb: 2 }}>
              <Typography variant="h3" gutterBottom>
                {sub.name}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {sub.concierges.map((q) => (
                  <li key={q.id}>
                    <Typography component="span">{q.question.trim() || q.name}</Typography>
                    {q.concierge_options.length > 0 ? (
                      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                        {' '}
                        （{q.concierge_options.map((o) => o.value).join(' / ')}）
                      </Typography>
                    ) : null}
                  </li>
                ))}
              </Box>
            </Box>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

/** "Why": a label and its reasons, in the resident's "why am I seeing this" words (decision 0047). */
function Reasons({ label, reasons }: { label: string; reasons: string[] }) {
  if (reasons.length === 0) return null;
  return (
    <Box sx={{ mt: 0.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {label}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {reasons.map((r, i) => (
          <Typography component="li" variant="body2" key={i}>
            {r}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** A procedure's procedural rules, as the rules editor words their conditions. */
function rulesReason(t: TFunction, p: Procedure, config: ProcedureGroupConfiguration): string[] {
  if (p.procedural_rules.length === 0) return [];
  const name = (code: string) => config.standard_items.find((i) => i.code === code)?.name ?? code;
  const conditions = p.procedural_rules
    .map((list) =>
      list
        .map((c) =>
          t(`mastertool.prefill.conditions.${c.symbol === '' ? 'any' : c.symbol}`, {
            item: `「${name(c.standard_item_code)}」`,
            value: c.expected,
          }),
        )
        .join(t('mastertool.prefill.conditions.and')),
    )
    .join(t('mastertool.prefill.conditions.or'));
  return [t('mastertoolCheck.preview.rules', { conditions })];
}

/** Why a procedure is not offered for the preview's answers: what would lead to it, or that nothing does. */
function notOfferedReasons(
  t: TFunction,
  p: Procedure,
  routes: readonly TargetRoute[],
  scopedOut: boolean,
  config: ProcedureGroupConfiguration,
): string[] {
  const reachable = routes.filter((r) => r.reachable);
  if (reachable.length === 0) return [t('mastertoolCheck.preview.noRoute')];
  const out: string[] = scopedOut ? [t('mastertoolCheck.preview.scopedOut')] : [];
  for (const r of reachable) {
    out.push(
      r.type === 'QT'
        ? t('mastertoolCheck.preview.needs', {
            question: r.question,
            options: r.options.map((o) => o.value).join(t('mastertoolCheck.targets.or')),
          })
        : t('mastertoolCheck.preview.needsForm', { question: r.question }),
    );
    if (r.category === 'assistant') out.push(t('mastertoolCheck.preview.assistant'));
  }
  return [...out, ...rulesReason(t, p, config)];
}
