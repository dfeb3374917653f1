// The procedures of the group, each in its own section (ProcedureEntry); a new one starts with a code
// proposed from its name (decision 0055), which follows the name until one is picked or created.
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { procedureCodeOptions, takenProcedureCodes } from './code-options';
import { proposeCode } from './code-proposal';
import { nextId, type Config, type Edit, type EditorReference } from './editor-state';
import { useItemOptions } from './item-options';
import { startingFragments } from './procedure-parts';
import { ProcedureEntry } from './ProcedureEntry';
import { useFocusAfterChange } from './RowList';
import { fieldId } from './validation';

export function ProceduresTab({
  config,
  edit,
  reference,
}: {
  config: Config;
  edit: Edit;
  reference: EditorReference;
}) {
  const { t } = useTranslation();
  const focus = useFocusAfterChange();
  const procedures = config.disclosure.procedures;
  const itemOptions = useItemOptions(config.standard_items, reference.standardItems);
  const workflows = [
    { value: '', label: t('mastertool.editor.none') },
    ...config.workflow_templates.map((w) => ({ value: String(w.id), label: w.name })),
  ];
  const notes = {
    used: (name: string) => t('mastertool.procedureCode.usedBy', { name }),
    draftNew: t('mastertool.procedureCode.draftNew'),
    elsewhere: t('mastertool.procedureCode.otherGroup'),
  };
  const add = () => {
    const n = procedures.length;
    edit((c) => {
      const id = nextId(c.disclosure.procedures.map((p) => p.id));
      const name = t('mastertool.editor.newProcedure');
      c.disclosure.procedures.push({
        id,
        code: proposeCode({ name }, 'procedure', takenProcedureCodes(reference.procedureCodes, c, -1)),
        name,
        sequence: c.disclosure.procedures.length,
        remarks: null,
        is_confirmed: false,
        printed_copies: 1,
        check_messages: [],
        procedural_rules: [],
        // The group's only workflow is the one a new procedure follows (changed or removed in its select).
        workflow_template_id: c.workflow_templates.length === 1 ? c.workflow_templates[0]!.id : null,
        is_signature_digital_certificate: false,
        department_code: null,
        processing_days: null,
        retention_years: null,
        procedure_fragments: startingFragments(c, t('mastertool.fragments.applicant'), 'Applicant'),
      });
    });
    focus(fieldId(`disclosure.procedures[${n}].name`));
  };
  return (
    <Stack spacing={3}>
      {procedures.map((p, i) => (
        <ProcedureEntry
          key={p.id}
          config={config}
          index={i}
          edit={edit}
          codeOptions={procedureCodeOptions(reference.procedureCodes, config, i, notes)}
          codeTaken={takenProcedureCodes(reference.procedureCodes, config, i)}
          itemOptions={itemOptions}
          library={reference.standardItems}
          departments={reference.departments}
          workflows={workflows}
          onRemove={() => {
            edit((c) => void c.disclosure.procedures.splice(i, 1));
            focus('add-procedure');
          }}
        />
      ))}
      <div>
        <Button id="add-procedure" variant="outlined" startIcon={<AddIcon />} onClick={add}>
          {t('mastertool.editor.addProcedure')}
        </Button>
      </div>
    </Stack>
  );
}
