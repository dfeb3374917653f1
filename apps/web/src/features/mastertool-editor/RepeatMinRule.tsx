// A repeatable group's rule raising the minimum: one condition and the minimum while it holds, or JSON when
// the configuration has more (several rules, AND, OR).
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RepeatableGroup } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import type { ReportJson } from './editor-state';
import { NumberInput } from './fields';
import { ConditionFields, ConditionsJson } from './PrefillConditionEditor';
import type { Vocabulary } from './prefill-rules-vocabulary';
import {
  addMinRule,
  removeMinRule,
  setMinCondition,
  setMinRuleMin,
  setMinRules,
  simpleMinRule,
  type GroupChange,
} from './repeatable-groups';
import { fieldId } from './validation';

export function RepeatMinRule({
  group,
  path,
  n,
  words,
  reportJson,
  onChange,
  onFocus,
}: {
  group: RepeatableGroup;
  /** The group's path: `…repeatable_groups[0]`. */
  path: string;
  n: number;
  words: Vocabulary;
  reportJson: ReportJson;
  onChange: (change: GroupChange) => void;
  onFocus: (...ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const rulesPath = `${path}.min_rules`;
  const addId = `${fieldId(path)}-add-min-rule`;
  const simple = simpleMinRule(group);
  const forGroup = (action: string) => t('mastertool.repeat.forGroup', { action, n });
  const label = t('mastertool.repeat.minRule.label');
  return (
    <Box role="group" aria-label={forGroup(label)} sx={{ mt: 2 }}>
      <Typography component="h4" sx={{ fontWeight: 700, mb: 1 }}>
        {label}
      </Typography>
      {simple === 'json' ? (
        <ConditionsJson
          path={rulesPath}
          label={t('mastertool.repeat.minRule.json')}
          helper={t('mastertool.repeat.minRule.jsonHelp')}
          value={group.min_rules ?? []}
          reportJson={reportJson}
          onChange={(v) => onChange((groups, i) => setMinRules(groups, i, v))}
        />
      ) : simple === null ? (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('mastertool.repeat.minRule.none')}
          </Typography>
          <Button
            id={addId}
            size="small"
            startIcon={<AddIcon />}
            aria-label={forGroup(t('mastertool.repeat.minRule.add'))}
            onClick={() => {
              onChange(addMinRule);
              onFocus(fieldId(`${rulesPath}[0].conditions[0][0].source`));
            }}
          >
            {t('mastertool.repeat.minRule.add')}
          </Button>
        </>
      ) : (
        <MinRuleFields
          rulesPath={rulesPath}
          rule={simple}
          words={words}
          onChange={onChange}
          onRemove={() => {
            onChange(removeMinRule);
            onFocus(addId);
          }}
          removeLabel={forGroup(t('mastertool.repeat.minRule.remove'))}
        />
      )}
    </Box>
  );
}

/** Item, comparison and value of the condition, the minimum while it holds, and removing the rule. */
function MinRuleFields({
  rulesPath,
  rule,
  words,
  onChange,
  onRemove,
  removeLabel,
}: {
  rulesPath: string;
  rule: Exclude<ReturnType<typeof simpleMinRule>, null | 'json'>;
  words: Vocabulary;
  onChange: (change: GroupChange) => void;
  onRemove: () => void;
  removeLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('mastertool.repeat.minRule.help')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
        <ConditionFields
          base={`${rulesPath}[0].conditions[0][0]`}
          condition={rule.condition}
          words={words}
          onSet={(patch) => onChange((groups, i) => setMinCondition(groups, i, patch))}
        />
        <NumberInput
          path={`${rulesPath}[0].min`}
          label={t('mastertool.repeat.minRule.min')}
          value={rule.min}
          min={1}
          onChange={(v) => onChange((groups, i) => setMinRuleMin(groups, i, v))}
        />
      </Stack>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteIcon />}
        aria-label={removeLabel}
        onClick={onRemove}
        sx={{ mt: 1 }}
      >
        {t('mastertool.repeat.minRule.remove')}
      </Button>
    </>
  );
}
