// docs/glossary.md's first table holds: every Japanese text residents and staff read (the screens' messages,
// the server's files, mails and PDFs, the demo configuration) uses the listed word, never a "not" spelling.
// eslint-disable-next-line no-restricted-imports -- a test reads the repository's files (the glossary, the server's sources)
import { readdirSync, readFileSync, statSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports -- as above
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flatten } from './index';
import { ja } from './ja';
import { applicantFormMessages } from './parts/applicant-form';
import { counterDeskMessages } from './parts/counter-desk';
import { mastertoolMessages } from './parts/mastertool';
import { staffMessages } from './parts/staff';

const root = join(import.meta.dirname, '../../../../..');

interface Rule {
  word: string;
  /** The words the row accepts: an avoided spelling inside one of these is not a use of it (手続 in 手続き). */
  accepted: string[];
  avoid: string;
  /** Only residents' texts: staff keep the other word (ログイン). */
  residentsOnly: boolean;
}

/** The rows of the first table; an avoided word qualified otherwise than "(resident screens)" is a human rule. */
export function glossaryRules(markdown: string): { rules: Rule[]; unchecked: string[] } {
  const table = markdown.split('\n## ')[0]!;
  const rows = table
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| word') && !line.startsWith('|---'))
    .map((line) => line.split('|').map((cell) => cell.trim()));
  const rules: Rule[] = [];
  const unchecked: string[] = [];
  for (const [, word = '', use = '', not = ''] of rows) {
    const qualifier = /\(([^)]*)\)\s*$/.exec(not)?.[1] ?? null;
    const residentsOnly = qualifier === 'resident screens';
    const avoided = not
      .replace(/\([^)]*\)\s*$/, '')
      .split(/[、,]/)
      .map((s) => s.trim())
      .filter(Boolean);
    for (const avoid of avoided) {
      // A pattern (2026/11/20), a sign (*) or a qualified use (buttons only) is checked in review.
      if ((qualifier !== null && !residentsOnly) || avoid.length < 2 || /\d/.test(avoid)) {
        unchecked.push(`${avoid} (${word})`);
        continue;
      }
      const accepted = [...word.split(/\s*\/\s*/), ...use.split(/[、,/]/)]
        .map((s) => s.trim())
        .filter(Boolean);
      rules.push({ word, accepted, avoid, residentsOnly });
    }
  }
  return { rules, unchecked };
}

/** Each use of an avoided word in `text`, unless it lies inside an accepted word. */
export function avoidedUses(text: string, rule: Rule): number {
  let uses = 0;
  for (let at = text.indexOf(rule.avoid); at !== -1; at = text.indexOf(rule.avoid, at + 1)) {
    const inside = rule.accepted.some((word) => {
      for (let start = text.indexOf(word); start !== -1; start = text.indexOf(word, start + 1))
        if (start <= at && at + rule.avoid.length <= start + word.length) return true;
      return false;
    });
    if (!inside) uses++;
  }
  return uses;
}

/** The server's and the demo configuration's source lines outside comments and tests. */
function sourceLines(folder: string): [string, string][] {
  const out: [string, string][] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'testing' && name !== 'node_modules') out.push(...sourceLines(path));
      continue;
    }
    if (!/\.(ts|tsx)$/.test(name) || /\.test\.tsx?$/.test(name)) continue;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (!/^\s*(\/\/|\*|\/\*)/.test(line)) out.push([`${path.slice(root.length + 1)}:${i + 1}`, line]);
      });
  }
  return out;
}

const { rules, unchecked } = glossaryRules(readFileSync(join(root, 'docs/glossary.md'), 'utf8'));
// The form's texts are a part of their own (loaded lazily by the applicant target), resident texts too.
const residents = Object.entries(flatten({ ...ja, ...applicantFormMessages.ja })).filter(
  ([key]) => !key.startsWith('signIn.'),
);
const staff = [
  ...Object.entries(flatten(ja)).filter(([key]) => key.startsWith('signIn.')),
  ...[staffMessages, counterDeskMessages, mastertoolMessages].flatMap((part) =>
    Object.entries(flatten(part.ja)),
  ),
];
const server = [...sourceLines(join(root, 'apps/api/src')), ...sourceLines(join(root, 'packages/demo/src'))];

describe('the glossary (docs/glossary.md)', () => {
  it('is read as rules, and names what only review can check', () => {
    expect(rules.map((r) => r.avoid)).toEqual(
      expect.arrayContaining(['手続', '申込', '添付ファイル', 'ログイン']),
    );
    expect(rules.find((r) => r.avoid === 'ログイン')?.residentsOnly).toBe(true);
    expect(unchecked).toEqual(expect.arrayContaining(['提出する (送信する)', '* (必須)']));
  });

  it('finds an avoided word, but not inside the word it stands for', () => {
    const rule = rules.find((r) => r.avoid === '手続')!;
    expect(avoidedUses('手続きを選ぶ', rule)).toBe(0);
    expect(avoidedUses('手続を選ぶ。手続き', rule)).toBe(1);
  });

  it.each([
    ['residents', residents, false],
    ['staff and operators', staff, true],
    ['the server and the demo configuration', server, true],
  ] as const)('holds in the texts of %s', (_, texts, staffToo) => {
    const found = texts.flatMap(([where, text]) =>
      rules
        .filter((rule) => !(staffToo && rule.residentsOnly) && avoidedUses(text, rule) > 0)
        .map((rule) => `${where}: ${rule.avoid} -> ${rule.word}`),
    );
    expect(found).toEqual([]);
  });
});
