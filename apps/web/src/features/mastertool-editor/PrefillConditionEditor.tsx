// The fields of one rule condition (item, comparison, value) the rule editors share, the item's choices,
// and the JSON field of a repeatable group's minimum rules when they need more than one condition.
import type { RuleSymbol, StandardItem } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nameAndCode } from './name-and-code';
import type { ReportJson } from './editor-state';
import { JsonInput } from './JsonInput';
import { TextInput } from './fields';
import type { Condition } from './prefill-rules';
import type { Vocabulary } from './prefill-rules-vocabulary';
import { ItemOptions, NativeSelect } from './PrefillRulesFields';

const SYMBOLS = ['equal', 'above', 'below', ''] as const satisfies readonly RuleSymbol[];

/**
 * The fields of one condition: the item, the comparison and, unless the comparison is "answered", the
 * value (a choice of the item's own when it has choices).
 */
export function ConditionFields({
  base,
  itemField = 'source',
  condition: c,
  words,
  onSet,
}: {
  /** The condition's path: `…conditions[0][0]`. */
  base: string;
  /** The condition's item field (a procedural rule calls it `standard_item_code`). */
  itemField?: 'source' | 'standard_item_code';
  condition: Condition;
  words: Vocabulary;
  onSet: (patch: Partial<Condition>) => void;
}) {
  const { t } = useTranslation();
  const item = words.itemByCode.get(c.source);
  const withChoices = item && item.choices.length > 0 ? item : null;
  return (
    <>
      <NativeSelect
        path={`${base}.${itemField}`}
        label={t('mastertool.prefill.conditions.item')}
        value={c.source}
        required
        onChange={(v) => onSet({ source: v })}
      >
        <ItemOptions words={words} value={c.source} />
      </NativeSelect>
      <NativeSelect
        path={`${base}.symbol`}
        label={t('mastertool.prefill.conditions.symbol')}
        value={c.symbol}
        onChange={(v) => onSet({ symbol: v as RuleSymbol })}
      >
        {SYMBOLS.map((s) => (
          <option key={s} value={s}>
            {t(`mastertool.symbols.${s || 'any'}`)}
          </option>
        ))}
      </NativeSelect>
      {c.symbol === '' ? null : withChoices ? (
        <NativeSelect
          path={`${base}.expected`}
          label={t('mastertool.prefill.conditions.value')}
          value={c.expected}
          onChange={(v) => onSet({ expected: v })}
        >
          <ChoiceOptions item={withChoices} words={words} value={c.expected} />
        </NativeSelect>
      ) : (
        <TextInput
          path={`${base}.expected`}
          label={t('mastertool.prefill.conditions.value')}
          width="short"
          value={c.expected}
          onChange={(v) => onSet({ expected: v })}
        />
      )}
    </>
  );
}

/** An item's own choices as 「label · value」 (and the current value, should it not be one of them). */
export function ChoiceOptions({
  item,
  words,
  value,
}: {
  item: StandardItem;
  words: Vocabulary;
  value: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <option value="" disabled>
        {t('mastertool.prefill.choose')}
      </option>
      {value !== '' && !item.choices.some((x) => x.value === value) ? (
        <option value={value}>{value}</option>
      ) : null}
      {item.choices.map((x) => (
        <option key={x.value} value={x.value}>
          {nameAndCode(t, words.choiceLabel(item, x.value) ?? '', x.value)}
        </option>
      ))}
    </>
  );
}

/**
 * The JSON of one rule's conditions. Text that is not JSON is reported under this field's path while the
 * field is shown (and taken back when the row moves or the field goes, so no stale problem stays behind).
 */
export function ConditionsJson({
  path,
  label,
  helper,
  value,
  reportJson,
  onChange,
}: {
  path: string;
  label: string;
  helper: string;
  value: unknown;
  reportJson: ReportJson;
  onChange: (value: unknown) => void;
}) {
  const [invalid, setInvalid] = useState<string | null>(null);
  useEffect(() => {
    if (invalid === null) return;
    reportJson(path, invalid);
    return () => reportJson(path, null);
  }, [path, invalid, reportJson]);
  return (
    <JsonInput
      path={path}
      label={label}
      helper={helper}
      value={value}
      onChange={onChange}
      onInvalid={(_, message) => setInvalid(message)}
    />
  );
}
