import { z } from 'zod';
import { EnglishText, english } from './english.js';
import { IdentificationRoute } from './identification.js';
import { AttachType } from './procedure.js';
import { WAY_STEPS } from './resident-steps.js';

export { WAY_STEPS, type WayStep } from './resident-steps.js';

/** Where a step stands for the resident: all `ahead` before an application exists. */
export const WayStepState = z.enum(['done', 'current', 'ahead']);
export type WayStepState = z.infer<typeof WayStepState>;

/** A signature a procedure asks for: drawn on the screen (an SG slot) or with the card's signing certificate. */
export const SignatureKind = z.enum(['handwritten', 'digital']);
export type SignatureKind = z.infer<typeof SignatureKind>;

/** A document the resident attaches (photo or image of an original; never the drawn signature). */
export const WayAheadAttach = z.object({
  name: z.string(),
  type: AttachType,
  en: english({ name: EnglishText }),
});

/** Something to have at hand, for the steps still ahead. */
export const WayAheadPrepare = z.discriminatedUnion('kind', [
  /** The My Number Card and its 4-digit PIN (sign-in, or identification by card). */
  z.object({ kind: z.literal('card_pin') }),
  /** The signing certificate's PIN (6 to 16 letters and digits) and the signing app: digital signatures only. */
  z.object({ kind: z.literal('signing_pin') }),
  /** An image of a document to attach. */
  z.object({ kind: z.literal('attach'), attach: WayAheadAttach }),
]);
export type WayAheadPrepare = z.infer<typeof WayAheadPrepare>;

/**
 * The steps a procedure group really has, derived on the server from its published configuration
 * (decision 0042), and, for an application, where the resident is.
 */
export const WayAhead = z.object({
  /** The steps in order; a step the group does not have (no attachments, no questions) is absent. */
  steps: z.array(z.object({ step: z.enum(WAY_STEPS), state: WayStepState })),
  /** The identification routes the group has switched on, in the order they are offered. */
  identification_routes: z.array(IdentificationRoute),
  /** The card read at sign-in identifies (decision 0041): no second reading at 本人確認. */
  identified_by_sign_in: z.boolean(),
  /** The signatures asked for; empty: the application is confirmed and sent without one. */
  signatures: z.array(SignatureKind),
  /**
   * Whose attachments are listed: every procedure of the group (`group`, nothing chosen yet), those the
   * answers allow so far (`candidates`), or the chosen procedures (`chosen`).
   */
  attaches_of: z.enum(['group', 'candidates', 'chosen']),
  attaches: z.array(WayAheadAttach),
  /** What to have at hand for the steps not yet done. */
  prepare: z.array(WayAheadPrepare),
});
export type WayAhead = z.infer<typeof WayAhead>;
