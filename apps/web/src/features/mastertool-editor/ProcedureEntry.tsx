// One procedure of the group: its name and code (picked from the reference data or created explicitly),
// copies, workflow, department, deadline, signing, then its fragments, check messages and procedural rules,
// each in a form of its own. A new procedure's code is proposed from its name (decision 0055).
import Stack from '@mui/material/Stack';
import type { Procedure, StandardItem } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { CheckMessagesEditor } from './CheckMessagesEditor';
import type { CodeOption } from './CodePicker';
import { CodeField } from './CodeField';
import { followName, proposeCode } from './code-proposal';
import { DepartmentSelect } from './DepartmentSelect';
import { setEnglish, type Config, type Edit } from './editor-state';
import { EntrySection } from './EntrySection';
import {
  CheckInput,
  EnglishInput,
  NullableNumberInput,
  NullableText,
  NumberInput,
  SelectInput,
  TextInput,
} from './fields';
import { bringIntoGroup } from './item-options';
import { ProceduralRulesEditor } from './ProceduralRulesEditor';
import { checkMessagesOf, setCheckMessages, setProcedureCode } from './procedure-parts';
import { ProcedureFragmentsEditor } from './ProcedureFragmentsEditor';
import { ProcedureTargets } from './ProcedureTargets';

export function ProcedureEntry({
  config,
  index: i,
  edit,
  codeOptions,
  codeTaken,
  itemOptions,
  library,
  departments,
  workflows,
  onRemove,
}: {
  config: Config;
  index: number;
  edit: Edit;
  codeOptions: readonly CodeOption[];
  /** Codes a proposal must not take (the reference data's, the group's other procedures'). */
  codeTaken: ReadonlySet<string>;
  /** The group's items, then the library's. */
  itemOptions: readonly CodeOption[];
  library: readonly StandardItem[];
  departments: readonly { value: string; label: string }[];
  workflows: readonly { value: string; label: string }[];
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const p = config.disclosure.procedures[i] as Procedure;
  const base = `disclosure.procedures[${i}]`;
  const title = p.name || p.code || t('mastertool.editor.newProcedure');
  const change = (patch: Partial<Procedure>) =>
    edit((c) => {
      const x = c.disclosure.procedures[i];
      if (x) Object.assign(x, patch);
    });
  const changeEnglish = (field: string, value: string) =>
    edit((c) => {
      const x = c.disclosure.procedures[i];
      if (x) setEnglish(x, field, value);
    });
  /** Renames the procedure; a code still as proposed follows the name (decision 0055). */
  const rename = (change: { name: string } | { english: string }) =>
    edit((c) => {
      const x = c.disclosure.procedures[i];
      if (!x) return;
      const before = { name: x.name, english: x.en?.name };
      if ('name' in change) x.name = change.name;
      else setEnglish(x, 'name', change.english);
      const code = followName(x.code, before, { name: x.name, english: x.en?.name }, 'procedure', codeTaken);
      if (code !== x.code) setProcedureCode(c, i, code);
    });
  const proposal = proposeCode({ name: p.name, english: p.en?.name }, 'procedure', codeTaken);
  const otherFragmentIds = config.disclosure.procedures.flatMap((x, j) =>
    j === i ? [] : x.procedure_fragments.map((f) => f.id),
  );
  return (
    <EntrySection
      headingId={`procedure-${p.id}`}
      heading={title}
      removeLabel={t('mastertool.editor.removeProcedure', { name: title })}
      onRemove={onRemove}
    >
      <TextInput
        path={`${base}.name`}
        label={t('mastertool.fields.name')}
        required
        value={p.name}
        onChange={(v) => rename({ name: v })}
      />
      <EnglishInput
        path={`${base}.en.name`}
        label={t('mastertool.fields.name')}
        value={p.en?.name}
        onChange={(v) => rename({ english: v })}
      />
      <CodeField
        path={`${base}.code`}
        label={t('mastertool.fields.code')}
        helper={p.code === proposal ? t('mastertoolCodes.proposed') : t('mastertool.procedureCode.help')}
        proposal={proposal}
        options={codeOptions}
        value={p.code}
        onChange={(code, option) =>
          edit((c) => {
            setProcedureCode(c, i, code);
            const x = c.disclosure.procedures[i];
            // A procedure still unnamed takes the name the reference data gives its code.
            if (x && option?.label && (x.name === '' || x.name === t('mastertool.editor.newProcedure')))
              x.name = option.label;
          })
        }
        create={{
          text: t('mastertool.procedureCode.create'),
          label: t('mastertool.procedureCode.createFor', { name: title }),
          title: t('mastertool.procedureCode.dialogTitle'),
          intro: t('mastertool.procedureCode.dialogIntro'),
        }}
      />
      <ProcedureTargets config={config} code={p.code} headingId={`procedure-${p.id}-targets`} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NumberInput
          path={`${base}.sequence`}
          label={t('mastertool.fields.sequence')}
          min={0}
          value={p.sequence}
          onChange={(v) => change({ sequence: v })}
        />
        <NumberInput
          path={`${base}.printed_copies`}
          label={t('mastertool.fields.printed_copies')}
          min={1}
          value={p.printed_copies}
          onChange={(v) => change({ printed_copies: v })}
        />
      </Stack>
      <NullableText
        path={`${base}.remarks`}
        label={t('mastertool.fields.remarks')}
        multiline
        value={p.remarks}
        onChange={(v) => change({ remarks: v })}
      />
      <EnglishInput
        path={`${base}.en.remarks`}
        label={t('mastertool.fields.remarks')}
        multiline
        value={p.en?.remarks}
        onChange={(v) => changeEnglish('remarks', v)}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectInput
          path={`${base}.workflow_template_id`}
          label={t('mastertool.fields.workflow_template_id')}
          value={p.workflow_template_id === null ? '' : String(p.workflow_template_id)}
          options={workflows}
          onChange={(v) => change({ workflow_template_id: v === '' ? null : Number(v) })}
        />
        <DepartmentSelect
          path={`${base}.department_code`}
          label={t('mastertool.fields.department_code')}
          value={p.department_code}
          departments={departments}
          onChange={(v) => change({ department_code: v })}
        />
        <NullableNumberInput
          path={`${base}.processing_days`}
          label={t('mastertool.fields.processing_days')}
          helper={t('mastertool.editor.processingDaysHelp')}
          min={1}
          max={365}
          value={p.processing_days}
          onChange={(v) => change({ processing_days: v })}
        />
        <NullableNumberInput
          path={`${base}.retention_years`}
          label={t('mastertool.fields.retention_years')}
          helper={t('mastertool.editor.retentionYearsHelp')}
          min={1}
          max={100}
          value={p.retention_years}
          onChange={(v) => change({ retention_years: v })}
        />
      </Stack>
      <Stack>
        <CheckInput
          path={`${base}.is_confirmed`}
          label={t('mastertool.fields.is_confirmed')}
          checked={p.is_confirmed}
          onChange={(v) => change({ is_confirmed: v })}
        />
        <CheckInput
          path={`${base}.is_signature_digital_certificate`}
          label={t('mastertool.fields.is_signature_digital_certificate')}
          checked={p.is_signature_digital_certificate}
          onChange={(v) => change({ is_signature_digital_certificate: v })}
        />
      </Stack>
      <ProcedureFragmentsEditor
        path={`${base}.procedure_fragments`}
        procedure={title}
        fragments={p.procedure_fragments}
        usedIds={otherFragmentIds}
        options={itemOptions}
        onChange={(fragments) =>
          edit((c) => {
            bringIntoGroup(
              c,
              library,
              fragments.map((f) => f.standard_item_code),
            );
            const x = c.disclosure.procedures[i];
            if (x) x.procedure_fragments = fragments;
          })
        }
      />
      <CheckMessagesEditor
        base={base}
        procedure={title}
        messages={checkMessagesOf(p)}
        onChange={(messages) =>
          edit((c) => {
            const x = c.disclosure.procedures[i];
            if (x) setCheckMessages(x, messages);
          })
        }
      />
      <ProceduralRulesEditor
        base={base}
        procedure={title}
        rules={p.procedural_rules}
        items={config.standard_items}
        onChange={(rules) => change({ procedural_rules: rules })}
      />
    </EntrySection>
  );
}
