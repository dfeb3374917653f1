/**
 * The JPKI subject facts (基本4情報) as carried in the signing certificate's subjectAltName.
 *
 * Each fact is an otherName `{ type-id, [0] EXPLICIT UTF8String }` under 1.2.392.200149.8.5.5:
 *   .1 name, .2 substitute characters of the name, .3 sex, .4 birth date, .5 address, .6 substitute
 *   characters of the address. Entries are written in the order real cards use (.1 .4 .3 .5 .2 .6).
 *
 * Name: family name and given name joined by an ideographic space U+3000 (as on real cards).
 * Sex: '1' male, '2' female (住民基本台帳 codes).
 * Birth date: 9 digits, era digit then the Gregorian date YYYYMMDD (not the year within the era), e.g.
 *   1980-02-17 → '319800217'. Era digits, as on JPKI certificates:
 *     1 明治 Meiji   up to 1912-07-29
 *     2 大正 Taishō  1912-07-30 … 1926-12-24
 *     3 昭和 Shōwa   1926-12-25 … 1989-01-07
 *     4 平成 Heisei  1989-01-08 … 2019-04-30
 *     5 令和 Reiwa   2019-05-01 …
 *     0 unknown (read back as era null; never written here)
 * Substitute-character entries are always present, empty unless the caller supplies them. (On real cards
 * they describe where characters outside the JPKI repertoire were replaced; this stand-in does not compute
 * them.)
 */
import { japanDateParts } from '@portal/rules';
import * as asn1js from 'asn1js';
import type * as pkijs from 'pkijs';
import { InvalidResidentError, JpkiFactsError } from './errors.js';
import { toArrayBuffer } from './encoding.js';
import { JPKI_OID, X509_OID } from './oids.js';
import { extensionBytes, findExtension, parseCertificate } from './pki.js';

export type JpkiSex = 'male' | 'female';
export type JapaneseEra = 'meiji' | 'taisho' | 'showa' | 'heisei' | 'reiwa';

/** Era digit table; `from` is the first Gregorian day of the era (inclusive). Newest first. */
export const JPKI_ERAS: readonly { era: JapaneseEra; digit: string; kanji: string; from: string }[] = [
  { era: 'reiwa', digit: '5', kanji: '令和', from: '2019-05-01' },
  { era: 'heisei', digit: '4', kanji: '平成', from: '1989-01-08' },
  { era: 'showa', digit: '3', kanji: '昭和', from: '1926-12-25' },
  { era: 'taisho', digit: '2', kanji: '大正', from: '1912-07-30' },
  { era: 'meiji', digit: '1', kanji: '明治', from: '1868-10-23' },
];

/** Minimum age for a signing certificate (署名用電子証明書). */
export const MIN_SIGNING_CERTIFICATE_AGE = 15;

/** Residents' facts as the portal holds them. */
export interface JpkiResident {
  /** Stable id of the resident (e.g. the stand-in's OIDC `sub`); only a hash of it reaches the certificate. */
  subject: string;
  last_name: string;
  first_name: string;
  /** ISO date YYYY-MM-DD. */
  birth_date: string;
  sex: JpkiSex;
  address: string;
  /** Substitute-character information of the name (.2); empty when not given. */
  name_substitute?: string;
  /** Substitute-character information of the address (.6); empty when not given. */
  address_substitute?: string;
}

/** What a JPKI signing certificate says about its holder. */
export interface JpkiFacts {
  /** Full name as written in the certificate ("氏\u3000名"). */
  name: string;
  /** The name split at the first ideographic (or ASCII) space; first_name is '' when there is none. */
  last_name: string;
  first_name: string;
  name_substitute: string;
  sex: JpkiSex;
  /** '1' or '2'. */
  sex_code: string;
  /** ISO date YYYY-MM-DD. */
  birth_date: string;
  /** The 9-digit value as stored. */
  birth_date_jpki: string;
  /** Era named by the leading digit; null for '0' (unknown). */
  era: JapaneseEra | null;
  address: string;
  address_substitute: string;
}

// ---------------------------------------------------------------------------------------------- dates

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Validates a calendar date given as YYYY-MM-DD and returns its parts. */
export function parseIsoDate(iso: string): { year: number; month: number; day: number } | null {
  const m = ISO_DATE.exec(iso);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The era of a Gregorian date (YYYY-MM-DD compares correctly as a string). */
export function eraOf(isoDate: string): (typeof JPKI_ERAS)[number] {
  if (!parseIsoDate(isoDate)) throw new InvalidResidentError(`"${isoDate}" is not a YYYY-MM-DD date`);
  const era = JPKI_ERAS.find((e) => isoDate >= e.from);
  if (!era) throw new InvalidResidentError(`${isoDate} is before the Meiji era; no JPKI era digit exists`);
  return era;
}

/** ISO date → the 9-digit JPKI birth date (era digit + YYYYMMDD). */
export function encodeJpkiBirthDate(isoDate: string): string {
  return `${eraOf(isoDate).digit}${isoDate.replaceAll('-', '')}`;
}

/** The 9-digit JPKI birth date → ISO date and era; throws JpkiFactsError on anything else. */
export function decodeJpkiBirthDate(value: string): { birth_date: string; era: JapaneseEra | null } {
  const m = /^([0-5])(\d{4})(\d{2})(\d{2})$/.exec(value);
  const iso = m ? `${m[2]}-${m[3]}-${m[4]}` : '';
  if (!m || !parseIsoDate(iso))
    throw new JpkiFactsError(`birth date "${value}" is not an era digit + YYYYMMDD`);
  const era = JPKI_ERAS.find((e) => e.digit === m[1])?.era ?? null;
  return { birth_date: iso, era };
}

/**
 * Age in whole years on the Japan-time calendar date of `now`. A birthday counts from its own date; someone
 * born on 29 February turns a year older on 1 March in common years (年齢計算ニ関スル法律 gives the same days).
 */
export function ageOn(birthIsoDate: string, now: Date): number {
  const birth = parseIsoDate(birthIsoDate);
  if (!birth) throw new InvalidResidentError(`birth_date "${birthIsoDate}" is not a YYYY-MM-DD date`);
  const today = japanDateParts(now);
  const beforeBirthday = today.month < birth.month || (today.month === birth.month && today.day < birth.day);
  return today.year - birth.year - (beforeBirthday ? 1 : 0);
}

// ---------------------------------------------------------------------------------------------- SAN

export function jpkiFullName(lastName: string, firstName: string): string {
  return `${lastName}\u3000${firstName}`;
}

function otherName(oid: string, value: string): asn1js.Constructed {
  return new asn1js.Constructed({
    idBlock: { tagClass: 3, tagNumber: 0 },
    value: [
      new asn1js.ObjectIdentifier({ value: oid }),
      new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 0 },
        value: [new asn1js.Utf8String({ value })],
      }),
    ],
  });
}

/** DER of the subjectAltName GeneralNames carrying the resident's facts. */
export function encodeJpkiSubjectAltName(resident: JpkiResident): ArrayBuffer {
  const lastName = resident.last_name.trim();
  const firstName = resident.first_name.trim();
  if (!lastName) throw new InvalidResidentError('last_name is empty');
  if (!resident.address.trim()) throw new InvalidResidentError('address is empty');
  if (resident.sex !== 'male' && resident.sex !== 'female') {
    throw new InvalidResidentError(`sex must be 'male' or 'female', got "${String(resident.sex)}"`);
  }
  const names = [
    otherName(JPKI_OID.name, firstName ? jpkiFullName(lastName, firstName) : lastName),
    otherName(JPKI_OID.birthDate, encodeJpkiBirthDate(resident.birth_date)),
    otherName(JPKI_OID.sex, resident.sex === 'male' ? '1' : '2'),
    otherName(JPKI_OID.address, resident.address.trim()),
    otherName(JPKI_OID.nameSubstitute, resident.name_substitute ?? ''),
    otherName(JPKI_OID.addressSubstitute, resident.address_substitute ?? ''),
  ];
  return new asn1js.Sequence({ value: names }).toBER(false);
}

const JPKI_FACT_OIDS = new Set<string>(
  Object.values(JPKI_OID).filter((o) => o.startsWith('1.2.392.200149.8.5.5.')),
);

function stringValue(block: asn1js.AsnType | undefined): string | null {
  if (
    block instanceof asn1js.Utf8String ||
    block instanceof asn1js.PrintableString ||
    block instanceof asn1js.IA5String ||
    block instanceof asn1js.VisibleString ||
    block instanceof asn1js.NumericString ||
    block instanceof asn1js.BmpString
  ) {
    return block.getValue();
  }
  return null;
}

/** otherName entries of the JPKI arc found in a GeneralNames DER, keyed by OID. */
function jpkiOtherNames(generalNames: Uint8Array): Map<string, string> {
  const parsed = asn1js.fromBER(toArrayBuffer(generalNames));
  if (parsed.offset === -1 || !(parsed.result instanceof asn1js.Sequence)) {
    throw new JpkiFactsError('subjectAltName is not a GeneralNames SEQUENCE');
  }
  const out = new Map<string, string>();
  for (const item of parsed.result.valueBlock.value) {
    const { tagClass, tagNumber, isConstructed } = item.idBlock;
    if (tagClass !== 3 || tagNumber !== 0 || !isConstructed || !(item instanceof asn1js.Constructed))
      continue;
    const [typeId, wrapped] = item.valueBlock.value;
    if (!(typeId instanceof asn1js.ObjectIdentifier)) throw new JpkiFactsError('otherName without a type-id');
    const oid = typeId.valueBlock.toString();
    if (!JPKI_FACT_OIDS.has(oid)) continue;
    if (
      !(wrapped instanceof asn1js.Constructed) ||
      wrapped.idBlock.tagClass !== 3 ||
      wrapped.idBlock.tagNumber !== 0
    ) {
      throw new JpkiFactsError(`otherName ${oid} has no [0] value`);
    }
    const value = stringValue(wrapped.valueBlock.value[0]);
    if (value === null) throw new JpkiFactsError(`otherName ${oid} is not a character string`);
    if (out.has(oid)) throw new JpkiFactsError(`otherName ${oid} appears more than once`);
    out.set(oid, value);
  }
  return out;
}

/**
 * Reads the four basic facts back from a JPKI signing certificate (pkijs object, PEM or DER).
 * Returns null when the certificate has no JPKI otherName entries at all; throws JpkiFactsError when entries
 * are present but incomplete or malformed.
 */
export function readJpkiFacts(certificate: pkijs.Certificate | string | Uint8Array): JpkiFacts | null {
  const cert =
    typeof certificate === 'string' || certificate instanceof Uint8Array
      ? parseCertificate(certificate)
      : certificate;
  const san = findExtension(cert.extensions, X509_OID.subjectAltName);
  if (!san) return null;
  const entries = jpkiOtherNames(extensionBytes(san));
  if (entries.size === 0) return null;
  const required = (oid: string, label: string): string => {
    const v = entries.get(oid);
    if (v === undefined) throw new JpkiFactsError(`the ${label} entry (${oid}) is missing`);
    return v;
  };
  const name = required(JPKI_OID.name, 'name');
  const sexCode = required(JPKI_OID.sex, 'sex');
  const birth = required(JPKI_OID.birthDate, 'birth date');
  const address = required(JPKI_OID.address, 'address');
  if (sexCode !== '1' && sexCode !== '2')
    throw new JpkiFactsError(`sex code "${sexCode}" is neither 1 nor 2`);
  const { birth_date, era } = decodeJpkiBirthDate(birth);
  const split = /^(.*?)[\u3000 ](.*)$/u.exec(name);
  return {
    name,
    last_name: split ? (split[1] ?? '') : name,
    first_name: split ? (split[2] ?? '') : '',
    name_substitute: entries.get(JPKI_OID.nameSubstitute) ?? '',
    sex: sexCode === '1' ? 'male' : 'female',
    sex_code: sexCode,
    birth_date,
    birth_date_jpki: birth,
    era,
    address,
    address_substitute: entries.get(JPKI_OID.addressSubstitute) ?? '',
  };
}
