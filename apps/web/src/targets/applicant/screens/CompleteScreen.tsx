// complete: the application was received. The reference number of each procedure (to quote when asking
// the municipality), what happens next, the resident's copy as PDFs, and a 5-point satisfaction rating.
// What happens next is the group's own text where it words one (decision 0028), else the default list.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { outcomeOf } from '../../../features/applications/applications';
import { DownloadCopyButton, type CopyProcedure } from '../../../features/completion/DownloadCopyButton';
import { OwnAttachments } from '../../../features/completion/OwnAttachments';
import { municipalityName, useMunicipalityHome } from '../../../features/municipality/municipality';
import { screenPath, useApplicationParams } from '../../../lib/application/application';
import { apiQueryKey, errorText, useApiMutation, useApiQuery, type ApiResult } from '../../../lib/api';
import { residentText } from '../../../lib/application/resident-texts';
import { formatDateTime } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/i18n/useLanguage';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { Localized, useLocalized } from '../../../lib/i18n/localized';
import { usePageTitle } from '../../../lib/router/head';
import { RouterButton, RouterLink } from '../../../lib/router/RouterLink';

type Completion = ApiResult<'applicant.completion.get'>;

/** Rating length (spec §9). */
const RATING_MAX = 5;

export function CompleteScreen() {
  const { t } = useTranslation();
  const { code, applicationId } = useApplicationParams();
  const completion = useApiQuery('applicant.completion.get', { params: { code, applicationId } });
  usePageTitle(t('screens.complete'));
  const data = completion.data;
  const submitted = data && data.status !== 'draft' && data.status !== 'withdrawn';

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('screens.complete')}</Typography>
      {completion.isPending ? <Loading /> : null}
      {completion.isError ? (
        <LoadError
          title={t('applicantForm.complete.loadError')}
          error={completion.error}
          onRetry={() => void completion.refetch()}
        />
      ) : null}
      {data && !submitted ? (
        <Alert severity="warning">
          {data.status === 'withdrawn'
            ? t('applicantForm.complete.withdrawn')
            : t('applicantForm.complete.notYet')}{' '}
          {data.status === 'draft' ? (
            <RouterLink to={screenPath(code, applicationId, 'signatureDigitalCertificateConfirm')}>
              {t('applicantForm.complete.resume')}
            </RouterLink>
          ) : null}
        </Alert>
      ) : null}
      {data && submitted ? <Received code={code} completion={data} /> : null}
    </Stack>
  );
}

function Received({ code, completion }: { code: string; completion: Completion }) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const language = useLanguage();
  const home = useMunicipalityHome(code);
  const municipality = home.data ? municipalityName(home.data.municipality, language) : '';
  const applicationId = completion.application_id;
  return (
    <>
      <OutcomeBanner completion={completion} />

      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="complete-references"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" id="complete-references" gutterBottom>
          {t('applicantForm.complete.references')}
        </Typography>
        <Typography gutterBottom>{t('applicantForm.complete.referencesHelp')}</Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="complete-references">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('applicantForm.complete.procedure')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('applicantForm.complete.referenceNumber')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {completion.documents.map((d) => (
                <TableRow key={d.procedure_id}>
                  <TableCell component="th" scope="row">
                    <Localized text={loc.field(d, 'procedure_name')} />
                  </TableCell>
                  <TableCell
                    sx={{
                      fontFamily: 'monospace',
                      fontSize: '1.125rem',
                      fontWeight: 700,
                      whiteSpace: 'nowrap',
                    }}
                    data-testid="reference-number"
                  >
                    {d.reference_number}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Paper>

      <NextSteps texts={completion.resident_texts} municipality={municipality} />

      <DownloadCopy
        code={code}
        applicationId={applicationId}
        procedures={completion.documents.map((d) => ({
          id: d.procedure_id,
          name: d.procedure_name,
          en: d.en?.procedure_name ? { name: d.en.procedure_name } : undefined,
          reference_number: d.reference_number,
        }))}
      />
      <SatisfactionRating code={code} completion={completion} />

      <Box>
        <RouterButton variant="outlined" size="large" to={`/municipalities/${code}/applications`}>
          {t('applicantForm.common.toList')}
        </RouterButton>
      </Box>
    </>
  );
}

/**
 * Received, completed, or (decision 0037) rejected in whole or in part: a rejection is never shown as a
 * success, and each rejected procedure comes with the reason staff gave.
 */
function OutcomeBanner({ completion }: { completion: Completion }) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const language = useLanguage();
  const outcome = outcomeOf({ status: completion.status, procedures: completion.documents });
  const rejected = completion.documents.filter((d) => d.status === 'rejected');
  const title =
    outcome === 'rejected'
      ? t('applicantForm.complete.rejectedTitle')
      : outcome === 'partly_rejected'
        ? t('applicantForm.complete.partlyRejectedTitle')
        : completion.status === 'completed'
          ? t('applicantForm.complete.completedTitle')
          : t('applicantForm.complete.title');
  return (
    <Alert
      severity={outcome === 'rejected' ? 'error' : outcome === 'partly_rejected' ? 'warning' : 'success'}
      icon={false}
      data-testid="complete-banner"
    >
      <AlertTitle component="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
        {title}
      </AlertTitle>
      {completion.submitted_at
        ? t('applicantForm.complete.receivedAt', { at: formatDateTime(completion.submitted_at, language) })
        : null}
      {rejected.length > 0 ? (
        <Box sx={{ mt: 1 }} data-testid="complete-rejections">
          <Typography component="h3" sx={{ fontWeight: 700 }}>
            {t('applicantForm.applications.rejectedHeading')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {rejected.map((d) => (
              <Box component="li" key={d.procedure_id} sx={{ whiteSpace: 'pre-wrap' }}>
                <Box component="span" sx={{ fontWeight: 700 }}>
                  <Localized text={loc.field(d, 'procedure_name')} />
                </Box>
                {language === 'en' ? ': ' : '：'}
                {d.rejection_reason ?? ''}
              </Box>
            ))}
          </Box>
        </Box>
      ) : null}
    </Alert>
  );
}

/** 「このあとの流れ」: the group's own text, or the default list; the contact line always follows. */
export function NextSteps({
  texts,
  municipality,
}: {
  texts: Completion['resident_texts'];
  municipality: string;
}) {
  const { t } = useTranslation();
  const own = residentText(texts, 'completion_next', useLanguage());
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="complete-next"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h2" id="complete-next" gutterBottom>
        {t('applicantForm.complete.nextHeading')}
      </Typography>
      {own ? (
        <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="complete-next-text">
          <Localized text={own} />
        </Typography>
      ) : (
        <Box component="ol" sx={{ pl: 3, my: 0, '& li': { mb: 1 } }}>
          <li>{t('applicantForm.complete.next1', { municipality })}</li>
          <li>{t('applicantForm.complete.next2')}</li>
          <li>{t('applicantForm.complete.next3')}</li>
        </Box>
      )}
      <Typography sx={{ mt: 1 }}>{t('applicantForm.complete.nextContact', { municipality })}</Typography>
    </Paper>
  );
}

function DownloadCopy({
  code,
  applicationId,
  procedures,
}: {
  code: string;
  applicationId: string;
  procedures: CopyProcedure[];
}) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="complete-copy"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h2" id="complete-copy" gutterBottom>
        {t('applicantForm.complete.copyHeading')}
      </Typography>
      <Typography gutterBottom>{t('applicantForm.complete.copyHelp')}</Typography>
      <DownloadCopyButton code={code} applicationId={applicationId} procedures={procedures} all />
      <Box sx={{ mt: 2 }}>
        <OwnAttachments code={code} applicationId={applicationId} />
      </Box>
    </Paper>
  );
}

function SatisfactionRating({ code, completion }: { code: string; completion: Completion }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<number | null>(completion.rating);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rate = useApiMutation('applicant.completion.rate', {
    onSuccess: (result) =>
      queryClient.setQueryData(
        apiQueryKey('applicant.completion.get', {
          params: { code, applicationId: completion.application_id },
        }),
        result,
      ),
  });
  const labels = [1, 2, 3, 4, 5].map((n) =>
    t(`applicantForm.rating.label${n}` as 'applicantForm.rating.label1'),
  );
  const done = rate.isSuccess;

  return (
    <Paper
      variant="outlined"
      component="form"
      aria-labelledby="complete-rating"
      noValidate
      sx={{ p: { xs: 2, sm: 3 } }}
      onSubmit={(event) => {
        event.preventDefault();
        if (value === null) {
          setError(t('applicantForm.rating.chooseFirst'));
          return;
        }
        setError(null);
        rate.mutate({
          params: { code, applicationId: completion.application_id },
          body: { rating: value, ...(comment.trim() ? { comment: comment.trim() } : {}) },
        });
      }}
    >
      <Typography variant="h2" id="complete-rating" gutterBottom>
        {t('applicantForm.rating.heading')}
      </Typography>
      <Box
        component="fieldset"
        sx={{ border: 0, p: 0, m: 0 }}
        aria-describedby={error ? 'rating-error' : undefined}
      >
        <Typography component="legend" sx={{ mb: 1 }}>
          {t('applicantForm.rating.question')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Rating
            name="satisfaction"
            max={RATING_MAX}
            value={value}
            size="large"
            // Empty stars at 3:1 against white (WCAG 1.4.11), not MUI's pale default.
            sx={{ '& .MuiRating-iconEmpty': { color: 'text.secondary' } }}
            onChange={(_, next) => setValue(next)}
            // MUI's own text for "no rating" is English ("Empty"); screen readers read it out.
            emptyLabelText={t('applicantForm.rating.empty')}
            getLabelText={(n) =>
              t('applicantForm.rating.valueText', { value: n, max: RATING_MAX, label: labels[n - 1] })
            }
          />
          <Typography aria-hidden="true">{value ? labels[value - 1] : ''}</Typography>
        </Stack>
      </Box>
      {error ? (
        <Typography id="rating-error" color="error.dark" sx={{ fontWeight: 700, mt: 1 }} role="alert">
          {error}
        </Typography>
      ) : null}
      <TextField
        id="rating-comment"
        label={t('applicantForm.rating.comment')}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 1000 } }}
        sx={{ mt: 2, maxWidth: 640 }}
      />
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="outlined" disabled={rate.isPending}>
          {t('applicantForm.rating.send')}
        </Button>
      </Box>
      <Box role="status" aria-live="polite" sx={{ mt: 1 }}>
        {done ? <Typography color="success.dark">{t('applicantForm.rating.thanks')}</Typography> : null}
        {rate.isError ? (
          <Typography color="error.dark">
            {t('applicantForm.rating.error', { detail: errorText(rate.error, t) })}
          </Typography>
        ) : null}
      </Box>
    </Paper>
  );
}
