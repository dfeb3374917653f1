// How a standard item's input behaves, shared by the assistant's inline forms and the form: input
// purposes (WCAG 1.3.5) for the resident's own details, the phone keyboard, the input type.
import type { StandardItem } from '@portal/contracts';

const autocompletes: Record<string, string> = {
  applicant_last_name: 'family-name',
  applicant_first_name: 'given-name',
  applicant_birth_date: 'bday',
  applicant_postal_code: 'postal-code',
  applicant_address: 'street-address',
  applicant_phone: 'tel',
  applicant_sex: 'sex',
};

const inputModes: Partial<Record<StandardItem['type'], 'numeric' | 'decimal' | 'tel' | 'email'>> = {
  number: 'decimal',
  postal_code: 'numeric',
  phone: 'tel',
  email: 'email',
};

const inputTypes: Partial<Record<StandardItem['type'], string>> = {
  date: 'date',
  time: 'time',
  phone: 'tel',
  email: 'email',
};

/** The autocomplete token of an item holding the resident's own details, else 'off'. */
export const autocompleteOf = (code: string) => autocompletes[code] ?? 'off';
export const inputModeOf = (type: StandardItem['type']) => inputModes[type];
export const inputTypeOf = (type: StandardItem['type']) => inputTypes[type] ?? 'text';

/** The key of an answer: the item code, or `code.N` for repetition N of a repeatable group's item. */
export const valueKey = (code: string, sequence: number) => (sequence <= 1 ? code : `${code}.${sequence}`);

/** The address item a postal code fills: `applicant_postal_code` fills `applicant_address`. */
export function addressItemFor(postalCode: string, codes: ReadonlySet<string>): string | null {
  const candidate = postalCode.replace(/postal_code$/, 'address');
  return candidate !== postalCode && codes.has(candidate) ? candidate : null;
}
