import type { RegistryEntry } from './registry.repository.js';

/** Relationships to the head of household (続き柄) the registry records for a spouse. */
const SPOUSE = new Set(['妻', '夫']);
const HEAD = '世帯主';

const fullName = (e: RegistryEntry) => `${e.lastName}\u3000${e.firstName}`;

/**
 * What the registry says about a resident, as prefill claims named `registry.x` and `public_account.x`
 * (decision 0012; the names are PREFILL_CLAIMS). Household facts are derived from the members: the head,
 * the spouse (the head's spouse, or the head for a spouse), and what a newborn of the resident would be
 * (子 of a head or spouse, 孫 of a child of the head; born to a married couple when a spouse is recorded).
 */
export function registryClaims(
  self: RegistryEntry,
  members: readonly RegistryEntry[],
): Record<string, string | null> {
  const household = members.filter((m) => m.householdId !== null && m.householdId === self.householdId);
  const head = household.find((m) => m.relationshipToHead === HEAD) ?? (self.householdId ? null : self);
  const isHead = head?.subject === self.subject;
  const spouse = isHead
    ? household.find((m) => SPOUSE.has(m.relationshipToHead ?? ''))
    : SPOUSE.has(self.relationshipToHead ?? '')
      ? head
      : undefined;
  const newborn =
    isHead || SPOUSE.has(self.relationshipToHead ?? '')
      ? '子'
      : self.relationshipToHead === '子'
        ? '孫'
        : null;
  const claims: Record<string, string | null> = {
    'registry.last_name': self.lastName,
    'registry.first_name': self.firstName,
    'registry.last_name_kana': self.lastNameKana,
    'registry.first_name_kana': self.firstNameKana,
    'registry.birth_date': self.birthDate,
    'registry.sex': self.sex,
    'registry.postal_code': self.postalCode,
    'registry.address': self.address,
    'registry.phone': self.phone,
    'registry.household_head_name': head ? fullName(head) : null,
    'registry.relationship_to_head': isHead ? HEAD : self.relationshipToHead,
    'registry.newborn_relationship_to_head': newborn,
    'registry.newborn_legitimacy': spouse ? 'legitimate' : null,
    'registry.spouse_exists': spouse ? 'yes' : 'no',
    'registry.spouse_last_name': spouse?.lastName ?? null,
    'registry.spouse_first_name': spouse?.firstName ?? null,
    'registry.spouse_birth_date': spouse?.birthDate ?? null,
    'registry.registered_domicile': self.registeredDomicile,
    'registry.registered_domicile_head': self.registeredDomicileHead,
  };
  for (const [key, value] of Object.entries(self.publicFundsAccount ?? {})) {
    claims[`public_account.${key}`] = typeof value === 'string' ? value : null;
  }
  return claims;
}
