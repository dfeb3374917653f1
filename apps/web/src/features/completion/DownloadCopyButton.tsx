// The resident's copy of a submitted application: one PDF per procedure, each its own button (a phone
// opens a PDF, not a zip), and on the completion page a zip of all when the resident asks for all. The
// footers are printed in the page's language. One rendering serves every button of the page.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/api';
import { useLocalized } from '../../lib/i18n/localized';
import { useLanguage } from '../../lib/i18n/useLanguage';
import {
  downloadDocuments,
  downloadName,
  downloadProcedure,
  renderCopy,
  type RenderedCopy,
} from './download';

/** A procedure of the application, as the list and the completion page have it. */
export interface CopyProcedure {
  id: number;
  name: string;
  en?: { name?: string | undefined } | undefined;
  reference_number: string | null;
}

export function DownloadCopyButton({
  code,
  applicationId,
  procedures,
  all = false,
  variant = 'contained',
  describedBy,
}: {
  code: string;
  applicationId: string;
  procedures: readonly CopyProcedure[];
  /** Also offer every copy in one zip (the completion page). */
  all?: boolean;
  variant?: 'contained' | 'outlined';
  /** The element naming which application (a list has buttons per card). */
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const language = useLanguage();
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  // The rendering of this page's language, kept: a second button does not render again.
  const rendered = useRef<{ language: string; copy: RenderedCopy } | null>(null);

  const run = async (save: (copy: RenderedCopy) => Promise<void>) => {
    setStatus(null);
    setProgress(0);
    try {
      if (rendered.current?.language !== language) {
        const copy = await renderCopy(code, applicationId, language, { onProgress: setProgress });
        rendered.current = { language, copy };
      }
      await save(rendered.current.copy);
      setStatus({ ok: true, text: t('applicantForm.complete.downloaded') });
    } catch (error) {
      rendered.current = null;
      setStatus({
        ok: false,
        text: t('applicantForm.complete.downloadError', { detail: errorText(error, t) }),
      });
    } finally {
      setProgress(null);
    }
  };
  const references = procedures.flatMap((p) => (p.reference_number ? [p.reference_number] : []));

  return (
    <Box>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        {procedures.map((p) => (
          <Button
            key={p.id}
            variant={variant}
            onClick={() => void run((copy) => downloadProcedure(code, applicationId, copy, p.id))}
            disabled={progress !== null}
            aria-describedby={describedBy}
            sx={{ minHeight: 44, textAlign: 'left' }}
          >
            {t('applicantForm.complete.downloadOne', { name: loc.field(p, 'name').text })}
          </Button>
        ))}
        {all ? (
          <Button
            variant="outlined"
            onClick={() =>
              void run((copy) =>
                downloadDocuments(code, applicationId, copy, downloadName(references, applicationId)),
              )
            }
            disabled={progress !== null}
            aria-describedby={describedBy}
            sx={{ minHeight: 44, textAlign: 'left' }}
          >
            {t('applicantForm.complete.downloadAll')}
          </Button>
        ) : null}
      </Stack>
      {progress !== null ? (
        <Box sx={{ mt: 2 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={t('applicantForm.complete.preparing')}
          />
        </Box>
      ) : null}
      <Box role="status" aria-live="polite" sx={{ mt: 1, '&:empty': { display: 'none' } }}>
        {status ? <Typography color={status.ok ? 'success.dark' : 'error'}>{status.text}</Typography> : null}
      </Box>
    </Box>
  );
}
