// Whether a name can be carried as typed on the signing certificate of the My Number Card: the server
// labels each character, and this explains each one (safe, replaced by a standard form, not representable)
// and shows the name as the certificate will carry it.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation, type ApiResult } from '../../lib/api';

type Result = ApiResult<'applicant.person_name.validate'>;

/** The name the check sends: the parts joined by an ideographic space (which certificates carry). */
export const joinName = (parts: readonly string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join('\u3000');

export function NameCheck({ id, label, parts }: { id: string; label: string; parts: string[] }) {
  const { t } = useTranslation();
  const check = useApiMutation('applicant.person_name.validate');
  const [result, setResult] = useState<Result | null>(null);
  const name = joinName(parts);
  const current = result && result.person_name === name ? result : null;

  return (
    <Box sx={{ mt: 1 }} data-testid={`name-check-${id}`}>
      <Button
        variant="outlined"
        size="small"
        disabled={name === '' || check.isPending}
        onClick={() => check.mutate({ body: { person_name: name } }, { onSuccess: setResult })}
      >
        {t('applicantForm.name.check', { label })}
      </Button>
      <Box role="status" aria-live="polite" sx={{ mt: 1 }}>
        {check.isError ? <Typography color="error.dark">{t('applicantForm.name.error')}</Typography> : null}
        {current ? <NameCheckResult id={id} result={current} /> : null}
      </Box>
    </Box>
  );
}

function NameCheckResult({ id, result }: { id: string; result: Result }) {
  const { t } = useTranslation();
  const shown = result.characters.filter((c) => c.character !== '\u3000');
  return (
    <Box>
      <Alert severity={result.is_certificate_safe ? 'success' : 'warning'} sx={{ mb: 1 }}>
        {result.is_certificate_safe
          ? t('applicantForm.name.safe')
          : t('applicantForm.name.unsafe', { name: result.certificate_name })}
      </Alert>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby={`${id}-name-table`}>
          <caption id={`${id}-name-table`} style={{ captionSide: 'top', textAlign: 'left' }}>
            {t('applicantForm.name.tableCaption')}
          </caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('applicantForm.name.character')}
              </TableCell>
              <TableCell component="th" scope="col">
                {t('applicantForm.name.codePoint')}
              </TableCell>
              <TableCell component="th" scope="col">
                {t('applicantForm.name.meaning')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((c, index) => (
              <TableRow key={`${c.code_point}-${index}`}>
                <TableCell sx={{ fontSize: '1.25rem' }}>{c.character}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{c.code_point}</TableCell>
                <TableCell>{t(`applicantForm.name.label.${c.label}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
