// Prefill by option: when the resident chooses an option, an item is filled with a value (one of the
// item's own choices where it has them).
import Stack from '@mui/material/Stack';
import type { StandardItem } from '@portal/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from './fields';
import { ChoiceOptions } from './PrefillConditionEditor';
import { useVocabulary, type Vocabulary } from './prefill-rules-vocabulary';
import { ItemOptions, NativeSelect } from './PrefillRulesFields';
import { RuleRowButtons } from './RowButtons';
import { RowFrame, RowList, sameRow, type RowOf } from './RowList';
import { addPrefillForm, at, moveRow, removeRow, type OptionChoice, type PrefillForm } from './rule-lists';
import { fieldId } from './validation';

export function PrefillFormsEditor({
  path,
  rules,
  items,
  options,
  onChange,
}: {
  /** `concierge_set.concierge_rule.prefill_form_rule.prefill_forms` */
  path: string;
  rules: readonly PrefillForm[];
  /** The configuration's standard items: what is filled. */
  items: readonly StandardItem[];
  /** The options of the set's questions, question by question. */
  options: readonly OptionChoice[];
  onChange: (rules: PrefillForm[]) => void;
}) {
  const { t } = useTranslation();
  const words = useVocabulary(items);
  // Consecutive options of one question under its name.
  const byQuestion: { question: string; options: OptionChoice[] }[] = [];
  for (const o of options) {
    const last = byQuestion[byQuestion.length - 1];
    if (last && last.question === o.question) last.options.push(o);
    else byQuestion.push({ question: o.question, options: [o] });
  }
  return (
    <RowList
      path={path}
      values={rules}
      onChange={onChange}
      none={t('mastertool.rules.prefillForm.none')}
      addLabel={t('mastertool.rules.prefillForm.add')}
      add={addPrefillForm}
      remove={removeRow}
      move={moveRow}
      focusOnAdd="source"
      row={(row) => <PrefillFormRow {...row} words={words} byQuestion={byQuestion} />}
    />
  );
}

const PrefillFormRow = memo(function PrefillFormRow({
  value: rule,
  n,
  last,
  path: rowPath,
  onChange: change,
  onMove,
  onRemove,
  words,
  byQuestion,
}: RowOf<PrefillForm> & {
  words: Vocabulary;
  byQuestion: readonly { question: string; options: OptionChoice[] }[];
}) {
  const { t } = useTranslation();
  const row = t('mastertool.rules.prefillForm.rowN', { n });
  const item = words.itemByCode.get(rule.target);
  const choices = item && item.choices.length > 0 ? item : null;
  const set = (patch: Partial<PrefillForm>) => change((list, i) => at(list, i, (r) => ({ ...r, ...patch })));
  return (
    <RowFrame
      path={rowPath}
      testId="prefill-form"
      heading={row}
      shownAtField={(p) => ['source', 'target', 'expected'].some((f) => p === `${rowPath}.${f}`)}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <NativeSelect
          path={`${rowPath}.source`}
          label={t('mastertool.rules.prefillForm.source')}
          value={rule.source}
          required
          onChange={(v) => set({ source: v })}
        >
          <option value="" disabled>
            {t('mastertool.prefill.choose')}
          </option>
          {rule.source !== '' && !byQuestion.some((q) => q.options.some((o) => o.id === rule.source)) ? (
            <option value={rule.source}>
              {t('mastertool.rules.prefillForm.missing', { id: rule.source })}
            </option>
          ) : null}
          {byQuestion.map((q, k) => (
            <optgroup key={k} label={q.question}>
              {q.options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect>
        <NativeSelect
          path={`${rowPath}.target`}
          label={t('mastertool.rules.prefillForm.target')}
          value={rule.target}
          required
          onChange={(v) => set({ target: v })}
        >
          <ItemOptions words={words} value={rule.target} />
        </NativeSelect>
        {choices ? (
          <NativeSelect
            path={`${rowPath}.expected`}
            label={t('mastertool.rules.prefillForm.expected')}
            value={rule.expected}
            onChange={(v) => set({ expected: v })}
          >
            <ChoiceOptions item={choices} words={words} value={rule.expected} />
          </NativeSelect>
        ) : (
          <TextInput
            path={`${rowPath}.expected`}
            label={t('mastertool.rules.prefillForm.expected')}
            width="short"
            value={rule.expected}
            onChange={(v) => set({ expected: v })}
          />
        )}
      </Stack>
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
