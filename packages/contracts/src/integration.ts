import { z } from 'zod';
import { IsoDateTime, RecordId } from './common.js';
import { DocumentStatus } from './states.js';

// Core systems reading the portal (issue 37, decision 0057): API keys administrators create, and the
// pull API those keys call.

/** `read`: list and read documents; `read_update`: also set their processing status. */
export const SystemKeyAccess = z.enum(['read', 'read_update']);
export type SystemKeyAccess = z.infer<typeof SystemKeyAccess>;

/** An address range the key is accepted from, IPv4 or IPv6 (`192.0.2.0/24`, `2001:db8::/32`). */
export const Cidr = z.union([z.cidrv4(), z.cidrv6()]);

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
});

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
  /** Send it as If-Match to revoke (decision 0034). */
  version: z.number().int(),
});
export type SystemKey = z.infer<typeof SystemKey>;

/** A new key with its token: the only answer that ever carries the token. */
export const CreatedSystemKey = SystemKey.extend({
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
