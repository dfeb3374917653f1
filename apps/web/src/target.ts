// Pure data about the three build targets; shared by vite.config.ts and the app (no import.meta.env here).

/** The three audiences, one build target each; the first is the default. */
export const targets = ['applicant', 'municipality', 'mastertool'] as const;
export type Target = (typeof targets)[number];

/** The path prefix each target is served under (Vite `base`); the API server uses the same prefixes. */
export const targetBase: Record<Target, string> = {
  applicant: '/',
  municipality: '/staff/',
  mastertool: '/mastertool/',
};

/** The visual theme of each target (spec §1); applicantTheme is the default. */
export const targetTheme: Record<Target, 'applicantTheme' | 'municipalityTheme' | 'mastertoolTheme'> = {
  applicant: 'applicantTheme',
  municipality: 'municipalityTheme',
  mastertool: 'mastertoolTheme',
};

export function isTarget(value: unknown): value is Target {
  return typeof value === 'string' && (targets as readonly string[]).includes(value);
}
