// The Lighthouse bench's verdict (issue 36 item 4): the goals met or missed, or no verdict at all when
// Lighthouse's CPU benchmark says the machine was too slow or busy for simulated timings to mean anything.
// Pure functions, so the rule is unit-tested apart from Chromium (verdict.test.ts).

export const PERFORMANCE_GOAL = 95;
export const ACCESSIBILITY_GOAL = 100;
/** Issue 36: the entrance, every byte of its first load. */
export const ENTRANCE_BYTES_GOAL = 150 * 1024;

/** Below this median `benchmarkIndex` the bench gives no verdict (unless BENCHMARK_INDEX_FLOOR says otherwise). */
export const DEFAULT_BENCHMARK_INDEX_FLOOR = 2500;

/** The exit code of a run that measured but gave no verdict (0: a verdict, met or missed; 1: could not measure). */
export const NO_VERDICT_EXIT_CODE = 2;

/** One page's median figures as far as the goals go. */
export interface PageFigures {
  name: string;
  /** false: printed for information, no goal. */
  goals: boolean;
  performance: number;
  accessibility: number;
  bytes: number;
}

export interface Goal {
  page: string;
  what: 'performance' | 'accessibility' | 'transfer';
  /** As printed: `95`, or `211.4 KiB`. */
  value: string;
  /** As printed: `>= 95`, `100`, `<= 200.0 KiB`. */
  goal: string;
  met: boolean;
}

export type Outcome = 'pass' | 'fail' | 'no verdict';

export interface Verdict {
  outcome: Outcome;
  goals: Goal[];
  /** Why there is no verdict (only with outcome `no verdict`). */
  reason?: string;
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * The floor from the environment variable's value: unset or empty gives the default; a whole number >= 0
 * is taken (0 turns the floor off); anything else is an error naming the variable.
 */
export function benchmarkIndexFloor(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_BENCHMARK_INDEX_FLOOR;
  const floor = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(floor))
    throw new Error(
      `BENCHMARK_INDEX_FLOOR must be a whole number >= 0 (0: no floor), not ${JSON.stringify(value)}`,
    );
  return floor;
}

/**
 * The goals of the pages with goals (performance and accessibility on each, transfer on the entrance),
 * and the outcome: `no verdict` when the median benchmarkIndex is below the floor (or unknown while there
 * is a floor), whatever the scores; otherwise `pass` when every goal is met, `fail` when one is missed.
 */
export function judge(pages: readonly PageFigures[], benchmarkIndex: number, floor: number): Verdict {
  const goals: Goal[] = [];
  for (const page of pages) {
    if (!page.goals) continue;
    goals.push(
      {
        page: page.name,
        what: 'performance',
        value: String(page.performance),
        goal: `>= ${PERFORMANCE_GOAL}`,
        met: page.performance >= PERFORMANCE_GOAL,
      },
      {
        page: page.name,
        what: 'accessibility',
        value: String(page.accessibility),
        goal: String(ACCESSIBILITY_GOAL),
        met: page.accessibility >= ACCESSIBILITY_GOAL,
      },
    );
  }
  const entrance = pages.find((page) => page.name === 'entrance');
  if (entrance) {
    goals.push({
      page: 'entrance',
      what: 'transfer',
      value: kib(entrance.bytes),
      goal: `<= ${kib(ENTRANCE_BYTES_GOAL)}`,
      met: entrance.bytes <= ENTRANCE_BYTES_GOAL,
    });
  }
  if (floor > 0 && !Number.isFinite(benchmarkIndex)) {
    return { outcome: 'no verdict', goals, reason: 'Lighthouse reported no benchmarkIndex' };
  }
  if (benchmarkIndex < floor) {
    return {
      outcome: 'no verdict',
      goals,
      reason:
        `Lighthouse benchmarkIndex median ${Math.round(benchmarkIndex)} is below the floor ${floor}: ` +
        'the machine was too slow or busy for the scores to count; run again on a quiet machine ' +
        '(BENCHMARK_INDEX_FLOOR sets the floor)',
    };
  }
  return { outcome: goals.every((goal) => goal.met) ? 'pass' : 'fail', goals };
}

/** The verdict's lines as the bench prints them: one per goal (`met`, `MISSED` or `no verdict`), then the reason. */
export function verdictLines(verdict: Verdict): string[] {
  const mark = (goal: Goal) =>
    verdict.outcome === 'no verdict' ? 'no verdict' : goal.met ? 'met' : 'MISSED';
  const lines = verdict.goals.map(
    (goal) => `goal ${goal.page}: ${goal.what} ${goal.value}, goal ${goal.goal}: ${mark(goal)}`,
  );
  if (verdict.reason) lines.push(`NO VERDICT: ${verdict.reason}`);
  return lines;
}
