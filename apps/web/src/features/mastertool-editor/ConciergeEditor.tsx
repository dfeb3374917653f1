// One question of the concierge set: its texts, items, procedures, options and view rules.
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Concierge } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { CodesPicker } from './CodePicker';
import { OptionsEditor } from './ConciergeOptionsEditor';
import { conciergeIds, nextId, setEnglish, type Config } from './editor-state';
import { CheckInput, EnglishInput, NullableText, NumberInput, SelectInput, TextInput } from './fields';
import { useItemOptions } from './item-options';
import { setQuestionType } from './list-order';
import { typeOptions } from './type-labels';
import { ViewRulesEditor } from './ViewRulesEditor';

export type ConciergeEdit = (fn: (concierge: Concierge, config: Config) => void) => void;

export function ConciergeEditor({
  config,
  concierge,
  path,
  targets,
  edit,
  onRemove,
}: {
  config: Config;
  concierge: Concierge;
  path: string;
  targets: readonly Concierge[];
  edit: ConciergeEdit;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const patch = (p: Partial<Concierge>) => edit((q) => void Object.assign(q, p));
  const types = typeOptions(t, 'conciergeTypes');
  const items = useItemOptions(config.standard_items);
  const procedures = config.disclosure.procedures.map((p) => ({ code: p.code, label: p.name }));
  const unknownItem = t('mastertool.pickers.unknownItem');
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput
          path={`${path}.name`}
          label={t('mastertool.fields.conciergeName')}
          required
          value={concierge.name}
          onChange={(v) => patch({ name: v })}
        />
        <EnglishInput
          path={`${path}.en.name`}
          label={t('mastertool.fields.conciergeName')}
          value={concierge.en?.name}
          onChange={(v) => edit((q) => setEnglish(q, 'name', v))}
        />
        <SelectInput
          path={`${path}.type`}
          label={t('mastertool.fields.conciergeType')}
          value={concierge.type}
          options={types}
          onChange={(v) => edit((q) => setQuestionType(q, v))}
        />
        <NumberInput
          path={`${path}.sequence`}
          label={t('mastertool.fields.sequence')}
          min={0}
          value={concierge.sequence}
          onChange={(v) => patch({ sequence: v })}
        />
      </Stack>
      <TextInput
        path={`${path}.question`}
        label={t('mastertool.fields.question')}
        multiline
        value={concierge.question}
        onChange={(v) => patch({ question: v })}
      />
      <EnglishInput
        path={`${path}.en.question`}
        label={t('mastertool.fields.question')}
        multiline
        value={concierge.en?.question}
        onChange={(v) => edit((q) => setEnglish(q, 'question', v))}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <CheckInput
          path={`${path}.is_first`}
          label={t('mastertool.fields.is_first')}
          checked={concierge.is_first}
          onChange={(v) => patch({ is_first: v })}
        />
        <CheckInput
          path={`${path}.is_horizontal`}
          label={t('mastertool.fields.is_horizontal')}
          checked={concierge.is_horizontal}
          onChange={(v) => patch({ is_horizontal: v })}
        />
      </Stack>
      <NullableText
        path={`${path}.remarks`}
        label={t('mastertool.fields.remarks')}
        multiline
        value={concierge.remarks}
        onChange={(v) => patch({ remarks: v })}
      />
      <EnglishInput
        path={`${path}.en.remarks`}
        label={t('mastertool.fields.remarks')}
        multiline
        value={concierge.en?.remarks}
        onChange={(v) => edit((q) => setEnglish(q, 'remarks', v))}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NullableText
          path={`${path}.suffix`}
          label={t('mastertool.fields.suffix')}
          value={concierge.suffix}
          onChange={(v) => patch({ suffix: v })}
        />
        <EnglishInput
          path={`${path}.en.suffix`}
          label={t('mastertool.fields.suffix')}
          value={concierge.en?.suffix}
          onChange={(v) => edit((q) => setEnglish(q, 'suffix', v))}
        />
        <NullableText
          path={`${path}.copyable_label`}
          label={t('mastertool.fields.copyable_label')}
          value={concierge.copyable_label}
          onChange={(v) => patch({ copyable_label: v })}
        />
        <EnglishInput
          path={`${path}.en.copyable_label`}
          label={t('mastertool.fields.copyable_label')}
          value={concierge.en?.copyable_label}
          onChange={(v) => edit((q) => setEnglish(q, 'copyable_label', v))}
        />
      </Stack>
      <CodesPicker
        path={`${path}.standard_item_code`}
        label={t('mastertool.fields.standard_item_codes')}
        options={items}
        unknownNote={unknownItem}
        value={concierge.standard_item_code}
        onChange={(v) => patch({ standard_item_code: v })}
      />
      <CodesPicker
        path={`${path}.copyable_standard_item_codes`}
        label={t('mastertool.fields.copyable_standard_item_codes')}
        options={items}
        unknownNote={unknownItem}
        value={concierge.copyable_standard_item_codes}
        onChange={(v) => patch({ copyable_standard_item_codes: v })}
      />
      <CodesPicker
        path={`${path}.requires_name_validation`}
        label={t('mastertool.fields.requires_name_validation')}
        options={items}
        unknownNote={unknownItem}
        value={concierge.requires_name_validation}
        onChange={(v) => patch({ requires_name_validation: v })}
      />
      <CodesPicker
        path={`${path}.concierge_procedure_codes`}
        label={t('mastertool.fields.concierge_procedure_codes')}
        options={procedures}
        unknownNote={t('mastertool.pickers.unknownProcedure')}
        value={concierge.concierge_procedure_codes.map((p) => p.procedure_code)}
        onChange={(codes) =>
          edit((q, c) => {
            let id = nextId(conciergeIds(c).procedureCodes);
            q.concierge_procedure_codes = codes.map(
              (code) =>
                q.concierge_procedure_codes.find((p) => p.procedure_code === code) ?? {
                  id: id++,
                  procedure_code: code,
                },
            );
          })
        }
      />
      <OptionsEditor concierge={concierge} path={`${path}.concierge_options`} targets={targets} edit={edit} />
      <ViewRulesEditor
        path={`${path}.view_rules`}
        rules={concierge.view_rules}
        owner={concierge.name}
        headingLevel="h6"
        onChange={(rules) => patch({ view_rules: rules })}
      />
      <div>
        <Button color="error" startIcon={<DeleteIcon />} onClick={onRemove}>
          {t('mastertool.editor.removeQuestion', { name: concierge.name })}
        </Button>
      </div>
    </Stack>
  );
}
