// The sign-in ended while the resident was working: say so, and offer to sign in again and come back to
// this page (its input is already in the draft store, lib/drafts, so nothing typed is lost).
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useLocation } from '@tanstack/react-router';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { safeLocation } from '../../lib/navigation/navigation-guard';
import { applicantLoginUrl } from '../../lib/router/guards';
import { leaveOnPurpose } from './UnsavedGuard';

export const SessionEnded = forwardRef<HTMLDivElement, { code: string }>(function SessionEnded(
  { code },
  ref,
) {
  const { t } = useTranslation();
  const location = useLocation();
  const signIn = () => {
    leaveOnPurpose();
    safeLocation.assign(applicantLoginUrl(code, location.href));
  };
  return (
    <Alert
      severity="warning"
      ref={ref}
      tabIndex={-1}
      role="alert"
      data-testid="session-ended"
      sx={{ '&:focus': { outline: '3px solid', outlineOffset: 2 } }}
    >
      <AlertTitle component="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
        {t('unsaved.sessionTitle')}
      </AlertTitle>
      <p style={{ marginTop: 0 }}>{t('unsaved.sessionBody')}</p>
      <Button variant="contained" onClick={signIn}>
        {t('unsaved.signInAgain')}
      </Button>
    </Alert>
  );
});
