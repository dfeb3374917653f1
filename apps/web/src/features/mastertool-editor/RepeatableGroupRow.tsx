// One repeatable group: code, name (Japanese and English), the standard items repeated, the minimum and
// maximum, and the rule raising the minimum; each control named by the path it edits.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RepeatableGroup } from '@portal/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportJson } from './editor-state';
import { EnglishInput, NumberInput, TextInput } from './fields';
import { ItemOptions, NativeSelect } from './PrefillRulesFields';
import type { Vocabulary } from './prefill-rules-vocabulary';
import {
  addItem,
  REPEAT_LIMIT,
  removeItem,
  setEnglishName,
  setGroup,
  setItem,
  simpleMinRule,
  type GroupChange,
} from './repeatable-groups';
import { RepeatMinRule } from './RepeatMinRule';
import { RowButtons } from './RowButtons';
import { RowFrame } from './RowList';
import { fieldId } from './validation';

interface RowProps {
  group: RepeatableGroup;
  n: number;
  path: string;
  words: Vocabulary;
  reportJson: ReportJson;
  onChange: (change: GroupChange) => void;
  onFocus: (...ids: string[]) => void;
  onRemove: () => void;
}

/** Whether a problem's path has a field of its own in the row (else the row lists it under its heading). */
function shownAtField(group: RepeatableGroup, path: string, problem: string): boolean {
  const rest = problem.slice(path.length);
  if (['.code', '.name', '.en.name', '.min', '.max'].includes(rest)) return true;
  const item = /^\.standard_item_codes\[(\d+)\]$/.exec(rest);
  if (item) return Number(item[1]) < group.standard_item_codes.length;
  const simple = simpleMinRule(group);
  if (simple === 'json') return rest.startsWith('.min_rules');
  if (simple === null) return false;
  if (rest === '.min_rules[0].min') return true;
  const field = /^\.min_rules\[0\]\.conditions\[0\]\[0\]\.(source|symbol|expected)$/.exec(rest)?.[1];
  return field !== undefined && (field !== 'expected' || simple.condition.symbol !== '');
}

export const RepeatableGroupRow = memo(function RepeatableGroupRow({
  group,
  n,
  path,
  words,
  reportJson,
  onChange,
  onFocus,
  onRemove,
}: RowProps) {
  const { t } = useTranslation();
  const id = fieldId(path);
  const itemsPath = `${path}.standard_item_codes`;
  const forGroup = (action: string) => t('mastertool.repeat.forGroup', { action, n });
  const codes = group.standard_item_codes;
  return (
    <RowFrame
      path={path}
      testId="repeat-group"
      heading={t('mastertool.repeat.groupN', { n })}
      shownAtField={(p) => shownAtField(group, path, p)}
    >
      <Stack spacing={2}>
        <TextInput
          path={`${path}.code`}
          label={t('mastertool.repeat.code')}
          helper={t('mastertool.repeat.codeHelp')}
          width="short"
          required
          value={group.code}
          onChange={(v) => onChange((groups, i) => setGroup(groups, i, { code: v }))}
        />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextInput
            path={`${path}.name`}
            label={t('mastertool.repeat.name')}
            helper={t('mastertool.repeat.nameHelp')}
            required
            value={group.name}
            onChange={(v) => onChange((groups, i) => setGroup(groups, i, { name: v }))}
          />
          <EnglishInput
            path={`${path}.en.name`}
            label={t('mastertool.repeat.name')}
            value={group.en?.name}
            onChange={(v) => onChange((groups, i) => setEnglishName(groups, i, v))}
          />
        </Stack>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" sx={{ fontWeight: 700, mb: 0.5 }}>
            {t('mastertool.repeat.items')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('mastertool.repeat.itemsHelp')}
          </Typography>
          <Stack spacing={1}>
            {codes.map((code, j) => (
              <Stack key={j} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <NativeSelect
                  path={`${itemsPath}[${j}]`}
                  label={t('mastertool.repeat.itemN', { j: j + 1 })}
                  value={code}
                  required
                  onChange={(v) => onChange((groups, i) => setItem(groups, i, j, v))}
                >
                  <ItemOptions words={words} value={code} />
                </NativeSelect>
                <IconButton
                  aria-label={t('mastertool.repeat.removeItem', { j: j + 1, n })}
                  // The group keeps at least one item (the contract asks for one).
                  disabled={codes.length === 1}
                  onClick={() => {
                    onChange((groups, i) => removeItem(groups, i, j));
                    onFocus(`${id}-add-item`);
                  }}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            ))}
          </Stack>
          <Button
            id={`${id}-add-item`}
            size="small"
            startIcon={<AddIcon />}
            aria-label={forGroup(t('mastertool.repeat.addItem'))}
            onClick={() => {
              onChange((groups, i) => addItem(groups, i));
              onFocus(fieldId(`${itemsPath}[${codes.length}]`));
            }}
            sx={{ mt: 1 }}
          >
            {t('mastertool.repeat.addItem')}
          </Button>
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" sx={{ fontWeight: 700, mb: 1 }}>
            {t('mastertool.repeat.count')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <NumberInput
              path={`${path}.min`}
              label={t('mastertool.repeat.min')}
              value={group.min}
              min={1}
              onChange={(v) => onChange((groups, i) => setGroup(groups, i, { min: v }))}
            />
            <NumberInput
              path={`${path}.max`}
              label={t('mastertool.repeat.max')}
              value={group.max}
              min={1}
              onChange={(v) => onChange((groups, i) => setGroup(groups, i, { max: v }))}
            />
          </Stack>
          <Typography variant="caption">{t('mastertool.repeat.limit', { limit: REPEAT_LIMIT })}</Typography>
        </Box>
      </Stack>
      <RepeatMinRule
        group={group}
        path={path}
        n={n}
        words={words}
        reportJson={reportJson}
        onChange={onChange}
        onFocus={onFocus}
      />
      <RowButtons
        id={id}
        remove={{
          text: t('mastertool.repeat.remove'),
          label: forGroup(t('mastertool.repeat.remove')),
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
    a.path === b.path &&
    a.words === b.words &&
    a.reportJson === b.reportJson &&
    JSON.stringify(a.group) === JSON.stringify(b.group)
  );
}
