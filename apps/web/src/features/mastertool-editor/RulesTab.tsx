// All rules of the concierge set: prefill rules row by row (which source fills which item, and when), the
// repeatable groups group by group (items answered once per child), the other lists as JSON: copy and
// hidden form rules, prefill forms chosen by options, and procedure rules that hide procedures.
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConciergeRule } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import type { Config, Edit, ReportJson } from './editor-state';
import { JsonInput } from './JsonInput';
import { PrefillRulesEditor } from './PrefillRulesEditor';
import { RepeatableGroupsEditor } from './RepeatableGroupsEditor';

type R = ConciergeRule;
const base = 'concierge_set.concierge_rule';

export function RulesTab({
  config,
  edit,
  reportJson,
}: {
  config: Config;
  edit: Edit;
  reportJson: ReportJson;
}) {
  const { t } = useTranslation();
  const rule = config.concierge_set.concierge_rule;
  type Key =
    | 'copy_forms'
    | 'form_hidden_rules'
    | 'prefill_rules'
    | 'repeatable_groups'
    | 'prefill_forms'
    | 'procedure_hidden_rules';
  const lists: { path: string; key: Key; value: unknown; set: (r: R, v: unknown) => void }[] = [
    {
      path: `${base}.form_rule.copy_forms`,
      key: 'copy_forms',
      value: rule.form_rule.copy_forms,
      set: (r, v) => void (r.form_rule.copy_forms = v as R['form_rule']['copy_forms']),
    },
    {
      path: `${base}.form_rule.hidden_rules`,
      key: 'form_hidden_rules',
      value: rule.form_rule.hidden_rules,
      set: (r, v) => void (r.form_rule.hidden_rules = v as R['form_rule']['hidden_rules']),
    },
    {
      path: `${base}.form_rule.prefill_rules`,
      key: 'prefill_rules',
      value: rule.form_rule.prefill_rules,
      set: (r, v) => void (r.form_rule.prefill_rules = v as R['form_rule']['prefill_rules']),
    },
    {
      path: `${base}.form_rule.repeatable_groups`,
      key: 'repeatable_groups',
      value: rule.form_rule.repeatable_groups ?? [],
      // No group leaves no field, as in configurations made before decision 0013.
      set: (r, v) => {
        const groups = v as NonNullable<R['form_rule']['repeatable_groups']>;
        if (groups.length === 0) delete r.form_rule.repeatable_groups;
        else r.form_rule.repeatable_groups = groups;
      },
    },
    {
      path: `${base}.prefill_form_rule.prefill_forms`,
      key: 'prefill_forms',
      value: rule.prefill_form_rule.prefill_forms,
      set: (r, v) => void (r.prefill_form_rule.prefill_forms = v as R['prefill_form_rule']['prefill_forms']),
    },
    {
      path: `${base}.procedure_rule.hidden_rules`,
      key: 'procedure_hidden_rules',
      value: rule.procedure_rule.hidden_rules,
      set: (r, v) => void (r.procedure_rule.hidden_rules = v as R['procedure_rule']['hidden_rules']),
    },
  ];
  return (
    <Stack spacing={3}>
      {lists.map((list) => (
        <Paper
          key={list.path}
          component="section"
          variant="outlined"
          aria-labelledby={`rules-${list.key}`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography variant="h2" id={`rules-${list.key}`} gutterBottom>
            {t(`mastertool.rules.${list.key}.title`)}
          </Typography>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t(`mastertool.rules.${list.key}.help`)}
          </Typography>
          {list.key === 'prefill_rules' ? (
            <PrefillRulesEditor
              path={list.path}
              rules={rule.form_rule.prefill_rules}
              items={config.standard_items}
              reportJson={reportJson}
              onChange={(v) => edit((c) => list.set(c.concierge_set.concierge_rule, v))}
            />
          ) : list.key === 'repeatable_groups' ? (
            <RepeatableGroupsEditor
              path={list.path}
              groups={rule.form_rule.repeatable_groups ?? []}
              items={config.standard_items}
              reportJson={reportJson}
              onChange={(v) => edit((c) => list.set(c.concierge_set.concierge_rule, v))}
            />
          ) : (
            <JsonInput
              path={list.path}
              label={t(`mastertool.rules.${list.key}.title`)}
              value={list.value}
              onInvalid={reportJson}
              onChange={(v) => edit((c) => list.set(c.concierge_set.concierge_rule, v))}
            />
          )}
        </Paper>
      ))}
    </Stack>
  );
}
