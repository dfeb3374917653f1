import { z } from 'zod';
import { ConfigId, IsoDate, IsoDateTime, RecordId, StandardItemFragmentValue } from './common.js';
import { EnglishText, english } from './english.js';
import { ConciergeCategory, CopyForm, HiddenRule, PrefillSource, RepeatableGroup } from './concierge.js';
import { AttachType, Procedure, ProcedureGroupSummary, ProceduralRules } from './procedure.js';
import { RemandField } from './remand.js';
import { ResidentTexts } from './resident-texts.js';
import { StandardItem } from './standard-item.js';
import {
  ApplicationStatus,
  DocumentStatus,
  FlowStep,
  SelfInformationStatus,
  SignTransactionStatus,
} from './states.js';

export const Municipality = z.object({
  code: z.string(),
  name: z.string(),
  name_en: z.string().nullable(),
  /** Shown when the online route is closed for maintenance. */
  maintenance_message: z.string().nullable(),
});

export const MunicipalityHome = z.object({
  municipality: Municipality,
  procedure_groups: z.array(ProcedureGroupSummary),
});

export const TermsService = z.object({
  device: z.enum(['browser', 'tablet']),
  title: z.string(),
  body: z.string(),
  updated_at: IsoDate,
});

/** Why the rules engine decided what it did, for screens that explain ("shown because ..."). */
export const Explanation = z.object({ subject: z.string(), shown: z.boolean(), reason: z.string() });

export const ConciergeFilter = z.object({
  procedure_group_id: ConfigId,
  version: z.number().int(),
  category: ConciergeCategory,
});

export const FilterValuesRequest = z.object({
  procedure_group_id: ConfigId,
  concierge_option_ids: z.array(ConfigId).max(500),
});

/** English of scoped-out messages, parallel to `scopedout_messages` ('' where there is none). */
const ScopedOutEnglish = english({ scopedout_messages: z.array(EnglishText) });

export const FilterResult = z.object({
  procedures: z.array(Procedure.pick({ id: true, code: true, name: true, en: true })),
  is_scopedout: z.boolean(),
  scopedout_messages: z.array(z.string()),
  explanations: z.array(Explanation),
  en: ScopedOutEnglish,
});

export const CreateApplicationRequest = z.object({
  procedure_group_id: ConfigId,
  concierge_option_ids: z.array(ConfigId).max(500),
});

/** A resident's application as the resident sees it. */
export const Application = z.object({
  id: RecordId,
  municipality_code: z.string(),
  procedure_group_id: ConfigId,
  procedure_group_name: z.string(),
  /** Configuration version the application started with; kept until it is submitted. */
  configuration_version: z.number().int(),
  status: ApplicationStatus,
  current_step: FlowStep,
  procedure_ids: z.array(ConfigId),
  remand_message: z.string().nullable(),
  /**
   * While remanded: the only fields the resident may change, each with staff's note (decision 0023);
   * null when the whole application is open to correction (or it is not remanded).
   */
  remand_fields: z.array(RemandField).nullable(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  submitted_at: IsoDateTime.nullable(),
  en: english({ procedure_group_name: EnglishText }),
  /** The chosen procedures in words; once submitted, each with its reference number and status. */
  procedures: z.array(
    z.object({
      id: ConfigId,
      name: z.string(),
      en: english({ name: EnglishText }),
      /** The municipality's reference number, null until the application is submitted. */
      reference_number: z.string().nullable(),
      /** How staff's handling stands, null until submitted. */
      status: DocumentStatus.nullable(),
      /** Staff's reason when the procedure was rejected (decision 0037); null otherwise. */
      rejection_reason: z.string().nullable(),
    }),
  ),
  /** Who the application is about when that is someone else (a newborn's name), else null. */
  subject_name: z.string().nullable(),
});
export type Application = z.infer<typeof Application>;

export const ApplicationList = z.object({ applications: z.array(Application) });

/** The query of a group's assistant questions: one version (an application's), else the live one. */
export const AssistantQuestionsQuery = z.object({
  procedure_group_id: z.coerce.number().int().positive(),
  version: z.coerce.number().int().positive().optional(),
});

/**
 * A group's assistant questions: configuration only (immutable per version), so served once per version and
 * cached by the browser; which of them an application shows and what it answered is in ConciergeAssistant.
 */
export const AssistantQuestions = z.object({
  procedure_group_id: ConfigId,
  version: z.number().int(),
  categories: z.array(ConciergeCategory),
});

/** Where an application stands in the assistant; its questions are AssistantQuestions of its version. */
export const ConciergeAssistant = z.object({
  application_id: RecordId,
  /** Where its questions are: AssistantQuestions of this group and version. */
  procedure_group_id: ConfigId,
  configuration_version: z.number().int(),
  current_sub_category_id: ConfigId.nullable(),
  selected_option_ids: z.array(ConfigId),
  /** Sub categories whose questions are shown for the answers so far. */
  shown_sub_category_ids: z.array(ConfigId),
  is_scopedout: z.boolean(),
  scopedout_messages: z.array(z.string()),
  explanations: z.array(Explanation),
  en: ScopedOutEnglish,
});

export const AssistantValuesRequest = z.object({
  concierge_sub_category_id: ConfigId,
  concierge_option_ids: z.array(ConfigId).max(500),
});

export const ApplicationProcedures = z.object({
  /** Procedures the rules allow now (all published ones for the group-level call). */
  available: z.array(Procedure),
  selected_ids: z.array(ConfigId),
  explanations: z.array(Explanation),
});

export const SelectProceduresRequest = z.object({ procedure_ids: z.array(ConfigId).min(1).max(50) });

export const ProcedureOverview = z.object({
  procedures: z.array(
    Procedure.pick({
      id: true,
      code: true,
      name: true,
      remarks: true,
      printed_copies: true,
      en: true,
    }).extend({
      attaches: z.array(z.object({ name: z.string(), type: AttachType, en: english({ name: EnglishText }) })),
      requires_digital_signature: z.boolean(),
    }),
  ),
  /** The group's own texts for 申請の流れ (decision 0028); absent: the defaults. */
  resident_texts: ResidentTexts.optional(),
});

export const ProceduralRulesResponse = z.object({
  rules: z.array(z.object({ procedure_code: z.string(), procedural_rules: ProceduralRules })),
});

/** The form the resident fills: item definitions grouped by fragment, for the chosen procedures. */
/** Which form: the procedures of a group, in the version an application started on (default: live). */
export const FormQuery = z.object({
  procedure_group_id: z.coerce.number().int().positive(),
  /** Comma-separated procedure ids, e.g. 1,2. */
  procedure_ids: z
    .string()
    .regex(/^\d+(,\d+){0,49}$/, 'comma-separated procedure ids')
    .transform((s) => [...new Set(s.split(',').map(Number))].sort((a, b) => a - b)),
  version: z.coerce.number().int().positive().optional(),
});

/**
 * The form of some procedures: item definitions grouped by fragment. It depends on the configuration
 * only (immutable per version); what the answers decide (hidden items, prefills) is in FormValues.
 */
export const FormDefinition = z.object({
  procedure_group_id: ConfigId,
  version: z.number().int(),
  fragments: z.array(
    z.object({
      name: z.string(),
      en: english({ name: EnglishText }),
      procedure_codes: z.array(z.string()),
      /** `repeatable`: the item belongs to one of `repeatable_groups` (asked once per repetition). */
      items: z.array(StandardItem.extend({ repeatable: z.boolean() })),
    }),
  ),
  /** The repeatable groups with items on this form (decision 0013); the counts are in FormValues. */
  repeatable_groups: z.array(RepeatableGroup).default([]),
  /** Hidden rules whose target is an item of this form, so the browser hides items as answers change. */
  hidden_rules: z.array(HiddenRule).default([]),
  /** "Same as ..." buttons: copies the answers of `sources` into `targets` (the concierge's copy forms). */
  copies: z
    .array(
      z.object({
        concierge_id: ConfigId,
        label: z.string(),
        en: english({ label: EnglishText }),
        /** Pairs of the concierge's copy forms: source item code to target item code. */
        pairs: z.array(CopyForm),
      }),
    )
    .default([]),
  /** Groups of name items (e.g. last and first name) checked together for signing certificates. */
  name_checks: z.array(z.array(z.string()).min(1)).default([]),
});

/** What the rules decide for one item from the answers so far. */
export const FormItemState = z.object({
  code: z.string(),
  /** The repetition of a repeatable group this state is for (1 for every other item). */
  sequence: z.number().int().min(1).default(1),
  hidden: z.boolean(),
  required: z.boolean(),
  /** A suggested value (identity claims, the registry, chosen options) when the resident has none. */
  prefill: z.string().nullable(),
  /** Where `prefill` comes from. */
  prefill_source: PrefillSource.nullable().default(null),
  /** Where the saved value came from when it is a source's value unchanged; null when typed. */
  source: PrefillSource.nullable().default(null),
  /**
   * The value a verified source (the card, the resident registry) holds for this item, whatever was
   * saved: a saved value that differs is flagged before submission.
   */
  verified: z.string().nullable().default(null),
  /** Where `verified` comes from. */
  verified_source: PrefillSource.nullable().default(null),
  /** The procedure requires the answer to be `verified`: shown read-only, a different value is refused. */
  locked: z.boolean().default(false),
  /** Asked on an assistant page shown to the resident: the form does not ask it again. */
  asked: z.boolean().default(false),
});

/** How many times the form asks a repeatable group now, and the limits that hold (decision 0013). */
export const RepeatState = z.object({
  code: z.string(),
  /** Repetitions shown: the highest answered, and at least `min`. */
  count: z.number().int().min(1),
  min: z.number().int().min(1),
  max: z.number().int().min(1),
});
export type RepeatState = z.infer<typeof RepeatState>;

export const FormValues = z.object({
  standard_item_fragments: z.array(StandardItemFragmentValue),
  /** One entry per item, and one more per repetition after the first of a repeatable group's items. */
  items: z.array(FormItemState),
  repeat_groups: z.array(RepeatState).default([]),
  /**
   * The characters of the names the resident's records hold (card, registry, personal portal): a name
   * item may carry them although a newborn's name may not (「髙」 of a registered surname).
   */
  name_characters_on_record: z.array(z.string()).default([]),
  updated_at: IsoDateTime.nullable(),
});

/**
 * An assistant page's save (`PUT form/`): the answers it wrote (values the server derived, such as copies
 * and option prefills, included; none when the page changed nothing). The assistant reads the form's
 * values again after its question answers, so the whole form is not sent twice (issue 31).
 */
export const AssistantFormSaved = z.object({
  standard_item_fragments: z.array(StandardItemFragmentValue),
  /** The removed answers (hidden items, blank repetitions). */
  removed: z.array(z.object({ standard_item_code: z.string(), sequence: z.number().int().min(1) })),
  updated_at: IsoDateTime.nullable(),
});

export const SaveFormRequest = z.object({
  standard_item_fragments: z.array(StandardItemFragmentValue).max(2000),
  is_last_page_in_concierge_assistant: z.boolean(),
  /** Concierges whose "same as ..." button the resident pressed: the server applies their copy rules. */
  copied_concierge_ids: z.array(ConfigId).max(100).optional(),
});

export const UpdateFormRequest = SaveFormRequest.extend({
  concierge_sub_category_ids: z.array(ConfigId).max(200),
});

export const Attachment = z.object({
  standard_item_code: z.string(),
  sequence: z.number().int().min(1),
  type: AttachType,
  file_name: z.string(),
  content_type: z.enum(['image/jpeg', 'image/png', 'application/pdf']),
  size: z.number().int(),
  uploaded_at: IsoDateTime,
  /** `pending`: waiting for its malware scan, not usable yet; `unscanned`: scanning is off (decision 0051). */
  scan_state: z.enum(['pending', 'clean', 'unscanned']),
});

export const AttachmentList = z.object({
  required: z.array(
    z.object({
      standard_item_code: z.string(),
      name: z.string(),
      type: AttachType,
      en: english({ name: EnglishText }),
    }),
  ),
  procedure_attaches: z.array(Attachment),
});

/** Confirms the uploaded attachments as final for this step (the upload itself is multipart). */
export const ConfirmAttachmentsRequest = z.object({
  procedure_attaches: z.array(
    z.object({ standard_item_code: z.string(), sequence: z.number().int().min(1) }),
  ),
});

export const DeleteAttachmentQuery = z.object({
  standard_item_code: z.string().min(1),
  sequence: z.coerce.number().int().min(1),
});

export const BasicFourInformation = z.object({
  last_name: z.string().trim().min(1).max(50),
  first_name: z.string().trim().min(1).max(50),
  birth_date: IsoDate,
  sex: z.enum(['male', 'female']),
  postal_code: z.string().regex(/^\d{7}$/),
  address: z.string().trim().min(1).max(200),
});

export const BasicFourInformationStatus = z.object({
  is_verified: z.boolean(),
  verified_at: IsoDateTime.nullable(),
  /** Which parts did not match the resident registry (never the registry's values). */
  mismatched: z.array(z.enum(['name', 'birth_date', 'sex', 'address'])),
});

export const SelfInformationStatusBody = z.object({ status: SelfInformationStatus });
export const SelfInformationState = z.object({
  status: SelfInformationStatus,
  /** Where to send the resident to consent at the personal portal (while authorizing). */
  redirect_url: z.string().nullable(),
});

/** The resident submits (again, after a remand) or withdraws the application's documents. */
export const DocumentStatusRequest = z.object({ status: z.enum(['submitted', 'withdrawn']) });

export const RenderRequest = z.object({
  use_signature_digital_certificate: z.boolean(),
  /** The resident's screen language: the copy's page footer is printed in it (default Japanese). */
  language: z.enum(['ja', 'en']).optional(),
});

export const ApplicationDocumentRef = z.object({
  procedure_id: ConfigId,
  /** SHA-256 of the rendered PDF, hex. */
  digest: z.string().regex(/^[0-9a-f]{64}$/),
});

export const DeepLinkRequest = z.object({ application_documents: z.array(ApplicationDocumentRef).min(1) });
export const DeepLink = z.object({ signing_id: RecordId, deep_link: z.url(), expires_at: IsoDateTime });

export const SignatureCertificateRequest = z.object({
  application_documents: z.array(ApplicationDocumentRef).min(1),
});
export const SignatureCertificateCompleteRequest = z.object({ signing_id: RecordId });

export const SignatureCertificateInfo = z.object({
  signing_id: RecordId,
  status: SignTransactionStatus,
  subject_name: z.string().nullable(),
  issuer: z.string().nullable(),
  not_after: IsoDateTime.nullable(),
  verified_at: IsoDateTime.nullable(),
});

export const ApplicantUserProfile = z.object({
  last_name: z.string(),
  first_name: z.string(),
  birth_date: IsoDate.nullable(),
  sex: z.enum(['male', 'female']).nullable(),
  address: z.string().nullable(),
});

/**
 * The identity provider's authorization response: `code` on success, `error` (e.g. access_denied) when
 * the resident cancelled or the request was refused; `state` always; `iss` per RFC 9207.
 */
export const ApplicantLoginCallbackQuery = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(512),
  iss: z.string().max(2048).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

export const ApplicantLoginStatus = z.object({
  is_logged_in: z.boolean(),
  csrf_token: z.string(),
  municipality_code: z.string().nullable(),
});

export const ApplicantUserInfo = z.object({
  subject: z.string(),
  profile: ApplicantUserProfile.nullable(),
  service_statuses: z.array(z.object({ id: RecordId, service: z.string(), linked_at: IsoDateTime })),
});

/** A postal code as a person types it: 7 digits, half- or full-width, with or without a hyphen (123-4567). */
export const AddressQuery = z.object({
  zipcode: z
    .string()
    .max(16)
    .regex(
      /^\s*[0-9０-９]{3}[-－‐−]?[0-9０-９]{4}\s*$/,
      'zipcode must be 7 digits, optionally written as 123-4567',
    ),
});
export const Address = z.object({
  post_code: z.string(),
  lg_code: z.string(),
  pref: z.string(),
  city: z.string(),
  town: z.string(),
});
export const AddressList = z.array(Address);

export const PersonNameRequest = z.object({ person_name: z.string().min(1).max(100) });
export const PersonNameResult = z.object({
  person_name: z.string(),
  characters: z.array(
    z.object({
      character: z.string(),
      code_point: z.string(),
      label: z.enum(['certificate_safe', 'needs_substitution', 'not_representable']),
    }),
  ),
  /** What the signing certificate will carry for this name. */
  certificate_name: z.string(),
  is_certificate_safe: z.boolean(),
});

export const CallbackQuery = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
});
export const DeepLinkValidateQuery = z.object({ callbackUri: z.string().min(1).max(2000) });
export const DeepLinkValidation = z.object({ is_valid: z.boolean() });

/** What the resident sees once the application is submitted: one reference number per procedure. */
export const Completion = z.object({
  application_id: RecordId,
  status: ApplicationStatus,
  submitted_at: IsoDateTime.nullable(),
  documents: z.array(
    z.object({
      procedure_id: ConfigId,
      procedure_name: z.string(),
      en: english({ procedure_name: EnglishText }),
      /** The municipality's reference number (e.g. 2026-000042), to quote when asking about it. */
      reference_number: z.string(),
      received_at: IsoDateTime,
      /** How staff's handling stands: a rejected procedure is never shown as received well. */
      status: DocumentStatus,
      /** Staff's reason when the procedure was rejected (decision 0037); null otherwise. */
      rejection_reason: z.string().nullable(),
    }),
  ),
  /** The resident's satisfaction rating of this application (1 to 5), or null when not given. */
  rating: z.number().int().min(1).max(5).nullable(),
  /** The texts of the group in the application's version (decision 0028); absent: the defaults. */
  resident_texts: ResidentTexts.optional(),
});

/** A satisfaction rating (5 points, spec §9) and an optional comment. */
export const SatisfactionRequest = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().trim().max(1000).optional(),
});
