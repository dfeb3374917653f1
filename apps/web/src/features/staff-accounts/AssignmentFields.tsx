// A permission (one) and departments (one or more): the assignment of an account or an invitation, as
// fields of the surrounding form (the first department takes the focus when none is chosen).
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { problemText } from '../../lib/staff/staff-form';

type AssignmentValues = { permission_id: number; department_ids: number[] };

export function AssignmentFields({
  idPrefix,
  list: { permissions, departments },
}: {
  idPrefix: string;
  /** The permissions and departments to choose from. */
  list: {
    permissions: { id: number; name: string; code: string }[];
    departments: { id: number; name: string }[];
  };
}) {
  const { t } = useTranslation();
  const { control } = useFormContext<AssignmentValues>();
  const permission = useController({ control, name: 'permission_id' }).field;
  const { field: chosen, fieldState } = useController({ control, name: 'department_ids' });
  const departmentsError = problemText(fieldState.error, t('staff.accounts.departmentsRequired'));
  return (
    <>
      <FormControl>
        <FormLabel id={`${idPrefix}-permission`}>{t('staff.accounts.permission')}</FormLabel>
        <RadioGroup
          aria-labelledby={`${idPrefix}-permission`}
          value={String(permission.value)}
          onChange={(e) => permission.onChange(Number(e.target.value))}
        >
          {permissions.map((p) => (
            <FormControlLabel
              key={p.id}
              value={String(p.id)}
              control={<Radio />}
              label={`${p.name}（${t(`staff.accounts.permissionHelp.${p.code}`, { defaultValue: p.code })}）`}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControl component="fieldset" error={Boolean(departmentsError)}>
        <FormLabel component="legend">{t('staff.accounts.departments')}</FormLabel>
        <FormGroup>
          {departments.map((d, i) => (
            <FormControlLabel
              key={d.id}
              label={d.name}
              control={
                <Checkbox
                  id={i === 0 ? `${idPrefix}-department_ids` : undefined}
                  inputRef={i === 0 ? chosen.ref : undefined}
                  checked={chosen.value.includes(d.id)}
                  onChange={(e) =>
                    chosen.onChange(
                      e.target.checked ? [...chosen.value, d.id] : chosen.value.filter((x) => x !== d.id),
                    )
                  }
                />
              }
            />
          ))}
        </FormGroup>
        {departmentsError ? <FormHelperText>{departmentsError}</FormHelperText> : null}
      </FormControl>
    </>
  );
}
