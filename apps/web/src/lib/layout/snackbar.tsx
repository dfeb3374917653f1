// The snackbar itself (time-out 5000 ms, spec §9), shown by every frame from the page's message.
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { useSnackbarState } from './snackbar-state';

export { useSnackbar } from './snackbar-state';

/** Snackbar time-out (spec §9). */
export const SNACKBAR_TIMEOUT_MS = 5000;

export function SnackbarHost() {
  const { t } = useTranslation();
  const { message, open, close } = useSnackbarState();
  return (
    <Snackbar
      key={message?.key}
      open={open && message !== null}
      autoHideDuration={SNACKBAR_TIMEOUT_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
    >
      <Alert
        severity={message?.severity ?? 'info'}
        variant="filled"
        onClose={close}
        slotProps={{ closeButton: { title: t('common.close'), 'aria-label': t('common.close') } }}
        sx={{ width: '100%' }}
      >
        {message?.text}
      </Alert>
    </Snackbar>
  );
}
