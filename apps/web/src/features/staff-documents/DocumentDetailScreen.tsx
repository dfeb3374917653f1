// /documents/{id}: one document. Its summary (with its deadline) and status (change, remand with a message), workflow steps,
// answers (edit with the applicant form's checks; change history), attachments (viewer), signature
// verification, memos, reports and the PDF rendering / zip downloads. What the member may not do is
// disabled with the reason; the server's refusals (403, 409) are shown where the act was tried.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiQuery, type ApiResult } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { usePageTitle } from '../../lib/router/head';
import { RouterLink } from '../../lib/router/RouterLink';
import { AnswersSection } from './AnswersSection';
import { AttachmentReviewLayout, OpenBesideButton } from './AttachmentReview';
import { AttachmentsSection, SignatureSection } from './AttachmentsSection';
import { DeadlineText } from './DeadlineText';
import { HistorySection } from './HistorySection';
import { MemosSection } from './MemosSection';
import { NoticesSection } from './NoticesSection';
import { RenderSection } from './RenderSection';
import { RetentionSection, RetentionText } from './RetentionSection';
import { DuplicatesAlert } from './Duplicates';
import { RemandFieldsSection } from './RemandFieldsSection';
import { StatusChip } from './StatusChip';
import { StatusSection } from './StatusSection';
import { WorkflowSection } from './WorkflowSection';

export type DocumentDetail = ApiResult<'staff.documents.get'>;

export function DocumentDetailScreen() {
  const { t } = useTranslation();
  const { documentId } = useParams({ strict: false }) as { documentId: string };
  const detail = useApiQuery('staff.documents.get', {
    params: { documentId },
    query: { is_internal: 'true' },
  });
  usePageTitle(detail.data ? `${t('screens.documentDetail')} ${detail.data.reference_number}` : undefined);

  return (
    <Stack spacing={3}>
      <Box>
        <RouterLink to="/documents" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <ArrowBackIcon fontSize="small" aria-hidden="true" />
          {t('staff.detail.backToList')}
        </RouterLink>
      </Box>
      <Typography variant="h1">
        {t('screens.documentDetail')}
        {detail.data ? `：${detail.data.reference_number}` : ''}
      </Typography>
      {detail.isPending ? <Loading /> : null}
      {detail.isError ? (
        <LoadError
          title={
            isApiError(detail.error) && detail.error.status === 404
              ? t('staff.detail.notFound')
              : isApiError(detail.error) && detail.error.status === 403
                ? t('staff.common.forbidden')
                : t('staff.detail.loadError')
          }
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      ) : null}
      {/* Keyed: another document (a duplicate's link) starts with nothing open. */}
      {detail.data ? <DocumentView key={detail.data.id} document={detail.data} /> : null}
    </Stack>
  );
}

function DocumentView({ document: doc }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // An attachment opened from the list shows beside every section (the answers first of all).
  return (
    <AttachmentReviewLayout document={doc}>
      <DuplicatesAlert document={doc} />
      <Section title={t('staff.detail.summary')} id="summary">
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            gap: 1,
            m: 0,
            '& dt': { fontWeight: 700 },
            '& dd': { m: 0 },
          }}
        >
          <dt>{t('staff.documents.reference')}</dt>
          <dd>{doc.reference_number}</dd>
          <dt>{t('staff.documents.procedure')}</dt>
          <dd>{doc.procedure_name}</dd>
          <dt>{t('staff.documents.applicant')}</dt>
          <dd>{doc.applicant_name}</dd>
          <dt>{t('staff.documents.status')}</dt>
          <dd>
            <StatusChip status={doc.status} />
          </dd>
          <dt>{t('staff.documents.receivedAt')}</dt>
          <dd>{formatDateTime(doc.received_at, language)}</dd>
          <dt>{t('counter.channel.label')}</dt>
          <dd data-testid="document-channel">
            {doc.counter_check ? (
              <>
                {t('counter.channel.counter', { name: doc.counter_check.staff_name })}
                <Typography variant="body2" color="text.secondary">
                  {t('counter.channel.checked', {
                    document: t(`counter.identity.documents.${doc.counter_check.identity_document}`),
                    time: formatDateTime(doc.counter_check.checked_at, language),
                  })}
                </Typography>
              </>
            ) : (
              t('counter.channel.online')
            )}
          </dd>
          <dt>{t('staff.deadline.column')}</dt>
          <dd>
            <DeadlineText dueAt={doc.due_at} status={doc.status} withDate />
            <Typography variant="body2" color="text.secondary">
              {t('staff.deadline.explain')}
            </Typography>
          </dd>
          <dt>{t('staff.retention.label')}</dt>
          <dd>
            <RetentionText document={doc} />
          </dd>
          <dt>{t('staff.detail.updatedAt')}</dt>
          <dd>{formatDateTime(doc.updated_at, language)}</dd>
          {doc.remand_message ? (
            <>
              <dt>{t('staff.detail.remandMessage')}</dt>
              <dd style={{ whiteSpace: 'pre-wrap' }}>{doc.remand_message}</dd>
            </>
          ) : null}
        </Box>
      </Section>
      {doc.remand_fields ? (
        <Section title={t('staff.remandFields.title')} id="remand-fields">
          <RemandFieldsSection document={doc} />
        </Section>
      ) : null}
      <Section title={t('staff.detail.statusTitle')} id="status">
        <StatusSection document={doc} />
      </Section>
      <Section title={t('staff.detail.workflowTitle')} id="workflow">
        <WorkflowSection document={doc} />
      </Section>
      <Section
        title={t('staff.detail.answersTitle')}
        id="answers"
        action={<OpenBesideButton count={doc.attachments.length} />}
      >
        <AnswersSection document={doc} />
      </Section>
      <Section title={t('staff.detail.attachmentsTitle')} id="attachments">
        <AttachmentsSection document={doc} />
      </Section>
      <Section title={t('staff.detail.signatureTitle')} id="signature">
        <SignatureSection document={doc} />
      </Section>
      <Section title={t('staff.detail.memosTitle')} id="memos">
        <MemosSection document={doc} />
      </Section>
      <Section title={t('staff.detail.renderTitle')} id="render">
        <RenderSection document={doc} />
      </Section>
      <Section title={t('staff.detail.noticesTitle')} id="notices">
        <NoticesSection document={doc} />
      </Section>
      <Section title={t('staff.retention.title')} id="retention">
        <RetentionSection document={doc} />
      </Section>
      <Section title={t('staff.detail.historyTitle')} id="history">
        <HistorySection document={doc} />
      </Section>
    </AttachmentReviewLayout>
  );
}

export function Section({
  title,
  id,
  action,
  children,
}: {
  title: string;
  id: string;
  /** A control beside the heading (the answers' 「添付書類を横に並べて表示」). */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-heading`}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography id={`${id}-heading`} variant="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}
