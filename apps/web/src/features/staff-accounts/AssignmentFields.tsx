// A permission (one) and departments (one or more): the assignment of an account or an invitation.
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';

export function AssignmentFields({
  idPrefix,
  permissions,
  departments,
  permissionId,
  departmentIds,
  onPermission,
  onDepartments,
  departmentsError,
}: {
  idPrefix: string;
  permissions: { id: number; name: string; code: string }[];
  departments: { id: number; name: string }[];
  permissionId: number;
  departmentIds: number[];
  onPermission: (id: number) => void;
  onDepartments: (ids: number[]) => void;
  departmentsError?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormControl>
        <FormLabel id={`${idPrefix}-permission`}>{t('staff.accounts.permission')}</FormLabel>
        <RadioGroup
          aria-labelledby={`${idPrefix}-permission`}
          value={String(permissionId)}
          onChange={(e) => onPermission(Number(e.target.value))}
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
                  checked={departmentIds.includes(d.id)}
                  onChange={(e) =>
                    onDepartments(
                      e.target.checked ? [...departmentIds, d.id] : departmentIds.filter((x) => x !== d.id),
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
