// attached: one card per document the chosen procedures need (photos, originals): choose a file or take
// a photo with the phone's camera, see the upload progress and a preview, replace or delete it. The
// server judges every file by its content; its size and type errors show at the card. Handwritten
// signatures (SG) are drawn on the next screens, not uploaded here.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentPreview } from '../../../features/attachments/AttachmentPreview';
import { setPreview } from '../../../features/attachments/previews';
import {
  acceptFor,
  formatSize,
  MAX_UPLOAD_BYTES,
  uploadAttachment,
  type AttachmentList,
  type Slot,
} from '../../../features/attachments/upload';
import {
  isEditable,
  screenPath,
  useApplication,
  useApplicationParams,
} from '../../../lib/application/application';
import { apiQueryKey, errorKind, errorText, useApiMutation, useApiQuery } from '../../../lib/api';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { Localized, useLocalized } from '../../../lib/i18n/localized';
import { usePageTitle } from '../../../lib/router/head';
import { RouterButton } from '../../../lib/router/RouterLink';
import { correctionsOf } from '../../../features/form/corrections';

/** Message of an upload or delete failure: the size and type refusals in this screen's words. */
export function useAttachErrorText() {
  const { t } = useTranslation();
  return (error: unknown) => {
    const kind = errorKind(error);
    if (kind === 'payload_too_large')
      return t('applicantForm.attach.tooLarge', { size: formatSize(MAX_UPLOAD_BYTES) });
    if (kind === 'unsupported_media_type') return t('applicantForm.attach.wrongType');
    if (kind === 'malware_found') return t('applicantForm.attach.malware');
    return t('applicantForm.attach.failed', { detail: errorText(error, t) });
  };
}

export function AttachedScreen() {
  const { t } = useTranslation();
  const { code, applicationId } = useApplicationParams();
  const app = useApplication(applicationId);
  const list = useApiQuery(
    'applicant.attaches.list',
    { params: { code, applicationId } },
    // A file waiting for its virus check is looked at again until the queue has scanned it (decision 0051).
    {
      refetchInterval: (query) =>
        query.state.data?.procedure_attaches.some((a) => a.scan_state === 'pending') ? 10_000 : false,
    },
  );
  usePageTitle(t('screens.attached'));
  const slots = (list.data?.required ?? []).filter((s) => s.type !== 'SG');
  const editable = app.application ? isEditable(app.application) : true;
  // A remand that names fields opens only those slots (decision 0023).
  const corrections = app.application ? correctionsOf(app.application) : null;
  const missing = slots.filter(
    (s) => !list.data?.procedure_attaches.some((a) => a.standard_item_code === s.standard_item_code),
  );
  const waiting = list.data?.procedure_attaches.some((a) => a.scan_state === 'pending') ?? false;
  const blocked = missing.length > 0 || waiting;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.attached')}
        </Typography>
        <Typography>{t('applicantForm.attach.intro', { size: formatSize(MAX_UPLOAD_BYTES) })}</Typography>
      </Box>
      {list.isPending ? <Loading /> : null}
      {list.isError ? (
        <LoadError
          title={t('applicantForm.attach.loadError')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data && slots.length === 0 ? (
        <Typography>{t('applicantForm.attach.noneNeeded')}</Typography>
      ) : null}
      {list.data && slots.length > 0 ? (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {slots.map((slot) => (
            <SlotCard
              key={slot.standard_item_code}
              code={code}
              applicationId={applicationId}
              slot={slot}
              list={list.data}
              editable={editable && (!corrections || corrections.has(slot.standard_item_code))}
              correction={corrections ? (corrections.get(slot.standard_item_code) ?? null) : undefined}
            />
          ))}
        </Stack>
      ) : null}
      {list.data ? (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <RouterButton variant="outlined" size="large" to={screenPath(code, applicationId, 'formValues')}>
            {t('applicantForm.common.back')}
          </RouterButton>
          <RouterButton
            variant="contained"
            size="large"
            to={screenPath(code, applicationId, 'attachedConfirm')}
            disabled={blocked}
            aria-describedby={blocked ? 'attach-missing' : undefined}
          >
            {t('applicantForm.attach.next')}
          </RouterButton>
          {blocked ? (
            <Typography id="attach-missing" variant="body2" color="text.secondary">
              {missing.length > 0
                ? t('applicantForm.attach.missing', { count: missing.length })
                : t('applicantForm.attach.scanWaiting')}
            </Typography>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

const typeKey: Record<Slot['type'], string> = {
  PH: 'applicantForm.attach.typePH',
  OR: 'applicantForm.attach.typeOR',
  SG: 'applicantForm.attach.typeSG',
};

function SlotCard({
  code,
  applicationId,
  slot,
  list,
  editable,
  correction,
}: {
  code: string;
  applicationId: string;
  slot: Slot;
  list: AttachmentList;
  editable: boolean;
  /** Staff's note when a remand names this slot, null when it names others, undefined otherwise. */
  correction?: string | null;
}) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const attachErrorText = useAttachErrorText();
  const queryClient = useQueryClient();
  const listKey = apiQueryKey('applicant.attaches.list', { params: { code, applicationId } });
  const attachment = list.procedure_attaches.find((a) => a.standard_item_code === slot.standard_item_code);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const remove = useApiMutation('applicant.attaches.delete');
  const id = `slot-${slot.standard_item_code}`;

  const upload = async (file: File) => {
    setError(null);
    setStatus(null);
    if (file.size > MAX_UPLOAD_BYTES) {
      setError(t('applicantForm.attach.tooLarge', { size: formatSize(MAX_UPLOAD_BYTES) }));
      return;
    }
    setProgress(0);
    try {
      const result = await uploadAttachment({
        code,
        applicationId,
        standardItemCode: slot.standard_item_code,
        sequence: 1,
        file,
        fileName: file.name || 'photo.jpg',
        onProgress: setProgress,
      });
      setPreview(applicationId, slot.standard_item_code, 1, file);
      queryClient.setQueryData(listKey, result);
      setStatus(
        t(attachment ? 'applicantForm.attach.replaced' : 'applicantForm.attach.uploaded', {
          name: loc.field(slot, 'name').text,
        }),
      );
    } catch (failure) {
      setError(attachErrorText(failure));
    } finally {
      setProgress(null);
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still uploads it
    if (file) void upload(file);
  };

  const busy = progress !== null || remove.isPending;

  return (
    <Card component="li" variant="outlined" aria-labelledby={`${id}-name`} data-testid={id}>
      <CardContent>
        <Stack spacing={2}>
          <Box>
            <Typography variant="h2" id={`${id}-name`} sx={{ fontSize: '1.25rem' }}>
              <Localized text={loc.field(slot, 'name')} />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(typeKey[slot.type] as 'applicantForm.attach.typePH')}
            </Typography>
          </Box>
          {typeof correction === 'string' ? (
            <Alert severity="warning">
              {t('applicantForm.correction.attachmentNote', { note: correction })}
            </Alert>
          ) : correction === null ? (
            <Typography variant="body2">{t('applicantForm.correction.attachmentClosed')}</Typography>
          ) : null}
          {attachment ? (
            <AttachmentPreview
              applicationId={applicationId}
              attachment={attachment}
              label={loc.field(slot, 'name').text}
            />
          ) : (
            <Typography>{t('applicantForm.attach.notYet')}</Typography>
          )}
          {attachment?.scan_state === 'pending' ? (
            <Alert severity="info" data-testid={`${id}-scan-pending`}>
              {t('applicantForm.attach.scanPending')}
            </Alert>
          ) : null}
          {progress !== null ? (
            <Box>
              <Typography id={`${id}-progress`} variant="body2">
                {t('applicantForm.attach.uploading', { percent: progress })}
              </Typography>
              <LinearProgress variant="determinate" value={progress} aria-labelledby={`${id}-progress`} />
            </Box>
          ) : null}
          <Box role="status" aria-live="polite" sx={{ '&:empty': { display: 'none' } }}>
            {status}
          </Box>
          {error ? (
            <Alert severity="error" role="alert" data-testid="attach-error">
              {error}
            </Alert>
          ) : null}
          {editable ? (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                variant={attachment ? 'outlined' : 'contained'}
                disabled={busy}
                onClick={() => fileInput.current?.click()}
              >
                {attachment
                  ? t('applicantForm.attach.replace', { name: loc.field(slot, 'name').text })
                  : t('applicantForm.attach.choose', { name: loc.field(slot, 'name').text })}
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept={acceptFor[slot.type]}
                hidden
                tabIndex={-1}
                aria-hidden="true"
                data-testid={`${id}-file`}
                onChange={onFile}
              />
              <Button variant="outlined" component="label" disabled={busy}>
                {t('applicantForm.attach.camera')}
                <input type="file" accept="image/*" capture="environment" hidden onChange={onFile} />
              </Button>
              {attachment ? (
                <Button
                  variant="outlined"
                  color="error"
                  sx={{ color: 'error.dark', borderColor: 'error.dark' }}
                  disabled={busy}
                  onClick={() =>
                    remove.mutate(
                      {
                        params: { code, applicationId },
                        query: { standard_item_code: slot.standard_item_code, sequence: attachment.sequence },
                      },
                      {
                        onSuccess: (result) => {
                          setPreview(applicationId, slot.standard_item_code, attachment.sequence, null);
                          queryClient.setQueryData(listKey, result);
                          setError(null);
                          setStatus(
                            t('applicantForm.attach.deleted', { name: loc.field(slot, 'name').text }),
                          );
                        },
                        onError: (failure) => setError(attachErrorText(failure)),
                      },
                    )
                  }
                >
                  {t('applicantForm.attach.delete', { name: loc.field(slot, 'name').text })}
                </Button>
              ) : null}
            </Stack>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
