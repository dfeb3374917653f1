import { PREFILL_CLAIMS } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { selfInformation } from '../../simulators/mynaportal/mynaportal.plugin.js';
import { fetchedSelfInformation, mynaportalClaims } from './mynaportal-claims.js';

const hanako = {
  subject: 'demo-resident-0002',
  lastName: '山田',
  firstName: '花子',
  lastNameKana: 'ヤマダ',
  firstNameKana: 'ハナコ',
  birthDate: '1992-08-20',
  sex: 'female',
  postalCode: '1000001',
  address: 'デモ市中央1-1-1',
  phone: '',
} as Parameters<typeof selfInformation>[0];

describe('personal portal claims', () => {
  it('names what the stand-in portal sends as mynaportal claims, the listed ones only', () => {
    const claims = mynaportalClaims(selfInformation(hanako, []));
    expect(claims).toEqual({
      'mynaportal.last_name': '山田',
      'mynaportal.first_name': '花子',
      'mynaportal.last_name_kana': 'ヤマダ',
      'mynaportal.first_name_kana': 'ハナコ',
      'mynaportal.birth_date': '1992-08-20',
      'mynaportal.sex': 'female',
      'mynaportal.postal_code': '1000001',
      'mynaportal.address': 'デモ市中央1-1-1',
    });
    // Every name is one the master tool lists; a blank phone and the household list are not claims.
    for (const name of Object.keys(claims))
      expect(PREFILL_CLAIMS.mynaportal).toContain(name.slice('mynaportal.'.length));
  });

  it('ignores what is not text and anything that is not an object', () => {
    expect(mynaportalClaims({ last_name: 7, first_name: null, birth_date: ['x'] })).toEqual({});
    expect(mynaportalClaims(null)).toEqual({});
    expect(mynaportalClaims('山田')).toEqual({});
  });

  it('reads the self-information of a fetched session only', () => {
    const result = { self_information: { last_name: '山田' } };
    expect(fetchedSelfInformation({ status: 'fetched', result })).toEqual({ last_name: '山田' });
    expect(fetchedSelfInformation({ status: 'ready', result })).toBeNull();
    expect(fetchedSelfInformation({ status: 'fetched', result: null })).toBeNull();
    expect(fetchedSelfInformation(null)).toBeNull();
  });
});
