import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DocumentDetail, DocumentList, FormValues, type StandardItem } from '@portal/contracts';
import { answerKey, answerMismatch } from '@portal/rules';
import { draftFor, json, type Client } from '../../testing/applicant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import {
  cardSignIn,
  createListeningApp,
  redirectBrowser,
  type ListeningApp,
} from '../../testing/listening-app.js';
import { httpBrowser } from '../../testing/server-process.js';
import { sessionCookie } from '../sessions/sessions.service.js';
import { finishedJob, readZip } from '../staff-jobs/staff-jobs.fixtures.js';
import { M, STAFF, currentIfMatch, signInStaff, type StaffClient } from './documents.fixtures.js';

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A PDF's text as poppler reads it, without spaces and line breaks (a note may wrap). */
function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'mismatch-detail-'));
  try {
    writeFileSync(join(dir, 'form.pdf'), bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'form.pdf'), '-'], {
      encoding: 'utf8',
    }).replace(/\s/g, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The clerk sees what the resident saw (issue 32): 山田 太郎 signs in with the card and types his birth
 * date, postal code and address unlike the card; his review flags them (the form values carry the verified
 * values), and the staff detail carries the same three flags, each with the card's value, computed once on
 * the server by the same rule. A clerk's correction to the card's value ends its flag.
 */
describe.each(databaseKinds)('answers that differ from the card, in the staff detail on %s', (kind) => {
  let t: ListeningApp;
  let client: Client;
  let app: string;
  let clerk: StaffClient;
  let documentUrl: string;
  let documentId: string;
  let card: { birth_date: string; postal_code: string; address: string };

  const TYPED = {
    applicant_birth_date: '1988-05-15',
    applicant_postal_code: '9999902',
    applicant_address: 'デモ県デモ市中央一丁目2番4号',
  };

  beforeAll(async () => {
    t = await createListeningApp(kind);
    const { demoData } = await import('@portal/demo');
    const catalog = new Map<string, StandardItem>(demoData.standard_items.map((i) => [i.code, i]));
    const registry = demoData.residents.find((r) => r.subject === 'demo-resident-0001')!;
    card = registry;

    const browser = redirectBrowser(t.url);
    await cardSignIn(browser, { subject: 'demo-resident-0001', pin: registry.pin });
    client = httpBrowser();
    await client.init(t.url);
    client.setCookie(sessionCookie.applicant, browser.cookie(sessionCookie.applicant)!);
    const draft = await draftFor(client, t.url, catalog, ['child_allowance']);
    app = draft.app;
    await json(
      await client.call(t.url, 'POST', `${app}/form/`, {
        standard_item_fragments: [
          ...Object.entries(TYPED).map(([code, value]) => ({ standard_item_code: code, sequence: 1, value })),
          // The walk types sample readings; he writes his own, as on the card.
          { standard_item_code: 'applicant_last_name_kana', sequence: 1, value: registry.last_name_kana },
          { standard_item_code: 'applicant_first_name_kana', sequence: 1, value: registry.first_name_kana },
        ],
        is_last_page_in_concierge_assistant: false,
      }),
    );
    await json(
      await client.call(t.url, 'POST', `${app}/basic-four-information/`, {
        last_name: registry.last_name,
        first_name: registry.first_name,
        birth_date: registry.birth_date,
        sex: registry.sex,
        postal_code: registry.postal_code,
        address: registry.address,
      }),
    );
    await json(await client.call(t.url, 'PUT', `${app}/document/status/`, { status: 'submitted' }));

    clerk = await signInStaff(t, STAFF.clerkKodomo);
    const listRes = await clerk.request(
      'GET',
      `${M}/documents/?procedure_code=child_allowance&page_size=all`,
    );
    expect(listRes.statusCode, listRes.body).toBe(200);
    const received = DocumentList.parse(
      (await clerk.request('GET', `${M}/documents/?procedure_code=child_allowance&page_size=all`)).json(),
    );
    const listed = received.documents.find((d) => d.application_id === draft.id);
    expect(listed).toBeDefined();
    documentId = listed!.id;
    documentUrl = `${M}/documents/${documentId}/`;
  });
  afterAll(() => t.close());

  const flagsOf = (detail: z.infer<typeof DocumentDetail>) =>
    new Map(
      detail.standard_item_fragments
        .filter((a) => a.mismatch !== null)
        .map((a) => [answerKey(a.standard_item_code, a.sequence), a.mismatch]),
    );

  it('flags the answers the resident was warned about, each with the card value', async () => {
    const res = await clerk.request('GET', documentUrl);
    expect(res.statusCode, res.body).toBe(200);
    // Every answer names its flag in the response itself (null when none), not only by the default.
    const raw = (res.json() as { standard_item_fragments: Record<string, unknown>[] })
      .standard_item_fragments;
    expect(raw.every((a) => 'mismatch' in a)).toBe(true);
    const flags = flagsOf(DocumentDetail.parse(res.json()));
    expect(flags).toEqual(
      new Map([
        ['applicant_birth_date#1', { source: 'identity', verified: card.birth_date }],
        ['applicant_postal_code#1', { source: 'identity', verified: card.postal_code }],
        ['applicant_address#1', { source: 'identity', verified: card.address }],
      ]),
    );
    // The values typed are what the detail shows, the flags only add the card's.
    const values = new Map(
      DocumentDetail.parse(res.json()).standard_item_fragments.map((a) => [a.standard_item_code, a.value]),
    );
    for (const [code, value] of Object.entries(TYPED)) expect(values.get(code)).toBe(value);
  });

  it('says what the resident’s review said: the same rule on the same verified values', async () => {
    const saved = FormValues.parse(await json(await client.call(t.url, 'GET', `${app}/form/values/`)));
    const shown = new Map(
      saved.standard_item_fragments.map((v) => [answerKey(v.standard_item_code, v.sequence ?? 1), v.value]),
    );
    const resident = new Map(
      saved.items.flatMap((s) => {
        const key = answerKey(s.code, s.sequence ?? 1);
        const found =
          s.hidden || s.verified === null
            ? null
            : answerMismatch({ value: s.verified, source: s.verified_source }, shown.get(key));
        return found ? [[key, found] as const] : [];
      }),
    );
    const detail = DocumentDetail.parse((await clerk.request('GET', documentUrl)).json());
    const codes = new Set(
      detail.standard_item_fragments.map((a) => answerKey(a.standard_item_code, a.sequence)),
    );
    expect(flagsOf(detail)).toEqual(new Map([...resident].filter(([key]) => codes.has(key))));
    expect(resident.size).toBeGreaterThanOrEqual(3);
  });

  it.skipIf(!hasPdftotext)(
    'marks the same answers on the municipality’s PDF, with the card’s values',
    async () => {
      const detail = DocumentDetail.parse((await clerk.request('GET', documentUrl)).json());
      const app = `${M}/applications/${detail.application_id}`;
      const started = await clerk.request('POST', `${app}/render/municipality/${documentId}/`, {
        is_additional: true,
      });
      expect(started.statusCode, started.body).toBe(202);
      const id = started.json().id as string;
      const job = await finishedJob(clerk, `${app}/rendering/${id}/status/`);
      expect(job.status, job.error ?? '').toBe('succeeded');
      const zip = await clerk.request('GET', `${app}/rendered/zip/${id}/`);
      const text = pdfText(readZip(zip.rawPayload)[0]!.data);
      expect(text).toContain('1988年5月15日※確認元と異なります（マイナンバーカード：1988年4月15日）');
      expect(text).toContain('※確認元と異なります（マイナンバーカード：〒999-9901）');
      expect(text.match(/※確認元と異なります/g)).toHaveLength(3);
    },
  );

  it('ends a flag when a clerk corrects the answer to the card’s value, and keeps the others', async () => {
    const res = await clerk.request(
      'PUT',
      documentUrl,
      {
        standard_item_fragments: [
          { standard_item_code: 'applicant_birth_date', sequence: 1, value: card.birth_date },
        ],
      },
      await currentIfMatch(t, documentId),
    );
    expect(res.statusCode, res.body).toBe(200);
    const flags = flagsOf(DocumentDetail.parse(res.json()));
    expect([...flags.keys()]).toEqual(['applicant_postal_code#1', 'applicant_address#1'].sort());
  });
});
