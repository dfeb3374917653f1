import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  demoBirthNotificationInput,
  demoConfig,
  demoProcedure,
  demoValues,
} from '../rendering/application-pdf.fixtures.js';
import { renderProcedurePdf } from '../rendering/application-pdf.js';
import { reportProcedure } from './staff-rendering.service.js';

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const workDir = mkdtempSync(join(tmpdir(), 'staff-report-pdf-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The pages of a PDF as poppler lays them out (Debian poppler-utils). */
function pages(bytes: Uint8Array): string[] {
  const file = join(workDir, 'report.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((page) => page.trim() !== '');
}

describe('a staff report as a PDF', () => {
  it.skipIf(!hasPdftotext)(
    'is titled by the report and footed by its procedure’s name and a Japanese page count',
    async () => {
      const procedure = demoProcedure('child_allowance');
      const report = demoConfig.reports.find((r) => r.name === '児童手当 口座振込申出書')!;
      const pdf = await renderProcedurePdf({
        ...demoBirthNotificationInput(),
        procedure: reportProcedure(procedure, report),
        values: demoValues(procedure),
        copies: 1,
      });
      const text = pages(pdf.bytes);
      expect(text).toHaveLength(pdf.pages);
      expect(text[0]!.replace(/\s/g, '')).toContain('児童手当口座振込申出書'); // the title, spaced out
      for (const [i, page] of text.entries()) {
        const footer = page.trimEnd().split('\n').at(-1)!;
        expect(footer).toMatch(
          new RegExp(`^\\s*児童手当 認定請求\\s+${i + 1} / ${pdf.pages} ページ\\s+デモ市（999999）$`),
        );
        expect(page).not.toContain(procedure.code);
      }
    },
  );
});
