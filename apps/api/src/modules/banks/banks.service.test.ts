import { describe, expect, it, vi } from 'vitest';
import { createBankService, queryKey, searchKey } from './banks.service.js';

const entry = (code: string, name: string, kana: string, hira: string, roma: string) => ({
  code,
  name,
  kana,
  hira,
  roma,
});

const data = {
  '0001': {
    ...entry('0001', 'みずほ', 'ミズホ', 'みずほ', 'mizuho'),
    branches: {
      '001': entry('001', '東京営業部', 'トウキヨウ', 'とうきよう', 'toukiyou'),
      '004': entry('004', '丸の内中央', 'マルノウチチユウオウ', 'まるのうちちゆうおう', 'marunouchichiyuuou'),
    },
  },
  '0005': {
    ...entry(
      '0005',
      '三菱ＵＦＪ',
      'ミツビシユ－エフジエイ',
      'みつびしゆ－えふじえい',
      'mitsubishiyu-efujiei',
    ),
    branches: {},
  },
  '1001': {
    ...entry('1001', '北海道信金', 'ホツカイドウシンキン', 'ほつかいどうしんきん', 'hotsukaidoushinkin'),
    branches: {},
  },
};

describe('search keys', () => {
  it('compare kanji, katakana, hiragana and romaji alike, small kana as large, width and marks dropped', () => {
    expect(searchKey('トウキョウ')).toBe(searchKey('とうきよう'));
    expect(searchKey('三菱ＵＦＪ')).toBe('三菱ufj');
    expect(searchKey('ユーエフジェイ')).toBe('ゆえふじえい');
    expect(searchKey('ﾐｽﾞﾎ')).toBe('みずほ');
  });

  it('drop the endings residents add, and never empty a query by it', () => {
    expect(queryKey('みずほ銀行')).toBe('みずほ');
    expect(queryKey('丸の内中央支店')).toBe('丸の内中央');
    expect(queryKey('北海道信用金庫')).toBe('北海道しんきん');
    expect(queryKey('銀行')).toBe('銀行');
  });
});

describe('bank service', () => {
  it('finds banks by a part of the name in any script, by code, and ranks code and prefix first', async () => {
    const banks = createBankService(async () => data);
    expect((await banks.banks('みずほ銀行')).matches).toEqual([
      { code: '0001', name: 'みずほ', kana: 'ミズホ' },
    ]);
    expect((await banks.banks('mizuho')).matches.map((b) => b.code)).toEqual(['0001']);
    expect((await banks.banks('ミツビシ')).matches.map((b) => b.code)).toEqual(['0005']);
    expect((await banks.banks('ufj')).matches.map((b) => b.code)).toEqual(['0005']);
    expect((await banks.banks('１００')).matches.map((b) => b.code)).toEqual(['1001']);
    expect((await banks.banks('000')).matches.map((b) => b.code)).toEqual(['0001', '0005']);
    expect(await banks.banks('存在しない銀行')).toEqual({ matches: [], more: false });
  });

  it('finds a bank’s branches; an unknown bank is null', async () => {
    const banks = createBankService(async () => data);
    expect((await banks.branches('0001', '東京'))?.matches).toEqual([
      { code: '001', name: '東京営業部', kana: 'トウキヨウ' },
    ]);
    expect((await banks.branches('0001', 'ちゅうおう'))?.matches.map((b) => b.code)).toEqual(['004']);
    expect((await banks.branches('0001', '00'))?.matches.map((b) => b.code)).toEqual(['001', '004']);
    expect(await banks.branches('9999', '東京')).toBeNull();
  });

  it('loads the data once for concurrent look-ups and answers at most 20 with `more`', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => {
        const code = String(2000 + i);
        return [code, { ...entry(code, `デモ${i}`, 'デモ', 'でも', 'demo'), branches: {} }];
      }),
    );
    const load = vi.fn(async () => many);
    const banks = createBankService(load);
    const [a, b] = await Promise.all([banks.banks('でも'), banks.banks('デモ')]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(a.matches).toHaveLength(20);
    expect(a.more).toBe(true);
    expect(b).toEqual(a);
  });

  it('reads the real package: the Japan Post Bank and a city bank’s head office', async () => {
    const banks = createBankService();
    expect((await banks.banks('ゆうちょ銀行')).matches[0]).toMatchObject({ code: '9900' });
    const branches = await banks.branches('0001', 'とうきょう');
    expect(branches?.matches.length).toBeGreaterThan(0);
  });
});
