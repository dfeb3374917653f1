// A rules list edited in the form, with its JSON as the expert view (decision 0054): both edit the same
// draft value, the JSON checked as the operator types; content the form cannot show stays in JSON.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportJson } from './editor-state';
import { ConditionsJson } from './PrefillConditionEditor';
import { useFocusAfterChange } from './RowList';
import { fieldId } from './validation';

export function TypedOrJson({
  path,
  label,
  value,
  typed,
  reportJson,
  onChange,
  children,
}: {
  path: string;
  /** The list's name, for the JSON field and the switch. */
  label: string;
  value: unknown;
  /** Whether the form can show the value (else only the JSON is offered, with why). */
  typed: boolean;
  reportJson: ReportJson;
  onChange: (value: unknown) => void;
  /** The form. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [asJson, setAsJson] = useState(false);
  const focus = useFocusAfterChange();
  const json = asJson || !typed;
  const switchId = `${fieldId(path)}-view`;
  const forList = (action: string) => t('mastertool.rules.forRow', { action, row: label });
  return (
    <Box>
      {json ? (
        <>
          {typed ? null : (
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('mastertool.rules.notTyped')}
            </Typography>
          )}
          <ConditionsJson
            path={path}
            label={label}
            helper={t('mastertool.rules.jsonHelp')}
            value={value}
            reportJson={reportJson}
            onChange={onChange}
          />
        </>
      ) : (
        children
      )}
      <Button
        id={switchId}
        size="small"
        disabled={json && !typed}
        aria-label={forList(t(json ? 'mastertool.rules.toForm' : 'mastertool.rules.toJson'))}
        onClick={() => {
          setAsJson(!json);
          // The JSON field, or the list's first field, or its add button.
          focus(...(json ? [fieldId(`${path}[0]`), `${fieldId(path)}-add`] : [fieldId(path)]));
        }}
        sx={{ mt: 2 }}
      >
        {t(json ? 'mastertool.rules.toForm' : 'mastertool.rules.toJson')}
      </Button>
    </Box>
  );
}
