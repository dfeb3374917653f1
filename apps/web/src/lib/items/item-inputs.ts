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
/** A pattern of ASCII digits only (`[0-9]{4}`, `[0-9]{6}|[0-9]{8}`): a code typed on the number pad. */
const digitsOnly = /^(?:\[0-9\](?:\{\d+(?:,\d*)?\}|[+*])?\|?)+$/;

/**
 * The keyboard a phone opens for an item: by its type, and the number pad for a text item whose pattern
 * takes digits alone (金融機関コード, 支店コード, 口座番号, 保険者番号).
 */
export const inputModeOf = (item: Pick<StandardItem, 'type' | 'pattern'>) =>
  inputModes[item.type] ??
  (item.type === 'text' && item.pattern && digitsOnly.test(item.pattern) ? 'numeric' : undefined);
export const inputTypeOf = (type: StandardItem['type']) => inputTypes[type] ?? 'text';

/** The key of an answer: the item code, or `code.N` for repetition N of a repeatable group's item. */
export const valueKey = (code: string, sequence: number) => (sequence <= 1 ? code : `${code}.${sequence}`);

/**
 * The look-up a code item offers where the same block asks its name (decision 0043): `bank_code` with
 * `bank_name` finds banks; `branch_code` with `branch_name` finds branches of the bank in `bank_code`.
 */
export type BankPair = { kind: 'bank'; name: string } | { kind: 'branch'; name: string; bank: string };

export function bankPairFor(code: string, codes: ReadonlySet<string>): BankPair | null {
  const bank = /^(.*)bank_code$/.exec(code);
  if (bank && codes.has(`${bank[1]}bank_name`)) return { kind: 'bank', name: `${bank[1]}bank_name` };
  const branch = /^(.*)branch_code$/.exec(code);
  if (branch && codes.has(`${branch[1]}branch_name`)) {
    return { kind: 'branch', name: `${branch[1]}branch_name`, bank: `${branch[1]}bank_code` };
  }
  return null;
}

/** The address item a postal code fills: `applicant_postal_code` fills `applicant_address`. */
export function addressItemFor(postalCode: string, codes: ReadonlySet<string>): string | null {
  const candidate = postalCode.replace(/postal_code$/, 'address');
  return candidate !== postalCode && codes.has(candidate) ? candidate : null;
}
