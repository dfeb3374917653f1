// The files the resident attached to an application, each downloadable again. Loaded when opened, so the
// applications list costs no call per card.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText, useApiQuery } from '../../lib/api';
import { localizedField } from '../../lib/i18n/localized';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { saveBlob } from './download';

export function OwnAttachments({ code, applicationId }: { code: string; applicationId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <Box>
      <Button variant="text" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
        {open ? t('applicantForm.applications.filesHide') : t('applicantForm.applications.filesShow')}
      </Button>
      <Box id={regionId}>{open ? <FileList code={code} applicationId={applicationId} /> : null}</Box>
    </Box>
  );
}

/** The attached files, each downloadable: open at once (the read-only answers of a sent application). */
export function AttachedFiles({ code, applicationId }: { code: string; applicationId: string }) {
  return <FileList code={code} applicationId={applicationId} />;
}

function FileList({ code, applicationId }: { code: string; applicationId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useApiQuery('applicant.attaches.list', { params: { code, applicationId } });
  const [failure, setFailure] = useState<string | null>(null);
  if (list.isPending) return <Typography role="status">{t('common.loading')}</Typography>;
  if (list.isError) return <Typography color="error">{errorText(list.error, t)}</Typography>;
  const names = new Map(list.data.required.map((r) => [r.standard_item_code, r]));
  const files = list.data.procedure_attaches;
  if (files.length === 0) return <Typography>{t('applicantForm.applications.filesNone')}</Typography>;
  const download = async (file: (typeof files)[number]) => {
    setFailure(null);
    try {
      const blob = (await api('applicant.attaches.file', {
        params: { code, applicationId },
        query: { standard_item_code: file.standard_item_code, sequence: file.sequence },
      })) as Blob;
      saveBlob(blob, file.file_name);
    } catch (error) {
      setFailure(t('applicantForm.applications.fileError', { detail: errorText(error, t) }));
    }
  };
  return (
    <Box>
      <Box component="ul" sx={{ pl: 0, my: 0, listStyle: 'none' }}>
        {files.map((file) => {
          const slot = names.get(file.standard_item_code);
          const label = slot ? localizedField(slot, 'name', language).text : file.file_name;
          return (
            <li key={`${file.standard_item_code}:${file.sequence}`}>
              <Button variant="text" onClick={() => void download(file)}>
                {t('applicantForm.applications.fileDownload', { name: `${label}（${file.file_name}）` })}
              </Button>
            </li>
          );
        })}
      </Box>
      <Box role="status" aria-live="polite">
        {failure ? <Typography color="error">{failure}</Typography> : null}
      </Box>
    </Box>
  );
}
