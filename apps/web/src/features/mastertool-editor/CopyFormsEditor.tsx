// The copy rules (「同上」): which item's answer goes into which item, and while which conditions hold.
import Stack from '@mui/material/Stack';
import type { StandardItem } from '@portal/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useVocabulary, type Vocabulary } from './prefill-rules-vocabulary';
import { ItemOptions, NativeSelect } from './PrefillRulesFields';
import { conditionsShow, RuleConditions } from './RuleConditions';
import { RuleRowButtons } from './RowButtons';
import { RowFrame, RowList, sameRow, type RowOf } from './RowList';
import { addCopy, at, moveRow, removeRow, setCopyConditions, type CopyForm } from './rule-lists';
import { fieldId } from './validation';

export function CopyFormsEditor({
  path,
  rules,
  items,
  onChange,
}: {
  /** `concierge_set.concierge_rule.form_rule.copy_forms` */
  path: string;
  rules: readonly CopyForm[];
  /** The configuration's standard items: what is copied, where to, and what a condition compares. */
  items: readonly StandardItem[];
  onChange: (rules: CopyForm[]) => void;
}) {
  const { t } = useTranslation();
  const words = useVocabulary(items);
  return (
    <RowList
      path={path}
      values={rules}
      onChange={onChange}
      none={t('mastertool.rules.copy.none')}
      addLabel={t('mastertool.rules.copy.add')}
      add={addCopy}
      remove={removeRow}
      move={moveRow}
      focusOnAdd="source"
      row={(row) => <CopyFormRow {...row} words={words} />}
    />
  );
}

const CopyFormRow = memo(function CopyFormRow({
  value: rule,
  n,
  last,
  path: rowPath,
  onChange: change,
  onFocus,
  onMove,
  onRemove,
  words,
}: RowOf<CopyForm> & { words: Vocabulary }) {
  const { t } = useTranslation();
  const row = t('mastertool.rules.copy.rowN', { n });
  const forRow = (action: string) => t('mastertool.rules.forRow', { action, row });
  const conditionsPath = `${rowPath}.conditions`;
  return (
    <RowFrame
      path={rowPath}
      testId="copy-rule"
      heading={row}
      shownAtField={(p) =>
        p === `${rowPath}.source` || p === `${rowPath}.target` || conditionsShow(conditionsPath, p)
      }
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <NativeSelect
          path={`${rowPath}.source`}
          label={t('mastertool.rules.copy.source')}
          value={rule.source}
          required
          onChange={(v) => change((list, i) => at(list, i, (r) => ({ ...r, source: v })))}
        >
          <ItemOptions words={words} value={rule.source} />
        </NativeSelect>
        <NativeSelect
          path={`${rowPath}.target`}
          label={t('mastertool.rules.copy.target')}
          value={rule.target}
          required
          onChange={(v) => change((list, i) => at(list, i, (r) => ({ ...r, target: v })))}
        >
          <ItemOptions words={words} value={rule.target} />
        </NativeSelect>
      </Stack>
      <RuleConditions
        path={conditionsPath}
        ors={rule.conditions ?? []}
        words={words}
        none={t('mastertool.rules.copy.noConditions')}
        forRow={forRow}
        onFocus={onFocus}
        onChange={(edit) =>
          change((list, i) => at(list, i, (r) => setCopyConditions(r, edit(r.conditions ?? []))))
        }
      />
      <RuleRowButtons
        id={fieldId(rowPath)}
        row={row}
        first={n === 1}
        last={last}
        onMove={onMove}
        onRemove={onRemove}
      />
    </RowFrame>
  );
}, sameRow);
