import { z } from 'zod';
import { IsoDateTime, RecordId } from './common.js';
import { DocumentStatus } from './states.js';

// Core systems reading the portal (issue 37, decision 0057): API keys administrators create, and the
// pull API those keys call.

/** `read`: list and read documents; `read_update`: also set their processing status. */
export const SystemKeyAccess = z.enum(['read', 'read_update']);
export type SystemKeyAccess = z.infer<typeof SystemKeyAccess>;

/** An https endpoint (plain http to localhost only in development; the server checks the rest). */
export const WebhookUrl = z.url({ protocol: /^https?$/ }).max(2000);

/** An address range the key is accepted from, IPv4 or IPv6 (`192.0.2.0/24`, `2001:db8::/32`). */
export const Cidr = z.union([z.cidrv4(), z.cidrv6()]);

/** The longest a key may live, in days from its creation (two years, a leap day included). */
export const SYSTEM_KEY_MAX_DAYS = 731;

export const CreateSystemKeyRequest = z.object({
  /** What the administrator calls the system (住民記録システム). */
  name: z.string().trim().min(1).max(100),
  /** Codes of the procedures whose documents the key reaches. */
  procedure_codes: z.array(z.string().min(1).max(100)).min(1).max(100),
  access: SystemKeyAccess,
  /** When the key stops working (at most two years ahead). */
  expires_at: IsoDateTime.max(40),
  /** Addresses the key is accepted from. */
  allowed_cidrs: z.array(Cidr).min(1).max(50),
  /** Where the portal posts signed events (Standard Webhooks); null or absent: no webhooks. */
  webhook_url: WebhookUrl.nullable().optional(),
});

/** Changes the key's webhook endpoint (null stops the webhooks); the secret stays. */
export const SetSystemKeyWebhookRequest = z.object({ webhook_url: WebhookUrl.nullable() });

/** A key as administrators see it: never its token. */
export const SystemKey = z.object({
  id: RecordId,
  name: z.string(),
  procedure_codes: z.array(z.string()),
  access: SystemKeyAccess,
  expires_at: IsoDateTime,
  allowed_cidrs: z.array(z.string()),
  /** The token's first characters, to tell keys apart. */
  key_prefix: z.string(),
  /** The staff account that created it (null when that account is gone). */
  created_by: RecordId.nullable(),
  created_at: IsoDateTime,
  revoked_at: IsoDateTime.nullable(),
  last_used_at: IsoDateTime.nullable(),
  webhook_url: z.string().nullable(),
  /** Send it as If-Match to revoke (decision 0034). */
  version: z.number().int(),
});
export type SystemKey = z.infer<typeof SystemKey>;

/** A key with its webhook signing secret (`whsec_…`): answered once, when the secret is made. */
export const SystemKeyWithSecret = SystemKey.extend({ webhook_secret: z.string().nullable() });

/** A new key with its token: the only answer that ever carries the token. */
export const CreatedSystemKey = SystemKeyWithSecret.extend({
  /** Send as `Authorization: Bearer <token>`; shown once, kept only as a hash. */
  token: z.string(),
});

export const SystemKeyList = z.object({ keys: z.array(SystemKey) });

/** A page of the pull API: documents changed after `cursor` (absent: from the start). */
export const SystemDocumentsQuery = z.object({
  /** The `next_cursor` of the previous page; opaque. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const SystemDocumentSummary = z.object({
  id: RecordId,
  reference_number: z.string(),
  procedure_code: z.string(),
  status: DocumentStatus,
  /** Send it as If-Match to set the status (decision 0034). */
  version: z.number().int(),
  received_at: IsoDateTime,
  updated_at: IsoDateTime,
});

export const SystemDocumentPage = z.object({
  documents: z.array(SystemDocumentSummary),
  /** Where the next page starts; keep it and send it even when this page is empty. */
  next_cursor: z.string(),
  /** Whether more documents changed after this page already. */
  has_more: z.boolean(),
});

/** One answer: a text, a list (several choices), nothing, or one of those per repetition of a group. */
const AnswerValue = z.union([z.string(), z.array(z.string()), z.null()]);

export const SystemDocument = SystemDocumentSummary.extend({
  procedure_name: z.string(),
  applicant_name: z.string(),
  channel: z.string(),
  /** Answers by standard item code; an item of a repeatable group has one entry per repetition. */
  answers: z.record(z.string(), z.union([AnswerValue, z.array(AnswerValue)])),
  attachments: z.array(
    z.object({
      id: RecordId,
      standard_item_code: z.string(),
      sequence: z.number().int(),
      file_name: z.string(),
      content_type: z.string(),
      size: z.number().int(),
      sha256: z.string(),
      /** A path of this API (the same key downloads it). */
      download_url: z.string(),
    }),
  ),
  renderings: z.array(
    z.object({
      id: RecordId,
      /** `applicant` (the resident's copy) or `municipality`. */
      audience: z.string(),
      pages: z.number().int(),
      sha256: z.string(),
      created_at: IsoDateTime,
      download_url: z.string(),
    }),
  ),
  /** The signature package as verified at submission (null: signed at the counter, or none). */
  signature: z.record(z.string(), z.unknown()).nullable(),
});

// Webhooks (issue 37 item 3): events posted to a key's endpoint, and the log administrators read.

export const WebhookEventType = z.enum([
  'document.submitted',
  'document.resubmitted',
  'document.status_changed',
]);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** `pending`: waiting for its (next) attempt; `succeeded`: a 2xx answer; `failed`: retries used up. */
export const WebhookDeliveryStatus = z.enum(['pending', 'succeeded', 'failed']);

/** One event to one key's endpoint, with its last attempt's answer. */
export const WebhookDelivery = z.object({
  id: RecordId,
  /** The `webhook-id` header: the same on every attempt and on a resend. */
  message_id: z.string(),
  event_type: WebhookEventType,
  document_id: RecordId.nullable(),
  reference_number: z.string().nullable(),
  status: WebhookDeliveryStatus,
  attempts: z.number().int(),
  last_attempt_at: IsoDateTime.nullable(),
  next_attempt_at: IsoDateTime.nullable(),
  /** The receiver's HTTP status (null: no answer, see last_error). */
  last_response_status: z.number().int().nullable(),
  /** The start of the receiver's answer body (at most 500 characters). */
  last_response_excerpt: z.string().nullable(),
  /** Why the attempt failed without an HTTP answer (timeout, refused address…). */
  last_error: z.string().nullable(),
  created_at: IsoDateTime,
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDelivery) });

/** One use of a key, from the audit log. */
export const SystemKeyUse = z.object({
  at: IsoDateTime,
  /** The audit action (`system.documents.list`, `document.read`, `document.status`…). */
  action: z.string(),
  reference_number: z.string().nullable(),
  /** The caller's address. */
  address: z.string().nullable(),
});

export const SystemKeyUseList = z.object({ uses: z.array(SystemKeyUse) });
