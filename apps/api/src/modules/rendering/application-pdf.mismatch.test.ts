import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoBirthNotificationInput, demoProcedure, demoValues } from './application-pdf.fixtures.js';
import { renderProcedurePdf } from './application-pdf.js';
import { mismatchNote } from './application-pdf.layout.js';

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const workDir = mkdtempSync(join(tmpdir(), 'mismatch-pdf-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The text of a PDF as poppler reads it, without spaces and line breaks (a note may wrap). */
function textOf(bytes: Uint8Array): string {
  const file = join(workDir, 'form.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s/g, '');
}

/** A child allowance claim whose birth date and address differ from the card (issue 32). */
function claim(flagged: boolean) {
  const procedure = demoProcedure('child_allowance');
  const values = demoValues(procedure).map((v) =>
    v.standard_item_code === 'applicant_birth_date'
      ? { ...v, value: '1988-05-15' }
      : v.standard_item_code === 'applicant_postal_code'
        ? { ...v, value: '9999902' }
        : v,
  );
  return demoBirthNotificationInput({
    procedure,
    values,
    mismatches: flagged
      ? new Map([
          ['applicant_birth_date#1', { source: 'identity' as const, verified: '1988-04-15' }],
          ['applicant_postal_code#1', { source: 'registry' as const, verified: '9999901' }],
        ])
      : null,
  });
}

describe('the staff PDF marks answers that differ from the card or the registry', () => {
  it('words the flag with the source and its value formatted like the answer', () => {
    const item = demoBirthNotificationInput().config.standard_items.find(
      (i) => i.code === 'applicant_birth_date',
    );
    expect(mismatchNote(item, { source: 'identity', verified: '1988-04-15' })).toBe(
      '※確認元と異なります（マイナンバーカード：1988年4月15日）',
    );
  });

  it.skipIf(!hasPdftotext)('prints the note under the typed answer, only where flagged', async () => {
    const text = textOf((await renderProcedurePdf(claim(true))).bytes);
    expect(text).toContain('1988年5月15日※確認元と異なります（マイナンバーカード：1988年4月15日）');
    expect(text).toContain('〒999-9902※確認元と異なります（住民記録：〒999-9901）');
    expect(text.match(/※確認元と異なります/g)).toHaveLength(2);

    // The resident's copy (no flags given) prints the answers alone.
    const plain = textOf((await renderProcedurePdf(claim(false))).bytes);
    expect(plain).toContain('1988年5月15日');
    expect(plain).not.toContain('確認元と異なります');
  });
});
