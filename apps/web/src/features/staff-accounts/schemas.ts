// The checks of the staff-account forms: the contracts' request bodies (the fields a form has), with what
// only the screens have: the password typed again, spaces around a value dropped before the check, and
// the password policy as shown beside the field (passwordOk: the one check of a new password).
import {
  CreateAccountRequest,
  InvitationRequest,
  MunicipalityCode,
  PasswordResetConfirm,
  PasswordResetRequest,
  UpdateAccountRequest,
} from '@portal/contracts';
import { z } from 'zod';
import { passwordOk } from './password-policy';

/** The contract's check of the value without the spaces around it (what is sent). */
const trimmed = <T extends z.ZodType<string, string>>(schema: T) => z.string().trim().pipe(schema);
/** A reading: required (`too_small`) before the contract's katakana check (`invalid_format`). */
const reading = <T extends z.ZodType<string, string>>(schema: T) => z.string().trim().min(1).pipe(schema);

/** The create and update bodies share the contract's names; a reading is trimmed and required first. */
const readings = {
  last_name_kana: reading(UpdateAccountRequest.shape.last_name_kana),
  first_name_kana: reading(UpdateAccountRequest.shape.first_name_kana),
};

const newPassword = { password: z.string().refine(passwordOk), again: z.string() };
/** The password typed again must be the same; the message is at `again`. */
const withAgain = <S extends z.ZodType<{ password: string; again: string }>>(schema: S) =>
  schema.refine((v) => v.again === v.password, { path: ['again'] });

/** The permission is one of the list's radios; the server checks it. */
const permission = { permission_id: z.number() };

export const resetRequestSchema = PasswordResetRequest.extend({
  municipality_code: MunicipalityCode,
  email: trimmed(PasswordResetRequest.shape.email),
});

export const resetConfirmSchema = withAgain(PasswordResetConfirm.extend(newPassword));

export const acceptSchema = withAgain(
  CreateAccountRequest.pick({
    last_name: true,
    first_name: true,
    last_name_kana: true,
    first_name_kana: true,
    password: true,
  }).extend({ ...readings, ...newPassword }),
);

export const inviteSchema = InvitationRequest.extend({
  email: trimmed(InvitationRequest.shape.email),
  ...permission,
});

export const editSchema = UpdateAccountRequest.extend({ ...readings, ...permission });
