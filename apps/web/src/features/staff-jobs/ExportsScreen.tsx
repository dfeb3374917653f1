// /exports: an export of the documents received in a date range (a CSV or an Excel file per procedure,
// with attachments) as one zip. Choose dates, procedures, the file format and, for a CSV, the encoding
// (UTF-8 with BOM, or Shift_JIS for older Excel); a progress bar shows while the job runs, then the zip
// downloads under the server's file name.
import { japanDate } from '@portal/rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorTexts, isApiError, useApiMutation } from '../../lib/api';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { useSnackbar } from '../../lib/layout/snackbar';
import { monthRange } from '../../lib/staff/dates';
import type { Encoding } from '../../lib/staff/EncodingField';
import { ExportFileFields, type ExportFormat } from '../../lib/staff/ExportFileFields';
import { errorText } from '../../lib/staff/errors';
import { FailureAlert, FormPanel } from '../../lib/staff/forms';
import { can } from '../../lib/staff/permissions';
import { useProcedureCatalog, useStaffDepartments, useStaffUser } from '../../lib/staff/staff-context';
import { downloadFile } from '../../lib/jobs/download';
import { JobProgress } from '../../lib/jobs/JobProgress';
import { useExportJob } from '../../lib/jobs/useJob';

type ProcedureCatalog = ReturnType<typeof useProcedureCatalog>;

/** The catalog cut to the procedures of `departments`, and to the groups that keep one. */
export function exportable(
  catalog: ProcedureCatalog,
  departments: readonly { procedure_codes: string[] }[],
): ProcedureCatalog {
  const codes = new Set(departments.flatMap((d) => d.procedure_codes));
  const procedures = catalog.procedures.filter((p) => codes.has(p.code));
  const groups = catalog.groups.filter((g) => procedures.some((p) => p.groupId === g.id));
  return { ...catalog, procedures, groups };
}

export function ExportsScreen() {
  const { t } = useTranslation();
  const user = useStaffUser();
  const all = useProcedureCatalog();
  const scope = useStaffDepartments();
  // Only the procedures of the member's departments are offered (the server refuses the others).
  const catalog = exportable(all, scope.departments);
  const allowed = can(user, 'exports.run');
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.exports')}
        </Typography>
        <Typography>{t('staff.exports.intro')}</Typography>
      </Box>
      {!allowed ? <Alert severity="info">{t('staff.exports.notAllowed')}</Alert> : null}
      {catalog.isPending || scope.isPending ? <Loading /> : null}
      {catalog.error ? <LoadError title={t('staff.exports.loadError')} error={catalog.error} /> : null}
      {catalog.isPending || scope.isPending || catalog.error ? null : catalog.groups.length > 0 ? (
        <ExportForm allowed={allowed} catalog={catalog} />
      ) : (
        <Alert severity="info">{t('staff.exports.noProcedures')}</Alert>
      )}
    </Stack>
  );
}

function ExportForm({ allowed, catalog }: { allowed: boolean; catalog: ProcedureCatalog }) {
  const { t } = useTranslation();
  const notify = useSnackbar();
  const month = monthRange(japanDate(new Date()));
  const [groupId, setGroupId] = useState(catalog.groups[0]!.id);
  const procedures = catalog.procedures.filter((p) => p.groupId === groupId);
  const [start, setStart] = useState(month.start);
  const [end, setEnd] = useState(month.end);
  const [codes, setCodes] = useState<string[]>(() => procedures.map((p) => p.code));
  const [encoding, setEncoding] = useState<Encoding>('utf-8');
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [errors, setErrors] = useState<{ start?: string; end?: string; codes?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [downloaded, setDownloaded] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const create = useApiMutation('staff.export.create');
  const job = useExportJob(jobId);
  const resultRef = useRef<HTMLDivElement>(null);
  const running = job.data?.status === 'queued' || job.data?.status === 'running';

  useEffect(() => {
    if (job.data?.status === 'succeeded' || job.data?.status === 'failed') resultRef.current?.focus();
  }, [job.data?.status]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!start) found.start = t('staff.exports.dateRequired');
    if (!end) found.end = t('staff.exports.dateRequired');
    if (start && end && start > end) found.end = t('staff.exports.rangeError');
    if (codes.length === 0) found.codes = t('staff.exports.proceduresRequired');
    setErrors(found);
    if (found.start) return document.getElementById('export-start')?.focus();
    if (found.end) return document.getElementById('export-end')?.focus();
    if (found.codes) return document.getElementById(`export-procedure-${procedures[0]?.code}`)?.focus();
    setFailure(null);
    setDownloaded(null);
    create.mutate(
      {
        params: { procedureGroupId: groupId },
        body: { start_date: start, end_date: end, procedure_codes: codes, encoding, format },
      },
      {
        onSuccess: (created) => setJobId(created.id),
        onError: (error) => {
          if (isApiError(error)) {
            const f = fieldErrorTexts(error, t, {
              start_date: t('staff.exports.dateInvalid'),
              end_date: t('staff.exports.dateInvalid'),
              procedure_codes: t('staff.exports.proceduresRefused'),
            });
            setErrors({ start: f.start_date, end: f.end_date, codes: f.procedure_codes });
          }
          setFailure(errorText(t, error));
        },
      },
    );
  };

  const download = () => {
    if (!jobId) return;
    setDownloading(true);
    setFailure(null);
    downloadFile('staff.export.download', { jobId }, `export_${start}_${end}.zip`)
      .then((name) => {
        setDownloaded(name);
        notify(t('staff.exports.downloaded', { name }), 'success');
      })
      .catch((error: unknown) => setFailure(errorText(t, error)))
      .finally(() => setDownloading(false));
  };

  return (
    <FormPanel titleId="export-form-title" title={t('staff.exports.formTitle')} onSubmit={submit} spacing={3}>
      {catalog.groups.length > 1 ? (
        <TextField
          select
          label={t('staff.exports.group')}
          value={String(groupId)}
          onChange={(e) => {
            const id = Number(e.target.value);
            setGroupId(id);
            setCodes(catalog.procedures.filter((p) => p.groupId === id).map((p) => p.code));
          }}
          disabled={!allowed}
        >
          {catalog.groups.map((g) => (
            <MenuItem key={g.id} value={String(g.id)}>
              {g.name}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Typography>{t('staff.exports.groupName', { name: catalog.groups[0]!.name })}</Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          id="export-start"
          type="date"
          label={t('staff.exports.start')}
          required
          value={start}
          onChange={(e) => setStart(e.target.value)}
          error={Boolean(errors.start)}
          helperText={errors.start}
          disabled={!allowed}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          id="export-end"
          type="date"
          label={t('staff.exports.end')}
          required
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          error={Boolean(errors.end)}
          helperText={errors.end ?? t('staff.exports.endHelp')}
          disabled={!allowed}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <FormControl component="fieldset" error={Boolean(errors.codes)} disabled={!allowed}>
        <FormLabel component="legend">{t('staff.exports.procedures')}</FormLabel>
        <FormGroup>
          {procedures.map((p) => (
            <FormControlLabel
              key={p.code}
              label={p.name}
              control={
                <Checkbox
                  id={`export-procedure-${p.code}`}
                  checked={codes.includes(p.code)}
                  onChange={(e) =>
                    setCodes((c) => (e.target.checked ? [...c, p.code] : c.filter((x) => x !== p.code)))
                  }
                />
              }
            />
          ))}
        </FormGroup>
        {errors.codes ? <FormHelperText>{errors.codes}</FormHelperText> : null}
      </FormControl>
      <ExportFileFields
        id="export"
        format={format}
        encoding={encoding}
        disabled={!allowed}
        onFormat={setFormat}
        onEncoding={setEncoding}
      />
      <FailureAlert failure={failure} />
      <div>
        <Button type="submit" variant="contained" disabled={!allowed || create.isPending || running}>
          {t('staff.exports.submit')}
        </Button>
      </div>
      {jobId && job.data ? (
        <Box ref={resultRef} tabIndex={-1} sx={{ outline: 'none' }}>
          <Stack spacing={2}>
            <JobProgress job={job.data} label={t('staff.exports.progress')} />
            {job.data.status === 'succeeded' ? (
              <div>
                <Button variant="contained" color="success" onClick={download} disabled={downloading}>
                  {t('staff.exports.download')}
                </Button>
              </div>
            ) : null}
            {downloaded ? (
              <Typography>{t('staff.exports.downloaded', { name: downloaded })}</Typography>
            ) : null}
          </Stack>
        </Box>
      ) : null}
      {job.isError ? (
        <Alert severity="error" role="alert">
          {errorText(t, job.error)}
        </Alert>
      ) : null}
    </FormPanel>
  );
}
