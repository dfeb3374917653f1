// Counter handoff (書かない窓口, decision 0026): a one-time token moves an application between a resident's
// phone and the counter tablet; a counter session on the tablet reaches exactly that application.
import { z } from 'zod';
import { ConfigId, IsoDateTime, RecordId } from './common.js';
import { english, EnglishText } from './english.js';
import { ApplicationStatus, FlowStep } from './states.js';

/** The identity documents a clerk may have seen at the counter, in the order the picker offers them. */
export const CounterIdentityDocument = z.enum([
  'my_number_card',
  'drivers_license',
  'passport',
  'residence_card',
  'other_photo_id',
]);
export type CounterIdentityDocument = z.infer<typeof CounterIdentityDocument>;

/** Which way a handoff goes: the resident's phone to the counter, or the counter to the resident's phone. */
export const HandoffDirection = z.enum(['to_counter', 'to_resident']);
export type HandoffDirection = z.infer<typeof HandoffDirection>;

/** The short code a clerk types: 8 letters and digits without look-alikes, shown as ABCD-EFGH. */
export const HANDOFF_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const HANDOFF_CODE_LENGTH = 8;

/** A typed short code, as entered: case, spaces and hyphens do not matter. */
export const HandoffCodeInput = z
  .string()
  .max(40)
  .transform((v) => v.toUpperCase().replace(/[\s\u3000-]+/g, ''))
  .pipe(
    z
      .string()
      // The length in the pattern too: generators (the API fuzz test) then make codes that fit.
      .length(HANDOFF_CODE_LENGTH, 'the code has 8 letters and digits')
      .regex(
        new RegExp(`^[${HANDOFF_CODE_ALPHABET}]{${HANDOFF_CODE_LENGTH}}$`),
        'the code has letters and digits only',
      ),
  );

/** The long token of the QR code (base64url). */
export const HandoffToken = z
  .string()
  .min(20)
  .max(200)
  .regex(/^[A-Za-z0-9_-]{20,200}$/, 'not a handoff token');

/** Taking a handoff: the QR code's token, or the short code typed by hand. */
export const HandoffClaimRequest = z
  .object({ token: HandoffToken.optional(), code: HandoffCodeInput.optional() })
  .refine((b) => (b.token === undefined) !== (b.code === undefined), {
    message: 'send either the token of the QR code or the short code',
    path: ['code'],
  });

/** A handoff just issued: what the QR code holds and the code to type, valid until `expires_at`. */
export const Handoff = z.object({
  direction: HandoffDirection,
  /** The text of the QR code: a page address carrying the token after `#` (never sent to a server log). */
  qr_text: z.string(),
  /** The short code, as shown (ABCD-EFGH). */
  code: z.string(),
  expires_at: IsoDateTime,
});
export type Handoff = z.infer<typeof Handoff>;

/** The identity check a clerk made at the counter (instead of the card's signature). */
export const CounterCheck = z.object({
  staff_account_id: RecordId,
  staff_name: z.string(),
  identity_document: CounterIdentityDocument,
  checked_at: IsoDateTime,
});
export type CounterCheck = z.infer<typeof CounterCheck>;

export const CounterIdentityRequest = z.object({ identity_document: CounterIdentityDocument });

/** The counter session of this browser, if any: who took it and which application it is bound to. */
export const CounterSessionView = z.object({
  counter: z
    .object({
      staff_name: z.string(),
      /** The one application it reaches; null until staff start a new one at the counter. */
      application_id: RecordId.nullable(),
      municipality_code: z.string(),
      started_at: IsoDateTime,
      expires_at: IsoDateTime,
      /** The identity check made in this counter session, once made. */
      identity_check: CounterCheck.nullable(),
    })
    .nullable(),
});
export type CounterSessionView = z.infer<typeof CounterSessionView>;

/** What the clerk sees on taking a handoff, and where the tablet continues. */
export const CounterTaken = z.object({
  application_id: RecordId,
  status: ApplicationStatus,
  current_step: FlowStep,
  procedure_group_name: z.string(),
  procedures: z.array(z.object({ id: ConfigId, name: z.string(), en: english({ name: EnglishText }) })),
  /** The applicant's name as answered so far, or null. */
  applicant_name: z.string().nullable(),
  updated_at: IsoDateTime,
  /** The applicant page (a path of this site) the tablet opens to continue. */
  continue_path: z.string(),
});
export type CounterTaken = z.infer<typeof CounterTaken>;

/**
 * An application the clerk just sent at the counter, as the counter screen confirms it: one reference
 * number (受付番号) per procedure, to tell the resident.
 */
export const CounterSubmitted = z.object({
  application_id: RecordId,
  procedure_group_name: z.string(),
  submitted_at: IsoDateTime,
  procedures: z.array(
    z.object({
      id: ConfigId,
      name: z.string(),
      en: english({ name: EnglishText }),
      /** The municipality's reference number of the procedure's document (e.g. 2026-000042). */
      reference_number: z.string(),
    }),
  ),
});
export type CounterSubmitted = z.infer<typeof CounterSubmitted>;

/** A new application started at the counter: the applicant page where it begins. */
export const CounterStarted = z.object({ continue_path: z.string(), expires_at: IsoDateTime });
