// All rules of the concierge set, each list row by row with pickers (decision 0054): copy and hidden form
// rules, prefill rules, repeatable groups, prefill forms chosen by options, and procedure rules that hide
// procedures; the four lists without a JSON field inside also open as JSON (the expert view).
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConciergeRule } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { CopyFormsEditor } from './CopyFormsEditor';
import type { Config, Edit, ReportJson } from './editor-state';
import { HiddenRulesEditor } from './HiddenRulesEditor';
import { PrefillFormsEditor } from './PrefillFormsEditor';
import { PrefillRulesEditor } from './PrefillRulesEditor';
import { RepeatableGroupsEditor } from './RepeatableGroupsEditor';
import { fitsTyped, optionChoices } from './rule-lists';
import { TypedOrJson } from './TypedOrJson';

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
  const language = useLanguage();
  const rule = config.concierge_set.concierge_rule;
  const options = optionChoices(config, language);
  type Key =
    | 'copy_forms'
    | 'form_hidden_rules'
    | 'prefill_rules'
    | 'repeatable_groups'
    | 'prefill_forms'
    | 'procedure_hidden_rules';
  const lists: { path: string; key: Key; set: (r: R, v: unknown) => void }[] = [
    {
      path: `${base}.form_rule.copy_forms`,
      key: 'copy_forms',
      set: (r, v) => void (r.form_rule.copy_forms = v as R['form_rule']['copy_forms']),
    },
    {
      path: `${base}.form_rule.hidden_rules`,
      key: 'form_hidden_rules',
      set: (r, v) => void (r.form_rule.hidden_rules = v as R['form_rule']['hidden_rules']),
    },
    {
      path: `${base}.form_rule.prefill_rules`,
      key: 'prefill_rules',
      set: (r, v) => void (r.form_rule.prefill_rules = v as R['form_rule']['prefill_rules']),
    },
    {
      path: `${base}.form_rule.repeatable_groups`,
      key: 'repeatable_groups',
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
      set: (r, v) => void (r.prefill_form_rule.prefill_forms = v as R['prefill_form_rule']['prefill_forms']),
    },
    {
      path: `${base}.procedure_rule.hidden_rules`,
      key: 'procedure_hidden_rules',
      set: (r, v) => void (r.procedure_rule.hidden_rules = v as R['procedure_rule']['hidden_rules']),
    },
  ];
  /** A list's editor: repeatable groups with JSON fields of their own as they are, the others with the JSON view. */
  const form = (key: Key, path: string, onChange: (v: unknown) => void): ReactNode => {
    const items = config.standard_items;
    const typed = (kind: Parameters<typeof fitsTyped>[0], value: unknown, editor: ReactNode) => (
      <TypedOrJson
        path={path}
        label={t(`mastertool.rules.${key}.title`)}
        value={value}
        typed={fitsTyped(kind, value)}
        reportJson={reportJson}
        onChange={onChange}
      >
        {editor}
      </TypedOrJson>
    );
    switch (key) {
      case 'prefill_rules':
        return typed(
          'prefill',
          rule.form_rule.prefill_rules,
          <PrefillRulesEditor
            path={path}
            rules={rule.form_rule.prefill_rules}
            items={items}
            onChange={onChange}
          />,
        );
      case 'repeatable_groups':
        return (
          <RepeatableGroupsEditor
            path={path}
            groups={rule.form_rule.repeatable_groups ?? []}
            items={items}
            reportJson={reportJson}
            onChange={onChange}
          />
        );
      case 'copy_forms':
        return typed(
          'copy',
          rule.form_rule.copy_forms,
          <CopyFormsEditor path={path} rules={rule.form_rule.copy_forms} items={items} onChange={onChange} />,
        );
      case 'form_hidden_rules':
        return typed(
          'hidden',
          rule.form_rule.hidden_rules,
          <HiddenRulesEditor
            path={path}
            rules={rule.form_rule.hidden_rules}
            items={items}
            onChange={onChange}
          />,
        );
      case 'prefill_forms':
        return typed(
          'prefillForm',
          rule.prefill_form_rule.prefill_forms,
          <PrefillFormsEditor
            path={path}
            rules={rule.prefill_form_rule.prefill_forms}
            items={items}
            options={options}
            onChange={onChange}
          />,
        );
      case 'procedure_hidden_rules':
        return typed(
          'hidden',
          rule.procedure_rule.hidden_rules,
          <HiddenRulesEditor
            path={path}
            rules={rule.procedure_rule.hidden_rules}
            items={items}
            procedures={config.disclosure.procedures}
            onChange={onChange}
          />,
        );
    }
  };
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
          {form(list.key, list.path, (v) => edit((c) => list.set(c.concierge_set.concierge_rule, v)))}
        </Paper>
      ))}
    </Stack>
  );
}
