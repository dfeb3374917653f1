// Identification (spec §2 identification): the routes a procedure group allows, and the basic four
// information (name, birth date, sex, address) checked against the resident registry.
import type { ApiResult } from '../../lib/api';

export type IdentificationOverview = ApiResult<'applicant.identification.get'>;
export type IdentificationRoute = IdentificationOverview['routes'][number];
export type MismatchPart = IdentificationOverview['basic_four']['mismatched'][number];

export interface BasicFourInput {
  last_name: string;
  first_name: string;
  birth_date: string;
  sex: '' | 'male' | 'female';
  postal_code: string;
  address: string;
}

export const emptyBasicFour: BasicFourInput = {
  last_name: '',
  first_name: '',
  birth_date: '',
  sex: '',
  postal_code: '',
  address: '',
};

export type BasicFourField = keyof BasicFourInput;
export type BasicFourProblem = 'required' | 'postalCode' | 'date' | 'tooLong';

/** Full-width digits and hyphens typed in a postal code become the 7 digits the server expects. */
export function normalizePostalCode(value: string): string {
  return value.normalize('NFKC').replace(/[\s\-‐‑‒–—―−ー]/g, '');
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealPastDate(value: string, today: string): boolean {
  const m = ISO.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCDate() === Number(m[3]) && d.getUTCMonth() === Number(m[2]) - 1 && value <= today;
}

/** What is wrong with the input before it is sent (the same limits as the server's schema). */
export function basicFourProblems(
  input: BasicFourInput,
  today: string,
): Partial<Record<BasicFourField, BasicFourProblem>> {
  const out: Partial<Record<BasicFourField, BasicFourProblem>> = {};
  for (const field of ['last_name', 'first_name', 'address'] as const) {
    const v = input[field].trim();
    if (v === '') out[field] = 'required';
    else if ([...v].length > (field === 'address' ? 200 : 50)) out[field] = 'tooLong';
  }
  if (input.birth_date === '') out.birth_date = 'required';
  else if (!isRealPastDate(input.birth_date, today)) out.birth_date = 'date';
  if (input.sex === '') out.sex = 'required';
  const postal = normalizePostalCode(input.postal_code);
  if (postal === '') out.postal_code = 'required';
  else if (!/^\d{7}$/.test(postal)) out.postal_code = 'postalCode';
  return out;
}

/** The fields a mismatched part of the registry check points at. */
export const mismatchFields: Record<MismatchPart, BasicFourField[]> = {
  name: ['last_name', 'first_name'],
  birth_date: ['birth_date'],
  sex: ['sex'],
  address: ['postal_code', 'address'],
};

/** Attempts left before the basic-four route closes for this application. */
export function attemptsLeft(basicFour: IdentificationOverview['basic_four']): number {
  return Math.max(0, basicFour.max_attempts - basicFour.attempts);
}

/** The body of the check (trimmed, postal code normalized); only call when there are no problems. */
export function basicFourBody(input: BasicFourInput) {
  return {
    last_name: input.last_name.trim(),
    first_name: input.first_name.trim(),
    birth_date: input.birth_date,
    sex: input.sex as 'male' | 'female',
    postal_code: normalizePostalCode(input.postal_code),
    address: input.address.trim(),
  };
}
