import type { StandardItem } from '@portal/contracts';

const fullMatch = (pattern: string, value: string) => new RegExp(`^(?:${pattern})$`, 'u').test(value);

/** A value that passes an item's definition, as a careful resident would type it (for flow tests). */
export function validValue(item: StandardItem, overrides: Record<string, string> = {}): string | string[] {
  const override = overrides[item.code];
  if (override !== undefined) return override;
  if (item.type === 'checkbox') return [item.choices[0]!.value];
  if (item.choices.length > 0) return item.choices[0]!.value;
  const byType: Partial<Record<StandardItem['type'], string>> = {
    kana: 'ヤマダ',
    date: item.code.startsWith('child') ? '2026-11-01' : '1988-04-15',
    time: '10:30',
    postal_code: '9999901',
    phone: '0312345678',
    email: 'resident@demo.example.jp',
  };
  const typed = byType[item.type];
  if (typed) return typed;
  if (item.pattern) {
    const candidates = ['3000', '50', '39', ...Array.from({ length: 12 }, (_, i) => '1'.repeat(i + 1))];
    const found = candidates.find(
      (c) =>
        fullMatch(item.pattern!, c) &&
        c.length >= (item.min_length ?? 0) &&
        c.length <= (item.max_length ?? Infinity),
    );
    if (!found) throw new Error(`no sample value for ${item.code} (${item.pattern})`);
    return found;
  }
  if (item.type === 'number') return '1';
  return 'テスト'.slice(0, item.max_length ?? 3);
}
