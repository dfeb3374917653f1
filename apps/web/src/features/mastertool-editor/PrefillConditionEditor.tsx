// A prefill rule's conditions: the inline editor of one AND-list, and JSON for anything with an OR.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RuleSymbol, StandardItem } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nameAndCode } from './name-and-code';
import type { ReportJson } from './editor-state';
import { JsonInput } from './JsonInput';
import { TextInput } from './fields';
import {
  addCondition,
  removeCondition,
  setCondition,
  type Condition,
  type RuleChange,
} from './prefill-rules';
import type { Vocabulary } from './prefill-rules-vocabulary';
import { ItemOptions, NativeSelect } from './PrefillRulesFields';
import { fieldId } from './validation';

const SYMBOLS = ['equal', 'above', 'below', ''] as const satisfies readonly RuleSymbol[];

/** The inline editor of one AND-list: "item X equals Y" (or above, below, answered), add and remove. */
export function ConditionList({
  path,
  ruleId,
  n,
  list,
  words,
  onChange,
  onFocus,
  onJson,
}: {
  path: string;
  ruleId: string;
  n: number;
  list: readonly Condition[];
  words: Vocabulary;
  onChange: (change: RuleChange) => void;
  onFocus: (...ids: string[]) => void;
  onJson: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box id={fieldId(path)}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('mastertool.prefill.conditions.help')}
      </Typography>
      <Stack spacing={1}>
        {list.map((c, k) => (
          <Stack
            key={k}
            direction={{ xs: 'column', md: 'row' }}
            spacing={1}
            role="group"
            aria-label={t('mastertool.prefill.conditions.conditionN', { k: k + 1, n })}
            sx={{ alignItems: { md: 'flex-start' } }}
          >
            <ConditionFields
              base={`${path}[0][${k}]`}
              condition={c}
              words={words}
              onSet={(patch) => onChange((rules, i) => setCondition(rules, i, k, patch))}
            />
            <IconButton
              aria-label={t('mastertool.prefill.conditions.remove', { k: k + 1, n })}
              onClick={() => {
                onChange((rules, i) => removeCondition(rules, i, k));
                onFocus(`${ruleId}-add-condition`);
              }}
              sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
        <Button
          id={`${ruleId}-add-condition`}
          size="small"
          startIcon={<AddIcon />}
          aria-label={words.forRule(t('mastertool.prefill.conditions.add'), n)}
          onClick={() => {
            onChange((rules, i) => addCondition(rules, i));
            onFocus(fieldId(`${path}[0][${list.length}].source`));
          }}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('mastertool.prefill.conditions.add')}
        </Button>
        <Button
          size="small"
          aria-label={words.forRule(t('mastertool.prefill.conditions.toJson'), n)}
          onClick={onJson}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('mastertool.prefill.conditions.toJson')}
        </Button>
      </Stack>
    </Box>
  );
}

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
