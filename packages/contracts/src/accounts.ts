import { z } from 'zod';
import { ConfigId, IsoDateTime, RecordId } from './common.js';

/** Katakana (full width) with the long vowel mark and spaces: readings of names. */
export const Kana = z.string().regex(/^[\u30A0-\u30FF\u3000 ]+$/u, 'enter the reading in katakana');

/** At least 12 characters with letters and digits: the staff password policy. */
export const Password = z
  .string()
  .min(12, 'at least 12 characters')
  .max(128)
  .regex(/[A-Za-z]/, 'include a letter')
  .regex(/\d/, 'include a digit');

export const Permission = z.object({
  id: ConfigId,
  code: z.enum(['administrator', 'clerk', 'viewer']),
  name: z.string(),
});
export type Permission = z.infer<typeof Permission>;

export const Department = z.object({ id: ConfigId, code: z.string(), name: z.string() });
export type Department = z.infer<typeof Department>;

/** A staff account as staff see it (never its password). */
export const StaffAccount = z.object({
  id: RecordId,
  last_name: z.string(),
  first_name: z.string(),
  last_name_kana: z.string(),
  first_name_kana: z.string(),
  email: z.email(),
  permission_id: ConfigId,
  department_ids: z.array(ConfigId),
  created_at: IsoDateTime,
  last_login_at: IsoDateTime.nullable(),
});
export type StaffAccount = z.infer<typeof StaffAccount>;

const Names = {
  last_name: z.string().trim().min(1).max(50),
  first_name: z.string().trim().min(1).max(50),
  last_name_kana: Kana.max(50),
  first_name_kana: Kana.max(50),
};

/** The token of a mailed link (invitation, password reset), exchanged once for a form session. */
export const LinkOpening = z.object({ token: z.string().min(20).max(200) });

/** Account creation in the form session of an opened invitation link (decision 0044). */
export const CreateAccountRequest = z.object({
  ...Names,
  email: z.email(),
  password: Password,
  permission_id: ConfigId,
  department_ids: z.array(ConfigId).min(1),
});

export const UpdateAccountRequest = z.object({
  ...Names,
  permission_id: ConfigId,
  department_ids: z.array(ConfigId).min(1),
});

export const InvitationRequest = z.object({
  email: z.email(),
  permission_id: ConfigId,
  department_ids: z.array(ConfigId).min(1),
});

export const Invitation = z.object({
  email: z.email(),
  permission_id: ConfigId,
  department_ids: z.array(ConfigId),
  expires_at: IsoDateTime,
});

export const LoginRequest = z.object({
  login_id: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
});

/** Who is signed in, for staff and operators. */
export const SignedInUser = z.object({
  id: RecordId,
  name: z.string(),
  email: z.string(),
  permission: Permission.shape.code.nullable(),
  department_ids: z.array(ConfigId),
});

export const LoginStatus = z.object({
  is_logged_in: z.boolean(),
  user: SignedInUser.nullable(),
  /** Token to send in X-CSRF-Token on writes of this session. */
  csrf_token: z.string(),
});
