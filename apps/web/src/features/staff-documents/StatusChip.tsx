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
  const c = colour[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={c}
      label={t(`staff.status.${status}`)}
      // The palette's main orange on white is below 4.5:1 for small text: outlined labels use the dark tone.
      sx={c === 'default' ? undefined : { color: `${c}.dark` }}
    />
  );
}
