// imageSignature: the handwritten signature (SG attachment) a procedure asks for. Three ways, same
// result (a PNG stored as every SG attachment of the application):
// - draw it with a mouse, a finger or a pen on the pad (clear and undo);
// - type the name, drawn as a signature image: for keyboard and screen-reader users, for whom drawing a
//   path is not possible (WCAG 2.1.1 / 2.5.7); the resident declares it is their signature;
// - photograph a signature written on paper.
// The router skips this screen when no chosen procedure asks for a handwritten signature.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentPreview } from '../../../features/attachments/AttachmentPreview';
import { setPreview } from '../../../features/attachments/previews';
import { formatSize, MAX_UPLOAD_BYTES, uploadAttachment } from '../../../features/attachments/upload';
import { SignaturePad, strokesToPng, typedNameToPng } from '../../../features/signature/SignaturePad';
import { isMeaningful, type Stroke } from '../../../features/signature/strokes';
import { screenPath, useApplicationParams } from '../../../lib/application/application';
import { apiQueryKey, errorText, useApiQuery } from '../../../lib/api';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { useLocalized } from '../../../lib/i18n/localized';
import { usePageTitle } from '../../../lib/router/head';
import { RouterButton } from '../../../lib/router/RouterLink';

type Mode = 'draw' | 'type' | 'photo';

export function ImageSignatureScreen() {
  const { t } = useTranslation();
  const loc = useLocalized();
  const { code, applicationId } = useApplicationParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const listKey = apiQueryKey('applicant.attaches.list', { params: { code, applicationId } });
  const list = useApiQuery('applicant.attaches.list', { params: { code, applicationId } });
  const values = useApiQuery('applicant.form.values', { params: { code, applicationId } });
  usePageTitle(t('screens.imageSignature'));
  const [mode, setMode] = useState<Mode>('draw');
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [typed, setTyped] = useState<string | null>(null);
  const [declared, setDeclared] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);

  const slots = (list.data?.required ?? []).filter((s) => s.type === 'SG');
  const existing = list.data?.procedure_attaches.find((a) => a.type === 'SG') ?? null;
  const nameFromForm = (() => {
    const get = (c: string) => {
      const v = values.data?.standard_item_fragments.find((x) => x.standard_item_code === c)?.value;
      return typeof v === 'string' ? v : '';
    };
    return [get('applicant_last_name'), get('applicant_first_name')].filter(Boolean).join(' ');
  })();
  const typedName = typed ?? nameFromForm;
  const next = screenPath(code, applicationId, 'signatureDigitalCertificateConfirm');

  const fail = (message: string) => {
    setError(message);
    window.requestAnimationFrame(() => errorRef.current?.focus());
  };

  const save = async () => {
    setError(null);
    let image: Blob;
    let fileName = 'signature.png';
    if (mode === 'draw') {
      if (!isMeaningful(strokes)) return fail(t('applicantForm.sign.drawFirst'));
      image = await strokesToPng(strokes);
    } else if (mode === 'type') {
      if (typedName.trim() === '') return fail(t('applicantForm.sign.typeFirst'));
      if (!declared) return fail(t('applicantForm.sign.declareFirst'));
      image = await typedNameToPng(typedName.trim());
    } else {
      if (!photo) return fail(t('applicantForm.sign.photoFirst'));
      if (photo.size > MAX_UPLOAD_BYTES)
        return fail(t('applicantForm.attach.tooLarge', { size: formatSize(MAX_UPLOAD_BYTES) }));
      image = photo;
      fileName = photo.name || 'signature.jpg';
    }
    setBusy(true);
    try {
      let result = null;
      for (const slot of slots) {
        result = await uploadAttachment({
          code,
          applicationId,
          standardItemCode: slot.standard_item_code,
          sequence: 1,
          file: image,
          fileName,
        });
        setPreview(applicationId, slot.standard_item_code, 1, image);
      }
      if (result) queryClient.setQueryData(listKey, result);
      void navigate({ to: next });
    } catch (failure) {
      fail(t('applicantForm.attach.failed', { detail: errorText(failure, t) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.imageSignature')}
        </Typography>
        <Typography>{t('applicantForm.sign.intro')}</Typography>
        {slots.length > 0 ? (
          <Typography sx={{ mt: 1 }}>
            {t('applicantForm.sign.forSlots', {
              names: slots.map((s) => loc.field(s, 'name').text).join(loc.language === 'ja' ? '、' : ', '),
            })}
          </Typography>
        ) : null}
      </Box>
      {list.isPending ? <Loading /> : null}
      {list.isError ? (
        <LoadError
          title={t('applicantForm.attach.loadError')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {existing ? (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="sign-existing">
          <Typography variant="h2" id="sign-existing" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {t('applicantForm.sign.existing')}
          </Typography>
          <AttachmentPreview
            applicationId={applicationId}
            attachment={existing}
            label={t('screens.imageSignature')}
          />
          <Box sx={{ mt: 2 }}>
            <RouterButton variant="contained" to={next}>
              {t('applicantForm.sign.keepExisting')}
            </RouterButton>
          </Box>
        </Paper>
      ) : null}
      {error ? (
        <Alert severity="error" ref={errorRef} tabIndex={-1} role="alert" data-testid="sign-error">
          {error}
        </Alert>
      ) : null}
      {list.data ? (
        <Paper variant="outlined" component="section" aria-labelledby="sign-new" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" id="sign-new" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {existing ? t('applicantForm.sign.redo') : t('applicantForm.sign.how')}
          </Typography>
          <Tabs
            value={mode}
            onChange={(_, value: Mode) => {
              setMode(value);
              setError(null);
            }}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={t('applicantForm.sign.how')}
          >
            <Tab
              value="draw"
              label={t('applicantForm.sign.modeDraw')}
              id="sign-tab-draw"
              aria-controls="sign-panel"
            />
            <Tab
              value="type"
              label={t('applicantForm.sign.modeType')}
              id="sign-tab-type"
              aria-controls="sign-panel"
            />
            <Tab
              value="photo"
              label={t('applicantForm.sign.modePhoto')}
              id="sign-tab-photo"
              aria-controls="sign-panel"
            />
          </Tabs>
          <Box role="tabpanel" id="sign-panel" aria-labelledby={`sign-tab-${mode}`} sx={{ pt: 2 }}>
            {mode === 'draw' ? (
              <Stack spacing={2}>
                <Typography id="sign-draw-help">{t('applicantForm.sign.drawHelp')}</Typography>
                <SignaturePad
                  strokes={strokes}
                  onChange={setStrokes}
                  label={
                    strokes.length > 0 ? t('applicantForm.sign.padDrawn') : t('applicantForm.sign.padEmpty')
                  }
                />
                <Stack direction="row" spacing={1}>
                  <Button
                    variant="outlined"
                    onClick={() => setStrokes((s) => s.slice(0, -1))}
                    disabled={strokes.length === 0}
                  >
                    {t('applicantForm.sign.undo')}
                  </Button>
                  <Button
                    variant="outlined"
                    color="error"
                    sx={{ color: 'error.dark', borderColor: 'error.dark' }}
                    onClick={() => setStrokes([])}
                    disabled={strokes.length === 0}
                  >
                    {t('applicantForm.sign.clear')}
                  </Button>
                </Stack>
              </Stack>
            ) : null}
            {mode === 'type' ? (
              <Stack spacing={2}>
                <Typography>{t('applicantForm.sign.typeHelp')}</Typography>
                <TextField
                  id="sign-typed-name"
                  label={t('applicantForm.sign.typedName')}
                  value={typedName}
                  onChange={(event) => setTyped(event.target.value)}
                  slotProps={{
                    inputLabel: { shrink: true },
                    htmlInput: { autoComplete: 'name', maxLength: 50 },
                  }}
                  sx={{ maxWidth: 420 }}
                />
                <FormControlLabel
                  control={
                    <Checkbox checked={declared} onChange={(event) => setDeclared(event.target.checked)} />
                  }
                  label={t('applicantForm.sign.declare')}
                />
              </Stack>
            ) : null}
            {mode === 'photo' ? (
              <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Typography>{t('applicantForm.sign.photoHelp')}</Typography>
                <Button variant="outlined" component="label">
                  {t('applicantForm.sign.photoChoose')}
                  <input
                    type="file"
                    accept="image/png,image/jpeg"
                    capture="environment"
                    hidden
                    onChange={(event: ChangeEvent<HTMLInputElement>) =>
                      setPhoto(event.target.files?.[0] ?? null)
                    }
                  />
                </Button>
                {photo ? (
                  <Typography role="status">
                    {t('applicantForm.sign.photoChosen', { name: photo.name })}
                  </Typography>
                ) : null}
              </Stack>
            ) : null}
          </Box>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mt: 3 }}>
            <RouterButton
              variant="outlined"
              size="large"
              to={screenPath(code, applicationId, 'attachedConfirm')}
            >
              {t('applicantForm.common.back')}
            </RouterButton>
            <Button
              variant="contained"
              size="large"
              onClick={() => void save()}
              disabled={busy || slots.length === 0}
            >
              {busy ? t('applicantForm.common.saving') : t('applicantForm.sign.save')}
            </Button>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
