// A document's status as a chip with its label (colour is never the only cue: the text is the status).
import Chip from '@mui/material/Chip';
import type { DocumentStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const colour: Record<DocumentStatus, 'default' | 'primary' | 'warning' | 'success' | 'error' | 'info'> = {
  received: 'primary',
  in_progress: 'info',
  remanded: 'warning',
  resubmitted: 'primary',
  completed: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

export function StatusChip({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={colour[status]} label={t(`staff.status.${status}`)} />;
}
