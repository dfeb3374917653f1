// A permission (one) and departments (one or more): the assignment of an account or an invitation.
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The permission and departments chosen in a form, and how to change them. */
export function useAssignment(initial: { permissionId: number; departmentIds: number[] }) {
  const [permissionId, onPermission] = useState(initial.permissionId);
  const [departmentIds, onDepartments] = useState(initial.departmentIds);
  return { permissionId, departmentIds, onPermission, onDepartments };
}

export function AssignmentFields({
  idPrefix,
  list: { permissions, departments },
  assignment: { permissionId, departmentIds, onPermission, onDepartments },
  departmentsError,
}: {
  idPrefix: string;
  /** The permissions and departments to choose from. */
  list: {
    permissions: { id: number; name: string; code: string }[];
    departments: { id: number; name: string }[];
  };
  assignment: ReturnType<typeof useAssignment>;
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
