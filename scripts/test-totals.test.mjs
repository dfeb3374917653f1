// The one line npm test ends with.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { phaseLine, readPlaywrightTotals, readVitestTotals, totalsLine } from './test-totals.mjs';

const dir = mkdtempSync(join(tmpdir(), 'totals-'));
const file = (name, body) => {
  const path = join(dir, name);
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
  return path;
};

describe('test totals', () => {
  it("reads each runner's report", () => {
    const vitest = file('v.json', {
      numPassedTests: 10,
      numFailedTests: 1,
      numPendingTests: 2,
      numTodoTests: 1,
    });
    expect(readVitestTotals(vitest)).toEqual({ passed: 10, failed: 1, skipped: 3 });
    const pw = file('p.json', { stats: { expected: 5, unexpected: 1, flaky: 2, skipped: 0 } });
    expect(readPlaywrightTotals(pw)).toEqual({ passed: 5, failed: 1, flaky: 2, skipped: 0 });
  });

  it('treats a missing or broken report as no report', () => {
    expect(readVitestTotals(join(dir, 'absent.json'))).toBeNull();
    expect(readPlaywrightTotals(file('broken.json', '{"stats":'))).toBeNull();
  });

  it('ends a green run with one line of every total', () => {
    const line = totalsLine({
      phases: [
        { name: 'lint', ok: true, seconds: 20 },
        { name: 'typecheck', ok: true, seconds: 30 },
        { name: 'vitest', ok: true, seconds: 600 },
        { name: 'playwright', ok: true, seconds: 500 },
      ],
      runners: {
        vitest: { passed: 1532, failed: 0, skipped: 0 },
        playwright: { passed: 154, failed: 0, flaky: 0, skipped: 0 },
      },
      seconds: 1150,
    });
    expect(line).toBe(
      'npm test: 1686 passed, 0 failed (lint passed; typecheck passed; vitest 1532 passed, 0 failed; ' +
        'playwright 154 passed, 0 failed) in 19m 10s',
    );
  });

  it('says FAILED for a failed check, a failed test or a runner that did not report', () => {
    const phases = [
      { name: 'lint', ok: false, seconds: 1 },
      { name: 'vitest', ok: false, seconds: 1 },
    ];
    const line = totalsLine({ phases, runners: { vitest: null }, seconds: 2 });
    expect(line).toBe('npm test FAILED: 0 passed, 1 failed (lint FAILED; vitest did not report) in 2.0s');
    expect(phaseLine({ name: 'typecheck', ok: true, seconds: 75 })).toBe('typecheck passed (1m 15s)');
  });
});
