// One prefill rule's row: item, source, conditions in words (opening their editor), move and remove.
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PrefillRule } from '@portal/contracts';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  conditionsSummary,
  setAllConditions,
  setSource,
  setLocked,
  setVerify,
  setTarget,
  type RuleChange,
} from './prefill-rules';
import type { Vocabulary } from './prefill-rules-vocabulary';
import { ItemOptions, NativeSelect, SourceOptions, useProblems } from './PrefillRulesFields';
import { RowButtons } from './RowButtons';
import { RowFrame } from './RowList';
import { conditionsShow, RuleConditions } from './RuleConditions';
import { fieldId } from './validation';

interface RowProps {
  rule: PrefillRule;
  n: number;
  /** Whether it is the last rule (it cannot move down). */
  last: boolean;
  path: string;
  words: Vocabulary;
  onChange: (change: RuleChange) => void;
  onFocus: (...ids: string[]) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

export const PrefillRuleRow = memo(function PrefillRuleRow({
  rule,
  n,
  last,
  path,
  words,
  onChange,
  onFocus,
  onMove,
  onRemove,
}: RowProps) {
  const { t } = useTranslation();
  const problems = useProblems();
  const id = fieldId(path);
  const conditionsPath = `${path}.conditions`;
  const conditionProblems = [
    ...(problems.at(conditionsPath) ? [conditionsPath] : []),
    ...problems.under(conditionsPath),
  ];
  // Open on request, and whenever a condition gets a problem (so its field can be seen and focused).
  const [open, setOpen] = useState(conditionProblems.length > 0);
  const problemKey = conditionProblems.join(' ');
  useEffect(() => {
    if (problemKey !== '') setOpen(true);
  }, [problemKey]);
  const summary = conditionsSummary(rule, words.summary);
  // Problems of the row that no field below shows (the rule as a whole, an empty AND-list…).
  const shownAtField = (p: string) =>
    p === `${path}.target` ||
    p === `${path}.source` ||
    (open && p.startsWith(conditionsPath) && conditionsShow(conditionsPath, p));
  const name = t('mastertool.prefill.ruleN', { n });
  return (
    <RowFrame path={path} testId="prefill-rule" heading={name} shownAtField={shownAtField}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 1 }}>
        <NativeSelect
          path={`${path}.target`}
          label={t('mastertool.prefill.target')}
          value={rule.target}
          required
          onChange={(v) => onChange((rules, i) => setTarget(rules, i, v))}
        >
          <ItemOptions words={words} value={rule.target} />
        </NativeSelect>
        <NativeSelect
          path={`${path}.source`}
          label={t('mastertool.prefill.source')}
          value={rule.source}
          required
          helper={rule.source ? t('mastertool.prefill.claimCode', { code: rule.source }) : undefined}
          onChange={(v) => onChange((rules, i) => setSource(rules, i, v))}
        >
          <SourceOptions words={words} value={rule.source} />
        </NativeSelect>
      </Stack>
      <FormControlLabel
        sx={{ mb: 1 }}
        control={
          <Checkbox
            checked={rule.verify === true}
            onChange={(event) => onChange((rules, i) => setVerify(rules, i, event.target.checked))}
          />
        }
        label={t('mastertool.prefill.verify')}
      />
      <FormControlLabel
        sx={{ mb: 1 }}
        control={
          <Checkbox
            checked={rule.locked === true}
            onChange={(event) => onChange((rules, i) => setLocked(rules, i, event.target.checked))}
          />
        }
        label={t('mastertool.prefill.locked')}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <Typography variant="body2" id={`${id}-summary`} sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {t('mastertool.prefill.conditions.label')}:{' '}
          </Box>
          {summary}
        </Typography>
        <Button
          id={open ? undefined : fieldId(conditionsPath)}
          size="small"
          aria-expanded={open}
          aria-controls={open ? `${id}-conditions` : undefined}
          aria-describedby={`${id}-summary`}
          aria-label={words.forRule(t('mastertool.prefill.conditions.edit'), n)}
          endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          onClick={() => setOpen(!open)}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {t('mastertool.prefill.conditions.edit')}
        </Button>
      </Stack>
      {open ? (
        <Box
          id={`${id}-conditions`}
          role="region"
          aria-label={words.forRule(t('mastertool.prefill.conditions.label'), n)}
          sx={{ mt: 1, pl: { sm: 2 }, borderLeft: { sm: 2 }, borderColor: { sm: 'divider' } }}
        >
          <RuleConditions
            path={conditionsPath}
            ors={rule.conditions ?? []}
            words={words}
            none={t('mastertool.prefill.conditions.none')}
            forRow={(action) => words.forRule(action, n)}
            onChange={(change) =>
              onChange((rules, i) => setAllConditions(rules, i, change(rules[i]?.conditions ?? [])))
            }
            onFocus={onFocus}
          />
        </Box>
      ) : null}
      <RowButtons
        id={id}
        move={{
          first: n === 1,
          last,
          upLabel: t('mastertool.prefill.moveUp', { n }),
          downLabel: t('mastertool.prefill.moveDown', { n }),
          onMove,
        }}
        remove={{
          text: t('mastertool.prefill.remove'),
          label: words.forRule(t('mastertool.prefill.remove'), n),
          onRemove,
        }}
      />
    </RowFrame>
  );
}, sameRow);

/** Rows compare by what they show; their handlers may be new, as they read the current list. */
function sameRow(a: RowProps, b: RowProps): boolean {
  return (
    a.n === b.n &&
    a.last === b.last &&
    a.path === b.path &&
    a.words === b.words &&
    JSON.stringify(a.rule) === JSON.stringify(b.rule)
  );
}
