// The new key's token (and webhook secret) shown once: each with a copy button, and the sentence that it
// will not be shown again. The panel takes the focus so the keyboard and screen readers start there.
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../lib/layout/snackbar';

/** Moves the focus to the heading once it is on the page (a stable ref: re-renders do not move it again). */
function takeFocus(element: HTMLElement | null) {
  element?.focus();
}

export function ShownOncePanel({
  token,
  secret,
  onDone,
}: {
  token: string;
  secret: string | null;
  /** Leaves the panel; the token is gone from then on. */
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      aria-labelledby="shown-once-title"
      component="section"
    >
      <Stack spacing={2}>
        <Typography id="shown-once-title" variant="h2" tabIndex={-1} ref={takeFocus}>
          {t('systemKeys.shown.title')}
        </Typography>
        <Alert severity="warning">{t('systemKeys.shown.once')}</Alert>
        <Secret label={t('systemKeys.shown.token')} value={token} />
        {secret ? <Secret label={t('systemKeys.shown.secret')} value={secret} /> : null}
        <div>
          <Button variant="contained" onClick={onDone}>
            {t('systemKeys.shown.done')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}

function Secret({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const notify = useSnackbar();
  const id = useId();
  const copy = () =>
    navigator.clipboard
      .writeText(value)
      .then(() => notify(t('systemKeys.shown.copied', { what: label }), 'success'))
      .catch(() => notify(t('systemKeys.shown.copyFailed'), 'error'));
  return (
    <Box>
      <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 'bold' }}>
        {label}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          component="code"
          aria-labelledby={id}
          data-testid="shown-once-value"
          sx={{
            p: 1.5,
            bgcolor: 'action.hover',
            borderRadius: 1,
            fontSize: '1rem',
            overflowWrap: 'anywhere',
            userSelect: 'all',
            flex: 1,
          }}
        >
          {value}
        </Box>
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copy()}
          sx={{ minHeight: 44, flexShrink: 0 }}
        >
          {t('systemKeys.shown.copy', { what: label })}
        </Button>
      </Stack>
    </Box>
  );
}
