// Workflows (the steps staff take a document through, and which department takes each) and reports (the
// items printed for a procedure), edited in forms; the JSON of both sits folded at the end for experts.
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WorkflowTemplate } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { NameAndCode } from '../../lib/layout/NameAndCode';
import { DepartmentSelect } from './DepartmentSelect';
import type { Config, Edit, ReportJson } from './editor-state';
import { EntrySection } from './EntrySection';
import { ExpertJson } from './ExpertJson';
import { SelectInput, TextInput } from './fields';
import { RowButtons } from './RowButtons';
import { RowFrame, RowList, useFocusAfterChange } from './RowList';
import { fieldId } from './validation';
import {
  addStep,
  moveStep,
  newReport,
  newWorkflow,
  proceduresOf,
  removeStep,
  removeWorkflow,
  setReportItem,
} from './workflows';

type Departments = readonly { value: string; label: string }[];

export function WorkflowsTab({
  config,
  edit,
  departments,
  reportJson,
}: {
  config: Config;
  edit: Edit;
  departments: Departments;
  reportJson: ReportJson;
}) {
  const { t, i18n } = useTranslation();
  const focus = useFocusAfterChange();
  const list = (names: string[]) => new Intl.ListFormat(i18n.language).format(names);
  const procedures = [
    ...config.disclosure.procedures.map((p) => ({ value: p.code, label: p.name || p.code, code: p.code })),
  ];
  return (
    <Stack spacing={4}>
      <Box component="section" aria-labelledby="workflows-heading">
        <Typography variant="h2" id="workflows-heading" gutterBottom>
          {t('mastertool.workflows.heading', { count: config.workflow_templates.length })}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('mastertool.workflows.intro')}</Typography>
        <Stack spacing={2}>
          {config.workflow_templates.map((w, i) => {
            const path = `workflow_templates[${i}]`;
            const users = proceduresOf(config, w.id);
            return (
              <EntrySection
                key={w.id}
                headingId={`workflow-${w.id}`}
                heading={w.name || t('mastertool.items.unnamed')}
                level="h3"
                removeLabel={t('mastertool.workflows.remove', { name: w.name })}
                onRemove={() => {
                  edit((c) => removeWorkflow(c, i));
                  focus('add-workflow');
                }}
              >
                <TextInput
                  path={`${path}.name`}
                  label={t('mastertool.workflows.name')}
                  required
                  value={w.name}
                  onChange={(v) => edit((c) => void (c.workflow_templates[i]!.name = v))}
                />
                <StepList
                  path={`${path}.steps`}
                  workflow={w}
                  departments={departments}
                  onChange={(steps) => edit((c) => void (c.workflow_templates[i]!.steps = steps))}
                />
                <Typography variant="body2">
                  {users.length === 0
                    ? t('mastertool.workflows.unused')
                    : t('mastertool.workflows.usedBy', { procedures: list(users) })}
                </Typography>
              </EntrySection>
            );
          })}
        </Stack>
        <Button
          id="add-workflow"
          variant="outlined"
          startIcon={<AddIcon />}
          sx={{ mt: 2 }}
          onClick={() => {
            const n = config.workflow_templates.length;
            edit((c) =>
              c.workflow_templates.push(
                newWorkflow(c, t('mastertool.workflows.newName'), [
                  t('mastertool.workflows.stepNames.received'),
                  t('mastertool.workflows.stepNames.checked'),
                  t('mastertool.workflows.stepNames.decided'),
                ]),
              ),
            );
            focus(fieldId(`workflow_templates[${n}].name`));
          }}
        >
          {t('mastertool.workflows.add')}
        </Button>
      </Box>

      <Box component="section" aria-labelledby="reports-heading">
        <Typography variant="h2" id="reports-heading" gutterBottom>
          {t('mastertool.reports.heading', { count: config.reports.length })}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('mastertool.reports.intro')}</Typography>
        <Stack spacing={2}>
          {config.reports.map((r, i) => {
            const path = `reports[${i}]`;
            const known = procedures.some((p) => p.value === r.procedure_code);
            return (
              <EntrySection
                key={r.id}
                headingId={`report-${r.id}`}
                heading={r.name || t('mastertool.items.unnamed')}
                level="h3"
                removeLabel={t('mastertool.reports.remove', { name: r.name })}
                onRemove={() => {
                  edit((c) => void c.reports.splice(i, 1));
                  focus('add-report');
                }}
              >
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextInput
                    path={`${path}.name`}
                    label={t('mastertool.reports.name')}
                    required
                    value={r.name}
                    onChange={(v) => edit((c) => void (c.reports[i]!.name = v))}
                  />
                  <SelectInput
                    path={`${path}.procedure_code`}
                    label={t('mastertool.reports.procedure')}
                    value={r.procedure_code}
                    options={
                      known
                        ? procedures
                        : [
                            ...procedures,
                            {
                              value: r.procedure_code,
                              label: t('mastertool.editor.missing', { id: r.procedure_code }),
                            },
                          ]
                    }
                    onChange={(v) => edit((c) => void (c.reports[i]!.procedure_code = v))}
                  />
                </Stack>
                <Box
                  component="fieldset"
                  sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
                  id={fieldId(`${path}.standard_item_codes`)}
                  tabIndex={-1}
                >
                  <Typography component="legend" sx={{ fontWeight: 700, mb: 0.5 }}>
                    {t('mastertool.reports.items', { count: r.standard_item_codes.length })}
                  </Typography>
                  <FormGroup sx={{ maxHeight: 320, overflowY: 'auto', flexWrap: 'nowrap' }}>
                    {config.standard_items.map((item) => (
                      <FormControlLabel
                        key={item.code}
                        label={<NameAndCode name={item.name || item.code} code={item.code} />}
                        control={
                          <Checkbox
                            size="small"
                            checked={r.standard_item_codes.includes(item.code)}
                            onChange={(e) =>
                              edit((c) => setReportItem(c.reports[i]!, item.code, e.target.checked))
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                </Box>
              </EntrySection>
            );
          })}
        </Stack>
        <Button
          id="add-report"
          variant="outlined"
          startIcon={<AddIcon />}
          sx={{ mt: 2 }}
          onClick={() => {
            const n = config.reports.length;
            edit((c) => void c.reports.push(newReport(c, t('mastertool.reports.newName'))));
            focus(fieldId(`reports[${n}].name`));
          }}
        >
          {t('mastertool.reports.add')}
        </Button>
      </Box>
      <ExpertJson
        id="workflows-json"
        parts={['workflow_templates', 'reports']}
        config={config}
        edit={edit}
        reportJson={reportJson}
      />
    </Stack>
  );
}

/** The steps of a workflow, in order: a name and a department each; at least one stays. */
function StepList({
  path,
  workflow,
  departments,
  onChange,
}: {
  path: string;
  workflow: WorkflowTemplate;
  departments: Departments;
  onChange: (steps: WorkflowTemplate['steps']) => void;
}) {
  const { t } = useTranslation();
  const name = workflow.name;
  return (
    <RowList
      path={path}
      values={workflow.steps}
      onChange={onChange}
      intro={
        <Typography component="h4" sx={{ fontWeight: 700, mb: 1 }}>
          {t('mastertool.workflows.steps', { name })}
        </Typography>
      }
      none={t('mastertool.workflows.noSteps')}
      addLabel={t('mastertool.workflows.addStep', { name })}
      add={addStep}
      remove={removeStep}
      move={moveStep}
      focusOnAdd="name"
      row={({ value, n, last, path: rowPath, onChange: change, onMove, onRemove }) => {
        const id = fieldId(rowPath);
        return (
          <RowFrame
            path={rowPath}
            testId="workflow-step"
            heading={t('mastertool.workflows.stepN', { n })}
            shownAtField={(p) => p.startsWith(`${rowPath}.`)}
          >
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <TextInput
                path={`${rowPath}.name`}
                label={t('mastertool.workflows.stepName', { n })}
                required
                value={value.name}
                onChange={(v) => change((steps, i) => steps.map((s, j) => (j === i ? { ...s, name: v } : s)))}
              />
              <DepartmentSelect
                path={`${rowPath}.department_code`}
                label={t('mastertool.workflows.stepDepartment', { n })}
                value={value.department_code}
                departments={departments}
                onChange={(v) =>
                  change((steps, i) => steps.map((s, j) => (j === i ? { ...s, department_code: v } : s)))
                }
              />
            </Stack>
            <RowButtons
              id={id}
              move={{
                first: n === 1,
                last,
                upLabel: t('mastertool.workflows.moveUp', { n, name }),
                downLabel: t('mastertool.workflows.moveDown', { n, name }),
                onMove,
              }}
              remove={{
                text: t('mastertool.prefill.remove'),
                label: t('mastertool.workflows.removeStep', { n, name }),
                disabled: workflow.steps.length === 1,
                onRemove,
              }}
            />
          </RowFrame>
        );
      }}
    />
  );
}
