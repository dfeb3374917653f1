// Workflow templates and report templates as the editor changes them: new ones with free ids, steps
// numbered from 1 in their order, a report's items kept in the order they were ticked.
import type { ReportTemplate, WorkflowTemplate } from '@portal/contracts';
import { nextId, type Config } from './editor-state';

type Step = WorkflowTemplate['steps'][number];

/** Numbers the steps 1, 2, ... in their order. */
const numbered = (steps: readonly Step[]): Step[] => steps.map((s, i) => ({ ...s, sequence: i + 1 }));

/** A new workflow of three steps (received, checked, decided), each for any department. */
export function newWorkflow(config: Config, name: string, stepNames: readonly string[]): WorkflowTemplate {
  return {
    id: nextId(config.workflow_templates.map((w) => w.id)),
    name,
    steps: numbered(stepNames.map((n) => ({ sequence: 0, name: n, department_code: null }))),
  };
}

export const addStep = (steps: readonly Step[]): Step[] =>
  numbered([...steps, { sequence: 0, name: '', department_code: null }]);

export const removeStep = (steps: readonly Step[], i: number): Step[] =>
  numbered(steps.filter((_, j) => j !== i));

export function moveStep(steps: readonly Step[], i: number, by: -1 | 1): Step[] {
  const j = i + by;
  if (j < 0 || j >= steps.length) return [...steps];
  const next = [...steps];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return numbered(next);
}

/** The names of the procedures that follow a workflow. */
export const proceduresOf = (config: Config, workflowId: number) =>
  config.disclosure.procedures.filter((p) => p.workflow_template_id === workflowId).map((p) => p.name);

/** Removes a workflow; the procedures that followed it follow none. */
export function removeWorkflow(config: Config, i: number): void {
  const [gone] = config.workflow_templates.splice(i, 1);
  if (!gone) return;
  for (const p of config.disclosure.procedures)
    if (p.workflow_template_id === gone.id) p.workflow_template_id = null;
}

/** A new report for the group's first procedure, with no items yet. */
export function newReport(config: Config, name: string): ReportTemplate {
  return {
    id: nextId(config.reports.map((r) => r.id)),
    procedure_code: config.disclosure.procedures[0]?.code ?? '',
    name,
    standard_item_codes: [],
  };
}

/** Ticks an item onto a report (at the end) or off it. */
export function setReportItem(report: ReportTemplate, code: string, on: boolean): void {
  const has = report.standard_item_codes.includes(code);
  if (on && !has) report.standard_item_codes.push(code);
  if (!on && has) report.standard_item_codes = report.standard_item_codes.filter((c) => c !== code);
}
