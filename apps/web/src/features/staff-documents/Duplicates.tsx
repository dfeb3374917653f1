// Possible duplicates (decision 0021): an open document of the same procedure whose applicant and child
// match by name and birth date. The list links the oldest one under the reference number; the detail
// lists them all with status and receipt, each to compare side by side. Words carry the meaning; the icon
// only repeats it.
import CompareIcon from '@mui/icons-material/Compare';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { RouterLink } from '../../lib/router/RouterLink';
import type { DocumentDetail } from './DocumentDetailScreen';
import { DuplicateComparisonDialog } from './DuplicateComparison';

/**
 * Under a listed reference number: 「重複の可能性」, a link to the oldest other one. Its number is in the
 * link's name only, so a row's text holds one reference number (its own).
 */
export function DuplicateFlag({ duplicate }: { duplicate: { id: string; reference_number: string } | null }) {
  const { t } = useTranslation();
  if (!duplicate) return null;
  return (
    <Box
      component="span"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        mt: 0.5,
        fontSize: '0.875rem',
        whiteSpace: 'nowrap',
      }}
    >
      <ContentCopyIcon fontSize="inherit" color="warning" aria-hidden="true" />
      <RouterLink
        to="/documents/$documentId"
        params={{ documentId: duplicate.id }}
        aria-label={t('staff.duplicates.flagLabel', { reference: duplicate.reference_number })}
      >
        {t('staff.duplicates.flag')}
      </RouterLink>
    </Box>
  );
}

/**
 * At the top of the detail: every possible duplicate, to compare before acting on either: each opens, or
 * is compared with this one side by side (issue 32).
 */
export function DuplicatesAlert({ document: doc }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [comparing, setComparing] = useState<DocumentDetail['duplicates'][number] | null>(null);
  if (doc.duplicates.length === 0) return null;
  return (
    <Alert severity="warning" icon={<ContentCopyIcon aria-hidden="true" />}>
      <AlertTitle component="h2">{t('staff.duplicates.title')}</AlertTitle>
      {t('staff.duplicates.explain')}
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 3 }}>
        {doc.duplicates.map((d) => (
          <li key={d.id}>
            <RouterLink to="/documents/$documentId" params={{ documentId: d.id }}>
              {d.reference_number}
            </RouterLink>
            {t('staff.duplicates.item', {
              status: t(`staff.status.${d.status}`),
              received: formatDateTime(d.received_at, language),
            })}
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              startIcon={<CompareIcon aria-hidden="true" />}
              onClick={() => setComparing(d)}
              aria-label={t('staff.duplicates.compareLabel', { reference: d.reference_number })}
              sx={{ ml: 1, my: 0.5 }}
            >
              {t('staff.duplicates.compare')}
            </Button>
          </li>
        ))}
      </Box>
      {comparing ? (
        <DuplicateComparisonDialog document={doc} duplicate={comparing} onClose={() => setComparing(null)} />
      ) : null}
    </Alert>
  );
}
