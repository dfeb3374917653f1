import { demoProcedureGroup } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import { validateDraft } from './validation';
import {
  addStep,
  moveStep,
  newReport,
  newWorkflow,
  removeStep,
  removeWorkflow,
  setReportItem,
} from './workflows';

describe('workflows and reports in the editor', () => {
  it('adds a three-step workflow with a free id that passes the checks', () => {
    const config = demoProcedureGroup();
    const w = newWorkflow(config, '転入', ['受付', '審査', '決定']);
    expect(config.workflow_templates.some((x) => x.id === w.id)).toBe(false);
    expect(w.steps).toEqual([
      { sequence: 1, name: '受付', department_code: null },
      { sequence: 2, name: '審査', department_code: null },
      { sequence: 3, name: '決定', department_code: null },
    ]);
    config.workflow_templates.push(w);
    expect(validateDraft(config)).toEqual([]);
  });

  it('keeps the steps numbered from 1 through adding, moving and removing', () => {
    const steps = newWorkflow(demoProcedureGroup(), 'w', ['a', 'b']).steps;
    const three = addStep(steps);
    expect(three.map((s) => s.sequence)).toEqual([1, 2, 3]);
    const moved = moveStep(three, 0, 1);
    expect(moved.map((s) => [s.sequence, s.name])).toEqual([
      [1, 'b'],
      [2, 'a'],
      [3, ''],
    ]);
    expect(moveStep(moved, 0, -1)).toEqual(moved);
    expect(removeStep(moved, 0).map((s) => [s.sequence, s.name])).toEqual([
      [1, 'a'],
      [2, ''],
    ]);
  });

  it('removes a workflow and lets its procedures follow none', () => {
    const config = demoProcedureGroup();
    const used = config.disclosure.procedures.find((p) => p.workflow_template_id !== null)!;
    const i = config.workflow_templates.findIndex((w) => w.id === used.workflow_template_id);
    removeWorkflow(config, i);
    expect(used.workflow_template_id).toBeNull();
    expect(validateDraft(config)).toEqual([]);
  });

  it('adds a report for the first procedure and ticks items on and off in order', () => {
    const config = demoProcedureGroup();
    const report = newReport(config, '受付票');
    expect(report.procedure_code).toBe(config.disclosure.procedures[0]!.code);
    setReportItem(report, 'b', true);
    setReportItem(report, 'a', true);
    setReportItem(report, 'b', true);
    expect(report.standard_item_codes).toEqual(['b', 'a']);
    setReportItem(report, 'b', false);
    expect(report.standard_item_codes).toEqual(['a']);
  });
});
