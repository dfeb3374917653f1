// The document's workflow steps, in order. Only the first open step can move (start or skip, approve or
// return, restart after a return), only by administrators and the department's clerks; the assignee and
// a memo go with each move. Each step says who moved it last and when (「承認：山田 花子（11月28日 14:03）」).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WorkflowStepStatus } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation, useApiQuery } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import type { Language } from '../../lib/i18n';
import { useSnackbar } from '../../lib/layout/snackbar';
import { ConflictNotice } from './ConflictNotice';
import { isStale } from './conflicts';
import { refreshDocument, reloadDocument } from './detail-cache';
import type { DocumentDetail } from './DocumentDetailScreen';
import { errorText } from '../../lib/staff/errors';
import { canActOnStep } from '../../lib/staff/permissions';
import { useStaffUser } from '../../lib/staff/staff-context';

type Step = DocumentDetail['workflow_details'][number];

/** The moves a step offers from its status. */
export function stepMoves(status: WorkflowStepStatus): WorkflowStepStatus[] {
  switch (status) {
    case 'pending':
      return ['in_progress', 'skipped'];
    case 'in_progress':
      return ['approved', 'returned'];
    case 'returned':
      return ['in_progress'];
    default:
      return [];
  }
}

/** A step's time in short words: 「11月28日 14:03」 (with the year when it is not this year's). */
export function shortDateTime(iso: string, language: Language, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const year = (d: Date) =>
    new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Tokyo' }).format(d);
  return new Intl.DateTimeFormat(language === 'ja' ? 'ja-JP' : 'en-GB', {
    ...(year(date) !== year(now) ? { year: 'numeric' } : {}),
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Tokyo',
  }).format(date);
}

/** Who last moved the step and when, in words (「承認：山田 花子（11月28日 14:03）」); null: never moved. */
export function actedText(
  t: TFunction,
  step: Pick<Step, 'status' | 'acted_by_name' | 'acted_at'>,
  language: Language,
  now = new Date(),
): string | null {
  if (!step.acted_at) return null;
  return t('staff.workflow.acted', {
    act: t(`staff.workflow.act.${step.status}`),
    name: step.acted_by_name ?? t('staff.workflow.actedBySomeone'),
    at: shortDateTime(step.acted_at, language, now),
  });
}

/** The step that may move now: the first that is neither approved nor skipped. */
export function currentStep<S extends { status: string; sequence: number }>(steps: S[]): S | undefined {
  return [...steps]
    .sort((a, b) => a.sequence - b.sequence)
    .find((s) => s.status !== 'approved' && s.status !== 'skipped');
}

export function WorkflowSection({ document: doc }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const user = useStaffUser();
  const steps = [...doc.workflow_details].sort((a, b) => a.sequence - b.sequence);
  const current = currentStep(steps);
  const mayAct = canActOnStep(user, doc.department_id);
  const finished = ['completed', 'rejected', 'withdrawn'].includes(doc.status);
  const browsable = useApiQuery('staff.browsable', undefined, {
    enabled: mayAct && !finished,
    staleTime: 300_000,
  });
  const names = new Map((browsable.data?.staff ?? []).map((s) => [s.id, s.name]));

  if (steps.length === 0) return <Typography>{t('staff.workflow.none')}</Typography>;
  return (
    <Stack spacing={2}>
      {!mayAct ? <Alert severity="info">{t('staff.workflow.notAllowed')}</Alert> : null}
      {/* Only while the document is open: once finished, the status says what happened. */}
      {current === undefined && !finished ? (
        <Alert severity="success">{t('staff.workflow.allDone')}</Alert>
      ) : null}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {steps.map((step) => (
          <Box component="li" key={step.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
            <StepView
              step={step}
              assigneeName={step.user_id ? (step.user_name ?? names.get(step.user_id) ?? null) : null}
              active={step.id === current?.id && mayAct && !finished}
              documentId={doc.id}
              version={doc.version}
              staff={browsable.data?.staff ?? []}
            />
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

function StepView({
  step,
  assigneeName,
  active,
  documentId,
  version,
  staff,
}: {
  step: Step;
  assigneeName: string | null;
  active: boolean;
  documentId: string;
  /** The document's version this screen shows: the step's move names it (decision 0034). */
  version: number;
  staff: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useSnackbar();
  const queryClient = useQueryClient();
  const [assignee, setAssignee] = useState(step.user_id ?? '');
  const [memo, setMemo] = useState(step.memo ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const move = useApiMutation('staff.workflow.status');
  const headingId = `step-${step.id}`;
  const acted = actedText(t, step, language);

  const act = (status: WorkflowStepStatus) => {
    setFailure(null);
    setStale(false);
    move.mutate(
      {
        params: { workflowDetailId: step.id },
        ifMatch: version,
        body: { status, user_id: assignee || null, memo: memo.trim() || null },
      },
      {
        onSuccess: () => {
          refreshDocument(queryClient, documentId);
          notify(
            t('staff.workflow.moved', { step: step.name, status: t(`staff.stepStatus.${status}`) }),
            'success',
          );
        },
        onError: (error) => (isStale(error) ? setStale(true) : setFailure(errorText(t, error))),
      },
    );
  };

  return (
    <Stack spacing={1.5} role="group" aria-labelledby={headingId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h3" variant="h3" sx={{ fontSize: '1.05rem' }}>
          {t('staff.workflow.stepName', { sequence: step.sequence, name: step.name })}
        </Typography>
        <Chip size="small" variant="outlined" label={t(`staff.stepStatus.${step.status}`)} />
      </Stack>
      <Typography variant="body2">
        {t('staff.workflow.assignee')}:{' '}
        {assigneeName ?? (step.user_id ? t('staff.workflow.someone') : t('staff.workflow.unassigned'))}
        {' / '}
        {t('staff.workflow.updatedAt')}: {formatDateTime(step.updated_at, language)}
      </Typography>
      {acted ? <Typography variant="body2">{acted}</Typography> : null}
      {step.memo && !active ? (
        <Typography variant="body2">
          {t('staff.workflow.memo')}: {step.memo}
        </Typography>
      ) : null}
      {active ? (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
            <TextField
              select
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              label={t('staff.workflow.assignee')}
              value={assignee}
              onChange={(e) => setAssignee(e.target.value)}
            >
              <MenuItem value="">{t('staff.workflow.unassigned')}</MenuItem>
              {staff.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('staff.workflow.memo')}
              value={memo}
              onChange={(e) => setMemo(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          </Box>
          {failure ? (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          ) : null}
          {stale ? (
            <ConflictNotice
              message={t('staff.conflict.workflow')}
              onReload={() => reloadDocument(queryClient, documentId).then(() => setStale(false))}
            />
          ) : null}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {stepMoves(step.status).map((status) => (
              <Button
                key={status}
                variant={
                  status === 'approved' || (status === 'in_progress' && step.status === 'pending')
                    ? 'contained'
                    : 'outlined'
                }
                onClick={() => act(status)}
                disabled={move.isPending}
              >
                {t(`staff.stepAction.${step.status === 'returned' ? 'restart' : status}`)}
              </Button>
            ))}
            <Button variant="text" onClick={() => act(step.status)} disabled={move.isPending}>
              {t('staff.workflow.saveAssignee')}
            </Button>
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}
