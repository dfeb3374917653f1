// The one totals line npm test ends with, from each runner's JSON report (a runner that did not report,
// e.g. one that crashed, counts as failed).
import { existsSync, readFileSync } from 'node:fs';

const readJson = (file) => {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  } catch {
    return null;
  }
};

/** Vitest's json reporter: numPassedTests, numFailedTests, numPendingTests + numTodoTests. */
export function readVitestTotals(file) {
  const report = readJson(file);
  if (!report) return null;
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Playwright's json reporter: stats.expected (passed), unexpected + flaky, skipped. */
export function readPlaywrightTotals(file) {
  const report = readJson(file);
  if (!report?.stats) return null;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  return { passed: expected, failed: unexpected, flaky, skipped };
}

const duration = (seconds) =>
  seconds >= 60 ? `${Math.floor(seconds / 60)}m ${Math.round(seconds % 60)}s` : `${seconds.toFixed(1)}s`;

export const phaseLine = ({ name, ok, seconds }) =>
  `${name} ${ok ? 'passed' : 'FAILED'} (${duration(seconds)})`;

const runnerText = (name, totals) =>
  totals
    ? `${name} ${totals.passed} passed, ${totals.failed} failed` +
      (totals.flaky ? `, ${totals.flaky} flaky` : '') +
      (totals.skipped ? `, ${totals.skipped} skipped` : '')
    : `${name} did not report`;

/** e.g. `npm test: 1686 passed, 0 failed (lint passed, typecheck passed, vitest 1532 passed, 0 failed, …) in 41m 2s` */
export function totalsLine({ phases, runners, seconds }) {
  const counted = Object.values(runners).filter(Boolean);
  const passed = counted.reduce((sum, r) => sum + r.passed, 0);
  const failed =
    counted.reduce((sum, r) => sum + r.failed, 0) + Object.values(runners).filter((r) => !r).length;
  const checks = phases
    .filter((p) => !(p.name in runners))
    .map((p) => `${p.name} ${p.ok ? 'passed' : 'FAILED'}`);
  const parts = [...checks, ...Object.entries(runners).map(([name, totals]) => runnerText(name, totals))];
  const verdict = phases.every((p) => p.ok) && failed === 0 ? 'npm test' : 'npm test FAILED';
  return `${verdict}: ${passed} passed, ${failed} failed (${parts.join('; ')}) in ${duration(seconds)}`;
}
