// The department a procedure or a workflow step goes to, picked from the municipality's departments;
// none means any department; the list shows each name with its code a small caption after it. A code the municipality does not have stays visible as missing.
import { useTranslation } from 'react-i18next';
import { SelectInput } from './fields';

export function DepartmentSelect({
  path,
  label,
  value,
  departments,
  onChange,
}: {
  path: string;
  label: string;
  value: string | null;
  departments: readonly { value: string; label: string }[];
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const known = value === null || departments.some((d) => d.value === value);
  const options = [
    { value: '', label: t('mastertool.workflows.anyDepartment') },
    ...departments.map((d) => ({ value: d.value, label: d.label, code: d.value })),
    ...(known ? [] : [{ value: value, label: t('mastertool.editor.missing', { id: value }) }]),
  ];
  return (
    <SelectInput
      path={path}
      label={label}
      value={value ?? ''}
      options={options}
      onChange={(v) => onChange(v === '' ? null : v)}
    />
  );
}
