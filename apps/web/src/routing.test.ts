import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MUNICIPALITY_CODE,
  displayPath,
  municipalityCodeFromPath,
  pathWithinBase,
  resolveRoute,
} from './routing';

describe('municipalityCodeFromPath', () => {
  it('reads the 6-digit code of /municipalities/{code} and paths below it', () => {
    expect(municipalityCodeFromPath('/municipalities/131016')).toBe('131016');
    expect(municipalityCodeFromPath('/municipalities/131016/')).toBe('131016');
    expect(municipalityCodeFromPath('/municipalities/131016/applications/42/form')).toBe('131016');
  });

  it('gives null for other paths and malformed codes', () => {
    expect(municipalityCodeFromPath('/')).toBeNull();
    expect(municipalityCodeFromPath('/municipalities')).toBeNull();
    expect(municipalityCodeFromPath('/municipalities/12345')).toBeNull();
    expect(municipalityCodeFromPath('/municipalities/1234567')).toBeNull();
    expect(municipalityCodeFromPath('/municipalities/abcdef')).toBeNull();
    expect(municipalityCodeFromPath('/x/municipalities/131016')).toBeNull();
  });
});

describe('pathWithinBase', () => {
  it('strips the base of a target', () => {
    expect(pathWithinBase('/staff/', '/staff/')).toBe('/');
    expect(pathWithinBase('/staff', '/staff/')).toBe('/');
    expect(pathWithinBase('/staff/documents', '/staff/')).toBe('/documents');
    expect(pathWithinBase('/staffing', '/staff/')).toBeNull();
    expect(pathWithinBase('/anything', '/')).toBe('/anything');
  });
});

describe('resolveRoute', () => {
  it('shows the default municipality at the applicant root', () => {
    expect(resolveRoute('applicant', '/')).toEqual({
      name: 'applicantHome',
      municipalityCode: DEFAULT_MUNICIPALITY_CODE,
    });
    expect(DEFAULT_MUNICIPALITY_CODE).toBe('999999');
  });

  it('shows the municipality of the path', () => {
    expect(resolveRoute('applicant', '/municipalities/131016')).toEqual({
      name: 'applicantHome',
      municipalityCode: '131016',
    });
    expect(resolveRoute('applicant', '/municipalities/131016/')).toEqual({
      name: 'applicantHome',
      municipalityCode: '131016',
    });
  });

  it('gives not found, with the path, for unknown applicant paths', () => {
    for (const path of ['/nope', '/municipalities/12345', '/municipalities/131016/unknown', '/staff/']) {
      expect(resolveRoute('applicant', path)).toEqual({ name: 'notFound', path });
    }
  });

  it('shows the staff and master-tool homes at their base only', () => {
    expect(resolveRoute('municipality', '/staff/')).toEqual({ name: 'areaHome' });
    expect(resolveRoute('municipality', '/staff')).toEqual({ name: 'areaHome' });
    expect(resolveRoute('mastertool', '/mastertool/')).toEqual({ name: 'areaHome' });
    expect(resolveRoute('municipality', '/staff/anything')).toEqual({
      name: 'notFound',
      path: '/staff/anything',
    });
    expect(resolveRoute('mastertool', '/')).toEqual({ name: 'notFound', path: '/' });
  });
});

describe('displayPath', () => {
  it('decodes percent escapes and keeps malformed ones as written', () => {
    expect(displayPath('/%E7%94%B3%E8%AB%8B')).toBe('/申請');
    expect(displayPath('/%E7%94')).toBe('/%E7%94');
  });
});
