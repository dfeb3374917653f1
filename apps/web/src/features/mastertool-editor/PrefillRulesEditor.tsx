// The prefill rules (decision 0012) as an ordered list of rows, each control named by the path it edits.
import Typography from '@mui/material/Typography';
import type { PrefillRule, StandardItem } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { addRule, moveRule, removeRule } from './prefill-rules';
import { useVocabulary } from './prefill-rules-vocabulary';
import { PrefillRuleRow } from './PrefillRuleRow';
import { RowList } from './RowList';

// The tests build the vocabulary as the editor does.
export { vocabulary } from './prefill-rules-vocabulary';

export function PrefillRulesEditor({
  path,
  rules,
  items,
  onChange,
}: {
  /** `concierge_set.concierge_rule.form_rule.prefill_rules` */
  path: string;
  rules: readonly PrefillRule[];
  /** The configuration's standard items: what a rule may fill and a condition may compare. */
  items: readonly StandardItem[];
  onChange: (rules: PrefillRule[]) => void;
}) {
  const { t } = useTranslation();
  const words = useVocabulary(items);
  return (
    <RowList
      path={path}
      values={rules}
      onChange={onChange}
      intro={
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('mastertool.prefill.firstWins')}
        </Typography>
      }
      none={t('mastertool.prefill.none')}
      addLabel={t('mastertool.prefill.add')}
      add={addRule}
      remove={removeRule}
      move={moveRule}
      focusOnAdd="target"
      row={({ value, ...row }) => <PrefillRuleRow rule={value} words={words} {...row} />}
    />
  );
}
