// Types and statistics shared by bench/journeys/run.ts and its load-generator processes.

/** Rows the bare server seeds before its SELECTs pick one at random. */
export const SEEDED_ROWS = 10_000;

export interface JourneysJob {
  url: string;
  concurrency: number;
  durationSeconds: number;
  /** Procedure codes each journey applies for. */
  procedures: string[];
  residents: { subject: string; pin: string }[];
}

export interface Summary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** What one virtual user holds at the end: enough to replay its writes and reads (focused runs). */
export interface Session {
  headers: Record<string, string>;
  app: string;
  putForm: unknown;
}

export interface JourneysResult {
  concurrency: number;
  /** Seconds of the measured window (from the last sign-in to DURATION later). */
  seconds: number;
  journeys: Summary;
  journeysFailed: number;
  /** Requests of the measured window, all of them and per route (`METHOD /path/{id}/`). */
  requests: Summary;
  routes: Record<string, Summary>;
  signIns: Summary;
  signInRoutes: Record<string, Summary>;
  /** Answers other than 2xx/3xx and network errors, in the window and during sign-in. */
  errors: { status: number; route: string; count: number }[];
  firstFailure: string | null;
  /** Requests per journey (mean of the window's completed journeys). */
  requestsPerJourney: number;
  /** CPU seconds the load generator itself used during the window (it shares the 2 cores). */
  clientCpuSeconds: number;
  sessions: Session[];
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
export function summarize(xs: number[]): Summary {
  const sorted = [...xs].sort((a, b) => a - b);
  return {
    count: xs.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

/** One autocannon run of cannon.ts: each connection gets one of `requests` (round-robin). */
export interface CannonJob {
  url: string;
  connections: number;
  durationSeconds: number;
  requests: {
    method: string;
    path: string;
    headers: Record<string, string>;
    body?: string;
    /** A second body the connection alternates with `body` (each request then changes an answer). */
    alternate?: string;
  }[];
  /** For the bare SELECT: `{n}` in the path becomes a random integer in [1, n] on each request. */
  randomId?: number;
}

export interface CannonResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
