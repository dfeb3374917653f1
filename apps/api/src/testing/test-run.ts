/** Names one Vitest run, for the PostgreSQL templates its workers share (set by the global setup). */
export const TEST_RUN_VARIABLE = 'PORTAL_TEST_RUN';

/** The start of every template database name of a run. */
export const templatePrefix = (run: string) => `portal_tpl_${run}_`;
