import { describe, expect, it } from 'vitest';
import { registryClaims } from './registry-claims.js';
import type { RegistryEntry } from './registry.repository.js';

const entry = (
  subject: string,
  firstName: string,
  relationshipToHead: string | null,
  more: Partial<RegistryEntry> = {},
): RegistryEntry => ({
  subject,
  municipalityId: 1,
  lastName: '山田',
  firstName,
  lastNameKana: 'ヤマダ',
  firstNameKana: 'タロウ',
  birthDate: '1988-04-15',
  sex: 'male',
  postalCode: '9999901',
  address: 'デモ市中央一丁目2番3号',
  phone: '09012340001',
  pin: '1234',
  householdId: relationshipToHead ? 'h1' : null,
  relationshipToHead,
  registeredDomicile: 'デモ県デモ市中央一丁目2番地',
  registeredDomicileHead: '山田\u3000太郎',
  publicFundsAccount: null,
  ...more,
});

const taro = entry('r1', '太郎', '世帯主', {
  publicFundsAccount: { bank_code: '9901', account_number: '1234567' },
});
const hanako = entry('r2', '花子', '妻', { birthDate: '1991-09-03', sex: 'female' });
const hina = entry('r3', '陽菜', '子', { birthDate: '2016-07-20' });
const household = [taro, hanako, hina];

describe('registryClaims', () => {
  it("gives the head the spouse, the head's name and a newborn's place in the household", () => {
    expect(registryClaims(taro, household)).toMatchObject({
      'registry.last_name': '山田',
      'registry.household_head_name': '山田\u3000太郎',
      'registry.relationship_to_head': '世帯主',
      'registry.newborn_relationship_to_head': '子',
      'registry.newborn_legitimacy': 'legitimate',
      'registry.spouse_exists': 'yes',
      'registry.spouse_first_name': '花子',
      'registry.spouse_birth_date': '1991-09-03',
      'registry.registered_domicile': 'デモ県デモ市中央一丁目2番地',
      'public_account.bank_code': '9901',
      'public_account.account_number': '1234567',
    });
  });

  it('gives a spouse the head as spouse, and a child of the head 孫 for a newborn', () => {
    expect(registryClaims(hanako, household)).toMatchObject({
      'registry.spouse_first_name': '太郎',
      'registry.relationship_to_head': '妻',
      'registry.newborn_relationship_to_head': '子',
    });
    expect(registryClaims(hina, household)).toMatchObject({
      'registry.spouse_exists': 'no',
      'registry.spouse_first_name': null,
      'registry.newborn_relationship_to_head': '孫',
      'registry.newborn_legitimacy': null,
    });
  });

  it('treats a resident without a household as the head of their own, with no spouse and no account', () => {
    const alone = entry('r9', '翔', null);
    const claims = registryClaims(alone, [alone]);
    expect(claims['registry.household_head_name']).toBe('山田\u3000翔');
    expect(claims['registry.spouse_exists']).toBe('no');
    expect(Object.keys(claims).some((k) => k.startsWith('public_account.'))).toBe(false);
  });

  it('names only claims the configuration can refer to', async () => {
    const { PREFILL_CLAIMS } = await import('@portal/contracts');
    const names = [
      ...PREFILL_CLAIMS.registry.map((c) => `registry.${c}`),
      ...PREFILL_CLAIMS.public_account.map((c) => `public_account.${c}`),
    ];
    const full = registryClaims(taro, household);
    for (const key of Object.keys(full)) expect(names).toContain(key);
  });
});
