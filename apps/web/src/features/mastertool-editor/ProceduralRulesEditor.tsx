// When a procedure applies (its procedural rules): alternatives, any of which may hold ("or"), each a list
// of conditions that must all hold ("and"), every condition an item of the group, a comparison and a
// value, picked as the prefill rules' conditions are (the same fields).
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProceduralRules, StandardItem } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ConditionFields } from './PrefillConditionEditor';
import { useVocabulary } from './prefill-rules-vocabulary';
import {
  addAlternative,
  addRuleCondition,
  removeRuleCondition,
  setRuleCondition,
  without,
} from './procedure-parts';
import { RowButtons } from './RowButtons';
import { RowFrame, RowList } from './RowList';
import { fieldId } from './validation';

export function ProceduralRulesEditor({
  base,
  procedure,
  rules,
  items,
  onChange,
}: {
  /** The procedure's path: `disclosure.procedures[i]`. */
  base: string;
  procedure: string;
  rules: ProceduralRules;
  /** The group's standard items, which a condition compares. */
  items: readonly StandardItem[];
  onChange: (rules: ProceduralRules) => void;
}) {
  const { t } = useTranslation();
  const words = useVocabulary(items);
  const path = `${base}.procedural_rules`;
  return (
    <Box component="section" aria-labelledby={`${fieldId(path)}-heading`}>
      <Typography component="h3" variant="h3" id={`${fieldId(path)}-heading`} gutterBottom>
        {t('mastertool.procRules.heading')}
      </Typography>
      <RowList
        path={path}
        values={rules}
        onChange={onChange}
        intro={
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('mastertool.procRules.intro')}
          </Typography>
        }
        none={t('mastertool.procRules.none')}
        addLabel={t('mastertool.procRules.add', { procedure })}
        add={addAlternative}
        remove={without}
        focusOnAdd="[0].standard_item_code"
        row={({ value, n, path: rowPath, onChange: edit, onFocus, onRemove }) => (
          <RowFrame
            path={rowPath}
            testId="procedural-rule"
            heading={
              n === 1 ? t('mastertool.procRules.alternativeN', { n }) : t('mastertool.procRules.orN', { n })
            }
            shownAtField={(p) =>
              /^\[\d+\]\.(standard_item_code|symbol|expected)$/.test(p.slice(rowPath.length))
            }
          >
            <Stack spacing={1}>
              {value.map((c, k) => (
                <Stack
                  key={k}
                  direction={{ xs: 'column', md: 'row' }}
                  spacing={1}
                  role="group"
                  aria-label={t('mastertool.procRules.conditionN', { k: k + 1, n })}
                  sx={{ alignItems: { md: 'flex-start' } }}
                >
                  <ConditionFields
                    base={`${rowPath}[${k}]`}
                    itemField="standard_item_code"
                    condition={{ source: c.standard_item_code, symbol: c.symbol, expected: c.expected }}
                    words={words}
                    onSet={({ source, ...patch }) =>
                      edit((list, j) =>
                        setRuleCondition(list, j, k, {
                          ...patch,
                          ...(source === undefined ? {} : { standard_item_code: source }),
                        }),
                      )
                    }
                  />
                  <IconButton
                    aria-label={t('mastertool.procRules.removeCondition', { k: k + 1, n })}
                    onClick={() => {
                      edit((list, j) => removeRuleCondition(list, j, k));
                      onFocus(`${fieldId(rowPath)}-add-condition`, `${fieldId(path)}-add`);
                    }}
                    sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              ))}
            </Stack>
            <Button
              id={`${fieldId(rowPath)}-add-condition`}
              size="small"
              startIcon={<AddIcon />}
              sx={{ mt: 1 }}
              onClick={() => {
                edit((list, j) => addRuleCondition(list, j));
                onFocus(fieldId(`${rowPath}[${value.length}].standard_item_code`));
              }}
            >
              {t('mastertool.procRules.addCondition', { n })}
            </Button>
            <RowButtons
              id={fieldId(rowPath)}
              remove={{
                text: t('mastertool.prefill.remove'),
                label: t('mastertool.procRules.remove', { n, procedure }),
                onRemove,
              }}
            />
          </RowFrame>
        )}
      />
    </Box>
  );
}
