// attachedConfirm: the files attached, read back; confirming keeps them as final for the application and
// goes on to the signature (the handwritten one when a procedure asks for it, which the router decides).
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentPreview } from '../../../features/attachments/AttachmentPreview';
import { screenPath, useApplicationParams } from '../../../lib/application/application';
import { apiQueryKey, errorFields, useApiMutation, useApiQuery } from '../../../lib/api';
import { ErrorMessage, LoadError, Loading } from '../../../lib/layout/feedback';
import { Localized, useLocalized } from '../../../lib/i18n/localized';
import { usePageTitle } from '../../../lib/router/head';
import { RouterButton, RouterLink } from '../../../lib/router/RouterLink';

export function AttachedConfirmScreen() {
  const { t } = useTranslation();
  const loc = useLocalized();
  const { code, applicationId } = useApplicationParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useApiQuery('applicant.attaches.list', { params: { code, applicationId } });
  const confirm = useApiMutation('applicant.attaches.confirm');
  const errorRef = useRef<HTMLDivElement>(null);
  usePageTitle(t('screens.attachedConfirm'));
  useEffect(() => {
    if (confirm.isError) errorRef.current?.focus();
  }, [confirm.isError]);

  const slots = (list.data?.required ?? []).filter((s) => s.type !== 'SG');
  const files = slots.flatMap((slot) =>
    (list.data?.procedure_attaches ?? [])
      .filter((a) => a.standard_item_code === slot.standard_item_code)
      .map((attachment) => ({ slot, attachment })),
  );

  const onConfirm = () =>
    confirm.mutate(
      {
        params: { code, applicationId },
        body: {
          procedure_attaches: files.map(({ attachment }) => ({
            standard_item_code: attachment.standard_item_code,
            sequence: attachment.sequence,
          })),
        },
      },
      {
        onSuccess: (result) => {
          queryClient.setQueryData(
            apiQueryKey('applicant.attaches.list', { params: { code, applicationId } }),
            result,
          );
          void navigate({ to: screenPath(code, applicationId, 'imageSignature') });
        },
      },
    );

  const fields = errorFields(confirm.error);

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.attachedConfirm')}
        </Typography>
        <Typography>{t('applicantForm.attachConfirm.intro')}</Typography>
      </Box>
      {list.isPending ? <Loading /> : null}
      {list.isError ? (
        <LoadError
          title={t('applicantForm.attach.loadError')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {confirm.isError ? (
        <Alert severity="error" ref={errorRef} tabIndex={-1} data-testid="error-summary">
          <AlertTitle component="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
            {t('applicantForm.attachConfirm.error')}
          </AlertTitle>
          {fields.length > 0 ? (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {fields.map((field) => (
                <li key={field}>
                  <RouterLink to={screenPath(code, applicationId, 'attached')}>
                    {t('applicantForm.attachConfirm.missingSlot', {
                      name: ((s) => (s ? loc.field(s, 'name').text : field))(
                        slots.find((s) => s.standard_item_code === field),
                      ),
                    })}
                  </RouterLink>
                </li>
              ))}
            </Box>
          ) : (
            <ErrorMessage error={confirm.error} />
          )}
        </Alert>
      ) : null}
      {list.data && files.length === 0 ? (
        <Typography>{t('applicantForm.attachConfirm.none')}</Typography>
      ) : null}
      {files.length > 0 ? (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {files.map(({ slot, attachment }) => (
            <Card
              key={`${attachment.standard_item_code}:${attachment.sequence}`}
              component="li"
              variant="outlined"
              aria-labelledby={`confirm-${slot.standard_item_code}`}
            >
              <CardContent>
                <Typography
                  variant="h2"
                  id={`confirm-${slot.standard_item_code}`}
                  sx={{ fontSize: '1.25rem', mb: 1 }}
                >
                  <Localized text={loc.field(slot, 'name')} />
                </Typography>
                <AttachmentPreview
                  applicationId={applicationId}
                  attachment={attachment}
                  label={loc.field(slot, 'name').text}
                />
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : null}
      {list.data ? (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <RouterButton variant="outlined" size="large" to={screenPath(code, applicationId, 'attached')}>
            {t('applicantForm.attachConfirm.change')}
          </RouterButton>
          <Button variant="contained" size="large" onClick={onConfirm} disabled={confirm.isPending}>
            {confirm.isPending ? t('applicantForm.common.saving') : t('applicantForm.attachConfirm.confirm')}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
