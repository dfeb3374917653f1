// A write refused because someone changed the document first (decision 0034): what happened, that the
// clerk's input is kept, and 「再読み込み」 to see the document as it is now. Announced when it appears.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ConflictNotice({
  title,
  message,
  onReload,
  children,
  actions,
}: {
  title?: string;
  message: string;
  /** Reads the document again; the notice's owner decides what becomes of the clerk's input. */
  onReload?: () => Promise<unknown>;
  /** More to show under the message (both versions, items both changed). */
  children?: ReactNode;
  /** Other choices beside 「再読み込み」. */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const titleId = useId();
  const reload = () => {
    if (!onReload) return;
    setBusy(true);
    setFailed(false);
    onReload()
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };
  return (
    <Alert
      severity="warning"
      role="alert"
      aria-labelledby={titleId}
      data-testid="conflict-notice"
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle id={titleId} component="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        {title ?? t('staff.conflict.title')}
      </AlertTitle>
      <Stack spacing={1.5}>
        <Typography variant="body2">{message}</Typography>
        {children}
        {failed ? (
          <Typography variant="body2" color="error">
            {t('staff.detail.loadError')}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {actions}
          {onReload ? (
            <Button variant="outlined" color="inherit" onClick={reload} disabled={busy}>
              {busy ? t('staff.conflict.reloading') : t('staff.conflict.reload')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Alert>
  );
}
