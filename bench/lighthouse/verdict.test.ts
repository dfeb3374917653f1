import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BENCHMARK_INDEX_FLOOR,
  benchmarkIndexFloor,
  judge,
  verdictLines,
  type PageFigures,
} from './verdict.js';

const good = (name: string): PageFigures => ({
  name,
  goals: true,
  performance: 96,
  accessibility: 100,
  bytes: 150 * 1024,
});
const allGood: PageFigures[] = [
  good('entrance'),
  good('concierge filter'),
  good('terms'),
  good('home'),
  // Information only: its low score never decides.
  { name: 'staff sign-in', goals: false, performance: 40, accessibility: 90, bytes: 900 * 1024 },
];
const withEntrance = (change: Partial<PageFigures>) =>
  allGood.map((page) => (page.name === 'entrance' ? { ...page, ...change } : page));

describe('judge', () => {
  it('passes when every goal is met on a fast enough machine', () => {
    const verdict = judge(allGood, 3664, 2500);
    expect(verdict.outcome).toBe('pass');
    // Performance and accessibility on four pages, the entrance's transfer; none for the staff sign-in.
    expect(verdict.goals).toHaveLength(9);
    expect(verdict.goals.some((goal) => goal.page === 'staff sign-in')).toBe(false);
  });

  it('fails when one goal is missed: performance, accessibility or transfer', () => {
    expect(judge(withEntrance({ performance: 94 }), 3664, 2500).outcome).toBe('fail');
    expect(judge(withEntrance({ accessibility: 99 }), 3664, 2500).outcome).toBe('fail');
    expect(judge(withEntrance({ bytes: 150 * 1024 + 1 }), 3664, 2500).outcome).toBe('fail');
    // On the goal is met.
    expect(judge(withEntrance({ performance: 95, bytes: 150 * 1024 }), 3664, 2500).outcome).toBe('pass');
  });

  it('gives no verdict below the floor, whether the goals were met or missed', () => {
    const missed = judge(withEntrance({ performance: 57 }), 1401, 2500);
    expect(missed.outcome).toBe('no verdict');
    expect(missed.reason).toContain('benchmarkIndex median 1401 is below the floor 2500');
    expect(judge(allGood, 2499.6, 2500).outcome).toBe('no verdict');
    // On the floor counts.
    expect(judge(allGood, 2500, 2500).outcome).toBe('pass');
  });

  it('gives no verdict without a benchmarkIndex, unless the floor is off', () => {
    expect(judge(allGood, Number.NaN, 2500).outcome).toBe('no verdict');
    expect(judge(allGood, Number.NaN, 0).outcome).toBe('pass');
    expect(judge(withEntrance({ performance: 57 }), 900, 0).outcome).toBe('fail');
  });
});

describe('verdictLines', () => {
  it('prints met and MISSED per goal as before', () => {
    const lines = verdictLines(judge(withEntrance({ performance: 85, bytes: 211.4 * 1024 }), 3664, 2500));
    expect(lines).toContain('goal entrance: performance 85, goal >= 95: MISSED');
    expect(lines).toContain('goal entrance: accessibility 100, goal 100: met');
    expect(lines).toContain('goal entrance: transfer 211.4 KiB, goal <= 150.0 KiB: MISSED');
    expect(lines.some((line) => line.startsWith('NO VERDICT'))).toBe(false);
  });

  it('marks every goal "no verdict" below the floor and says why last', () => {
    const lines = verdictLines(judge(allGood, 1401, 2500));
    expect(lines[0]).toBe('goal entrance: performance 96, goal >= 95: no verdict');
    expect(lines.filter((line) => / (met|MISSED)$/.test(line))).toEqual([]);
    expect(lines.at(-1)).toMatch(
      /^NO VERDICT: Lighthouse benchmarkIndex median 1401 is below the floor 2500/,
    );
  });
});

describe('benchmarkIndexFloor', () => {
  it('defaults to 2,500 and takes a whole number, 0 turning it off', () => {
    expect(DEFAULT_BENCHMARK_INDEX_FLOOR).toBe(2500);
    expect(benchmarkIndexFloor(undefined)).toBe(2500);
    expect(benchmarkIndexFloor('')).toBe(2500);
    expect(benchmarkIndexFloor('3000')).toBe(3000);
    expect(benchmarkIndexFloor('0')).toBe(0);
  });

  it('refuses anything else, naming the variable', () => {
    for (const value of ['abc', '-1', '2,500', '2500.5', '1e3'])
      expect(() => benchmarkIndexFloor(value)).toThrow(/BENCHMARK_INDEX_FLOOR must be a whole number/);
  });
});
