import { IconType } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { mastertoolEn } from '../i18n/parts/mastertool.en';
import { mastertoolJa } from '../i18n/parts/mastertool.ja';
import { groupIconOf, groupIcons } from './group-icons';

describe('procedure group icons', () => {
  it('give every icon type a component and a name in Japanese and English, none naming its code', () => {
    expect(IconType.options.length).toBeGreaterThanOrEqual(15);
    for (const type of IconType.options) {
      expect(groupIcons[type], type).toBeDefined();
      const ja = mastertoolJa.mastertool.iconTypes[type];
      const en = mastertoolEn.mastertool.iconTypes[type];
      expect(ja, type).toMatch(/\S/);
      expect(en, type).toMatch(/\S/);
      expect(`${ja} ${en}`, type).not.toContain(type);
    }
    // No name in the lists without a type in the contract.
    expect(Object.keys(mastertoolJa.mastertool.iconTypes).sort()).toEqual([...IconType.options].sort());
    expect(Object.keys(mastertoolEn.mastertool.iconTypes).sort()).toEqual([...IconType.options].sort());
  });

  it('keep the original types and give each type its own icon', () => {
    for (const old of ['BI', 'PR', 'OT']) expect(IconType.safeParse(old).success).toBe(true);
    expect(new Set(Object.values(groupIcons)).size).toBe(IconType.options.length);
    expect(IconType.safeParse('XX').success).toBe(false);
  });

  it('show the general icon for a type this build does not know', () => {
    expect(groupIconOf('XX')).toBe(groupIcons.OT);
    expect(groupIconOf('BI')).toBe(groupIcons.BI);
  });
});
