// Zod-free, so the applicant's first page can import it without the schemas (subpath
// `@portal/contracts/resident-steps`).

/** The steps 申請の流れ explains, in the order residents go through them (the questions come first). */
export const RESIDENT_STEPS = [
  'assistant',
  'procedures',
  'identification',
  'form',
  'attachments',
  'signature',
  'complete',
] as const;
export type ResidentStep = (typeof RESIDENT_STEPS)[number];
