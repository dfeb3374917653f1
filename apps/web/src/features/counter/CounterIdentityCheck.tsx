// 「窓口で本人確認」: in a counter session the clerk records the identity document seen, which stands
// instead of the card's identification and signature (decision 0026).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { CounterIdentityDocument, type CounterCheck } from '@portal/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQueryKey, useApiMutation } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { ErrorMessage } from '../../lib/layout/feedback';
import { useCounterSession } from './counter-session';

/** The check recorded in this counter session for the application, from the session or just made. */
export function useCounterCheck(code: string, applicationId: string) {
  const session = useCounterSession(code);
  const bound = session.counter?.application_id === applicationId ? session.counter.identity_check : null;
  return { ...session, check: bound };
}

export function CounterIdentityCheck({
  code,
  applicationId,
  next,
}: {
  code: string;
  applicationId: string;
  /** Shown once the check is recorded (the way on). */
  next?: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { counter, check: kept } = useCounterCheck(code, applicationId);
  const [made, setMade] = useState<CounterCheck | null>(null);
  const [choice, setChoice] = useState('');
  const [showError, setShowError] = useState(false);
  const headingId = useId();
  const record = useApiMutation('applicant.identification.counter', {
    onSuccess: (result) => {
      setMade(result);
      void queryClient.invalidateQueries({
        queryKey: apiQueryKey('applicant.counter_session.get', { params: { code } }),
      });
    },
  });
  if (!counter) return null;
  const check = made ?? kept;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CounterIdentityDocument.safeParse(choice);
    if (!parsed.success) {
      setShowError(true);
      return;
    }
    record.mutate({ params: { code, applicationId }, body: { identity_document: parsed.data } });
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId} gutterBottom>
        {t('counter.identity.heading')}
      </Typography>
      {check ? (
        <>
          <Alert severity="success" data-testid="counter-identity-done">
            {t('counter.identity.done', {
              name: check.staff_name,
              document: t(`counter.identity.documents.${check.identity_document}`),
              time: formatDateTime(check.checked_at, language),
            })}
          </Alert>
          {next ? <Box sx={{ mt: 2 }}>{next}</Box> : null}
        </>
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <Typography sx={{ mb: 2 }}>{t('counter.identity.intro')}</Typography>
          <FormControl error={showError && !choice} required>
            <FormLabel id={`${headingId}-label`} sx={{ fontWeight: 700 }}>
              {t('counter.identity.documentLabel')}
            </FormLabel>
            <RadioGroup
              aria-labelledby={`${headingId}-label`}
              name="identity_document"
              value={choice}
              onChange={(event) => setChoice(event.target.value)}
            >
              {CounterIdentityDocument.options.map((d) => (
                <FormControlLabel
                  key={d}
                  value={d}
                  control={<Radio />}
                  label={t(`counter.identity.documents.${d}`)}
                />
              ))}
            </RadioGroup>
            {showError && !choice ? <FormHelperText>{t('counter.identity.required')}</FormHelperText> : null}
          </FormControl>
          {record.isError ? (
            <Alert severity="error" sx={{ my: 2 }}>
              {t('counter.identity.failed')} <ErrorMessage error={record.error} />
            </Alert>
          ) : null}
          <Box sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" disabled={record.isPending}>
              {t('counter.identity.record')}
            </Button>
          </Box>
        </Box>
      )}
    </Paper>
  );
}
