// The procedures of the group: names, codes, copies, processing days, signing, confirmations, and (as
// JSON) the fragments and procedural rules.
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Procedure } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { englishLines, nextId, setEnglish, type Config, type Edit, type ReportJson } from './editor-state';
import { DepartmentSelect } from './DepartmentSelect';
import { EntrySection } from './EntrySection';
import { JsonInput } from './JsonInput';
import {
  CheckInput,
  EnglishInput,
  NullableNumberInput,
  NullableText,
  NumberInput,
  SelectInput,
  TextInput,
} from './fields';

export function ProceduresTab({
  config,
  edit,
  reportJson,
  departments,
}: {
  config: Config;
  edit: Edit;
  reportJson: ReportJson;
  departments: readonly { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const procedures = config.disclosure.procedures;
  const workflows = [
    { value: '', label: t('mastertool.editor.none') },
    ...config.workflow_templates.map((w) => ({ value: String(w.id), label: w.name })),
  ];
  const change = (i: number, patch: Partial<Procedure>) =>
    edit((c) => {
      const p = c.disclosure.procedures[i];
      if (p) Object.assign(p, patch);
    });
  const changeEnglish = (i: number, field: string, value: string | string[]) =>
    edit((c) => {
      const p = c.disclosure.procedures[i];
      if (p) setEnglish(p, field, value);
    });
  const add = () =>
    edit((c) => {
      const id = nextId(c.disclosure.procedures.map((p) => p.id));
      c.disclosure.procedures.push({
        id,
        code: `procedure_${id}`,
        name: t('mastertool.editor.newProcedure'),
        sequence: c.disclosure.procedures.length,
        remarks: null,
        is_confirmed: false,
        printed_copies: 1,
        check_messages: [],
        procedural_rules: [],
        workflow_template_id: null,
        is_signature_digital_certificate: false,
        department_code: null,
        processing_days: null,
        procedure_fragments: [],
      });
    });
  return (
    <Stack spacing={3}>
      {procedures.map((p, i) => {
        const base = `disclosure.procedures[${i}]`;
        const headingId = `procedure-${p.id}`;
        return (
          <EntrySection
            key={p.id}
            headingId={headingId}
            heading={p.name || p.code}
            removeLabel={t('mastertool.editor.removeProcedure', { name: p.name || p.code })}
            onRemove={() =>
              edit((c) => {
                c.disclosure.procedures.splice(i, 1);
              })
            }
          >
            <TextInput
              path={`${base}.name`}
              label={t('mastertool.fields.name')}
              required
              value={p.name}
              onChange={(v) => change(i, { name: v })}
            />
            <EnglishInput
              path={`${base}.en.name`}
              label={t('mastertool.fields.name')}
              value={p.en?.name}
              onChange={(v) => changeEnglish(i, 'name', v)}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextInput
                path={`${base}.code`}
                label={t('mastertool.fields.code')}
                required
                width="short"
                value={p.code}
                onChange={(v) => change(i, { code: v })}
              />
              <NumberInput
                path={`${base}.sequence`}
                label={t('mastertool.fields.sequence')}
                min={0}
                value={p.sequence}
                onChange={(v) => change(i, { sequence: v })}
              />
              <NumberInput
                path={`${base}.printed_copies`}
                label={t('mastertool.fields.printed_copies')}
                min={1}
                value={p.printed_copies}
                onChange={(v) => change(i, { printed_copies: v })}
              />
            </Stack>
            <NullableText
              path={`${base}.remarks`}
              label={t('mastertool.fields.remarks')}
              multiline
              value={p.remarks}
              onChange={(v) => change(i, { remarks: v })}
            />
            <EnglishInput
              path={`${base}.en.remarks`}
              label={t('mastertool.fields.remarks')}
              multiline
              value={p.en?.remarks}
              onChange={(v) => changeEnglish(i, 'remarks', v)}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <SelectInput
                path={`${base}.workflow_template_id`}
                label={t('mastertool.fields.workflow_template_id')}
                value={p.workflow_template_id === null ? '' : String(p.workflow_template_id)}
                options={workflows}
                onChange={(v) => change(i, { workflow_template_id: v === '' ? null : Number(v) })}
              />
              <DepartmentSelect
                path={`${base}.department_code`}
                label={t('mastertool.fields.department_code')}
                value={p.department_code}
                departments={departments}
                onChange={(v) => change(i, { department_code: v })}
              />
              <NullableNumberInput
                path={`${base}.processing_days`}
                label={t('mastertool.fields.processing_days')}
                helper={t('mastertool.editor.processingDaysHelp')}
                min={1}
                max={365}
                value={p.processing_days}
                onChange={(v) => change(i, { processing_days: v })}
              />
            </Stack>
            <Stack>
              <CheckInput
                path={`${base}.is_confirmed`}
                label={t('mastertool.fields.is_confirmed')}
                checked={p.is_confirmed}
                onChange={(v) => change(i, { is_confirmed: v })}
              />
              <CheckInput
                path={`${base}.is_signature_digital_certificate`}
                label={t('mastertool.fields.is_signature_digital_certificate')}
                checked={p.is_signature_digital_certificate}
                onChange={(v) => change(i, { is_signature_digital_certificate: v })}
              />
            </Stack>
            <TextInput
              path={`${base}.check_messages`}
              label={t('mastertool.fields.check_messages')}
              helper={t('mastertool.editor.onePerLine')}
              multiline
              value={p.check_messages.join('\n')}
              onChange={(v) => change(i, { check_messages: v.split('\n').filter((l) => l.trim()) })}
            />
            <EnglishInput
              path={`${base}.en.check_messages`}
              label={t('mastertool.fields.check_messages')}
              multiline
              helper={t('mastertool.editor.onePerLine')}
              value={p.en?.check_messages?.join('\n')}
              onChange={(v) => changeEnglish(i, 'check_messages', englishLines(v))}
            />
            <JsonInput
              path={`${base}.procedure_fragments`}
              label={t('mastertool.fields.procedure_fragments')}
              value={p.procedure_fragments}
              onInvalid={reportJson}
              onChange={(v) => change(i, { procedure_fragments: v as Procedure['procedure_fragments'] })}
            />
            <JsonInput
              path={`${base}.procedural_rules`}
              label={t('mastertool.fields.procedural_rules')}
              helper={t('mastertool.editor.proceduralRulesHelp')}
              value={p.procedural_rules}
              onInvalid={reportJson}
              onChange={(v) => change(i, { procedural_rules: v as Procedure['procedural_rules'] })}
            />
          </EntrySection>
        );
      })}
      <div>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add}>
          {t('mastertool.editor.addProcedure')}
        </Button>
      </div>
    </Stack>
  );
}
