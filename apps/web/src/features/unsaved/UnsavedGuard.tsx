// Asks before a page with unsaved input is left: in-app navigation (links, back) gets the app's own
// dialog, a reload or a closed tab the browser's beforeunload prompt. Leaving on purpose (to sign in
// again, with the input kept as a draft) passes through `leaveOnPurpose`.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

let onPurpose = false;

/** The next page change is the resident's own choice (sign in again): no question asked. */
export function leaveOnPurpose(): void {
  onPurpose = true;
  // A navigation that does not happen (refused by the guard) must not disarm the question for good.
  window.setTimeout(() => {
    onPurpose = false;
  }, 5_000);
}

/**
 * Renders the question while a navigation waits. `isDirty` is read at the moment of leaving (a ref's
 * value, not state), so a page that saved and moves on in the same tick is never asked about.
 */
export function UnsavedGuard({ isDirty }: { isDirty: () => boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker({
    shouldBlockFn: () => !onPurpose && isDirty(),
    enableBeforeUnload: () => !onPurpose && isDirty(),
    withResolver: true,
  });
  const open = blocker.status === 'blocked';
  return (
    <Dialog
      open={open}
      onClose={() => blocker.reset?.()}
      aria-labelledby="unsaved-title"
      aria-describedby="unsaved-body"
    >
      <DialogTitle id="unsaved-title">{t('unsaved.dialogTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="unsaved-body">{t('unsaved.dialogBody')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" autoFocus onClick={() => blocker.reset?.()}>
          {t('unsaved.stay')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => blocker.proceed?.()}>
          {t('unsaved.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
