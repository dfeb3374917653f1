// The new key's fields: a name, procedures by name (code as caption), read or read-and-update, an expiry
// date, address ranges one per line (each checked as a CIDR) and an optional webhook URL.
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorTexts, useApiMutation, type ApiResult } from '../../lib/api';
import { NameAndCode } from '../../lib/layout/NameAndCode';
import { RouterButton } from '../../lib/router/RouterLink';
import { errorText } from '../../lib/staff/errors';
import { FailureAlert, FormPanel } from '../../lib/staff/forms';
import { FormTextField } from '../../lib/staff/FormTextField';
import type { CatalogProcedure } from '../../lib/staff/staff-context';
import { focusFirst, problemText, useStaffForm } from '../../lib/staff/staff-form';
import { badCidrLines, cidrProblem, dateAfter, keyFormSchema, type KeyFormValues } from './key-form';

export type CreatedKey = ApiResult<'staff.system_keys.create'>;

const ORDER = ['name', 'procedure_codes', 'expires_on', 'cidrs', 'webhook_url'] as const;
/** The server's names of the fields, as this form names them. */
const SERVER_FIELDS: Record<string, (typeof ORDER)[number]> = {
  name: 'name',
  procedure_codes: 'procedure_codes',
  expires_at: 'expires_on',
  allowed_cidrs: 'cidrs',
  webhook_url: 'webhook_url',
};

export function KeyForm({
  procedures,
  onCreated,
}: {
  procedures: CatalogProcedure[];
  onCreated: (key: CreatedKey) => void;
}) {
  const { t } = useTranslation();
  const today = useMemo(() => new Date(), []);
  const form = useStaffForm<KeyFormValues, ReturnType<ReturnType<typeof keyFormSchema>['parse']>>(
    keyFormSchema(today),
    {
      name: '',
      procedure_codes: [],
      access: 'read',
      expires_on: dateAfter(today, 365),
      cidrs: '',
      webhook_url: '',
    },
  );
  const [failure, setFailure] = useState<string | null>(null);
  const create = useApiMutation('staff.system_keys.create');
  const { field: chosen, fieldState: chosenState } = useController({
    control: form.control,
    name: 'procedure_codes',
  });
  const access = useController({ control: form.control, name: 'access' }).field;
  const cidrText = form.watch('cidrs');

  const submit = form.handleSubmit(
    (body) => {
      setFailure(null);
      create.mutate(
        { body },
        {
          onSuccess: onCreated,
          onError: (error) => {
            for (const [field, message] of Object.entries(fieldErrorTexts(error, t))) {
              const own = SERVER_FIELDS[field];
              if (own) form.setError(own, { type: 'server', message });
            }
            setFailure(errorText(t, error));
          },
        },
      );
    },
    focusFirst(form, ORDER),
  );

  const cidrMessage = () => {
    const problem = cidrProblem(cidrText);
    if (problem === 'invalid') {
      return t('systemKeys.form.cidrsInvalid', { lines: badCidrLines(cidrText).join('、') });
    }
    return t(problem === 'tooMany' ? 'systemKeys.form.cidrsTooMany' : 'systemKeys.form.cidrsMissing');
  };
  const proceduresError = problemText(chosenState.error, t('systemKeys.form.proceduresProblem'));

  return (
    <FormPanel titleId="new-key-title" title={t('systemKeys.form.title')} onSubmit={(e) => void submit(e)}>
      <FailureAlert failure={failure} />
      <FormTextField
        control={form.control}
        name="name"
        label={t('systemKeys.name')}
        required
        helperText={t('systemKeys.form.nameHelp')}
        problem={t('systemKeys.form.nameProblem')}
      />
      <FormControl component="fieldset" error={Boolean(proceduresError)} required>
        <FormLabel component="legend">{t('systemKeys.form.proceduresLegend')}</FormLabel>
        <FormGroup>
          {procedures.map((p, i) => (
            <FormControlLabel
              key={p.code}
              label={<NameAndCode name={p.name} code={p.code} />}
              control={
                <Checkbox
                  inputRef={i === 0 ? chosen.ref : undefined}
                  checked={chosen.value.includes(p.code)}
                  onChange={(e) =>
                    chosen.onChange(
                      e.target.checked ? [...chosen.value, p.code] : chosen.value.filter((c) => c !== p.code),
                    )
                  }
                />
              }
            />
          ))}
        </FormGroup>
        {proceduresError ? <FormHelperText>{proceduresError}</FormHelperText> : null}
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('systemKeys.form.accessLegend')}</FormLabel>
        <RadioGroup value={access.value} onChange={(e) => access.onChange(e.target.value)}>
          {(['read', 'read_update'] as const).map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={t(`systemKeys.accessValues.${value}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormTextField
        control={form.control}
        name="expires_on"
        type="date"
        label={t('systemKeys.expiresAt')}
        required
        slotProps={{ inputLabel: { shrink: true } }}
        helperText={t('systemKeys.form.expiresHelp')}
        problem={t('systemKeys.form.expiresProblem')}
      />
      <FormTextField
        control={form.control}
        name="cidrs"
        label={t('systemKeys.form.cidrs')}
        required
        multiline
        minRows={3}
        slotProps={{
          htmlInput: { spellCheck: false, autoCapitalize: 'none', style: { fontFamily: 'monospace' } },
        }}
        helperText={t('systemKeys.form.cidrsHelp')}
        problem={cidrMessage}
      />
      <FormTextField
        control={form.control}
        name="webhook_url"
        type="url"
        label={t('systemKeys.form.webhookUrl')}
        helperText={t('systemKeys.form.webhookHelp')}
        problem={t('systemKeys.form.webhookProblem')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          {t('systemKeys.form.submit')}
        </Button>
        <RouterButton to="/system-keys">{t('systemKeys.form.cancel')}</RouterButton>
      </Stack>
    </FormPanel>
  );
}
