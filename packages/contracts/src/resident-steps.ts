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

/**
 * The way ahead a resident is shown before the first question (decision 0042): the filter questions and
 * the sign-in, then the steps of 申請の流れ. A group's list holds only the steps it really has.
 */
export const WAY_STEPS = ['filter', 'sign_in', ...RESIDENT_STEPS] as const;
export type WayStep = (typeof WAY_STEPS)[number];
