// The prefill rules (decision 0012) as an ordered list of rows, each control named by the path it edits.
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PrefillRule, StandardItem } from '@portal/contracts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportJson } from './editor-state';
import { addRule, moveRule, removeRule } from './prefill-rules';
import { useVocabulary } from './prefill-rules-vocabulary';
import { PrefillRuleRow } from './PrefillRuleRow';
import { useProblems } from './PrefillRulesFields';
import { fieldId } from './validation';

// The tests build the vocabulary as the editor does.
export { vocabulary } from './prefill-rules-vocabulary';

/** Moves focus to an element once the change that creates it has rendered. */
export function useFocusAfterChange() {
  const [pending, setPending] = useState<string[] | null>(null);
  useEffect(() => {
    if (!pending) return;
    for (const id of pending) {
      const el = document.getElementById(id);
      if (el && !(el as HTMLButtonElement).disabled) {
        el.focus();
        break;
      }
    }
    setPending(null);
  }, [pending]);
  /** The first of `ids` that exists and is enabled gets focus. */
  return (...ids: string[]) => setPending(ids);
}

/** Stable keys for the rows, so a row's open conditions stay with it when rows move or go. */
export function useRowKeys(length: number) {
  const counter = useRef(0);
  const keys = useRef<number[]>([]);
  if (keys.current.length !== length) keys.current = Array.from({ length }, () => counter.current++);
  return {
    keys: keys.current,
    add: () => void keys.current.push(counter.current++),
    remove: (i: number) => void keys.current.splice(i, 1),
    swap: (i: number, j: number) => {
      const k = keys.current;
      [k[i], k[j]] = [k[j] as number, k[i] as number];
    },
  };
}

export function PrefillRulesEditor({
  path,
  rules,
  items,
  onChange,
  reportJson,
}: {
  /** `concierge_set.concierge_rule.form_rule.prefill_rules` */
  path: string;
  rules: readonly PrefillRule[];
  /** The configuration's standard items: what a rule may fill and a condition may compare. */
  items: readonly StandardItem[];
  onChange: (rules: PrefillRule[]) => void;
  reportJson: ReportJson;
}) {
  const { t } = useTranslation();
  const words = useVocabulary(items);
  // Rows render again only when their rule changes; their handlers read the list of now.
  const latest = useRef({ rules, onChange });
  useLayoutEffect(() => {
    latest.current = { rules, onChange };
  });
  const change = (next: (rules: readonly PrefillRule[]) => PrefillRule[]) =>
    latest.current.onChange(next(latest.current.rules));
  const problems = useProblems();
  const focus = useFocusAfterChange();
  const rows = useRowKeys(rules.length);
  const listProblem = problems.at(path);
  const addId = `${fieldId(path)}-add`;
  const rowId = (i: number) => fieldId(`${path}[${i}]`);
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('mastertool.prefill.firstWins')}
      </Typography>
      {listProblem ? (
        <Typography id={fieldId(path)} color="error" sx={{ mb: 2 }}>
          {listProblem}
        </Typography>
      ) : null}
      {rules.length === 0 ? <Typography sx={{ mb: 2 }}>{t('mastertool.prefill.none')}</Typography> : null}
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rules.map((rule, i) => (
          <PrefillRuleRow
            key={rows.keys[i]}
            rule={rule}
            n={i + 1}
            last={i === rules.length - 1}
            path={`${path}[${i}]`}
            words={words}
            reportJson={reportJson}
            onChange={(edit) => change((current) => edit(current, i))}
            onFocus={focus}
            onMove={(by) => {
              rows.swap(i, i + by);
              change((current) => moveRule(current, i, by));
              const moved = rowId(i + by);
              focus(`${moved}-${by < 0 ? 'up' : 'down'}`, `${moved}-${by < 0 ? 'down' : 'up'}`);
            }}
            onRemove={() => {
              rows.remove(i);
              change((current) => removeRule(current, i));
              focus(`${rowId(i)}-remove`, `${rowId(i - 1)}-remove`, addId);
            }}
          />
        ))}
      </Stack>
      <Button
        id={addId}
        variant="outlined"
        size="small"
        startIcon={<AddIcon />}
        sx={{ mt: 2 }}
        onClick={() => {
          rows.add();
          change(addRule);
          focus(fieldId(`${path}[${rules.length}].target`));
        }}
      >
        {t('mastertool.prefill.add')}
      </Button>
    </Box>
  );
}
