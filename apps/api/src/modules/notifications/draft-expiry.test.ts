import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoticeList } from '@portal/contracts';
import { signedInApplicant } from '../../testing/applicants.js';
import { databaseKinds } from '../../testing/databases.js';
import { draftApplication } from '../../testing/fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createDraftExpiry } from './draft-expiry.js';

const DAY = 86_400_000;

describe.each(databaseKinds)('drafts about to expire on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const lastChanged = (id: string, at: Date) =>
    t.database.executeSql('update applications set updated_at = $1 where id = $2', [at.toISOString(), id]);
  const exists = async (id: string) =>
    (await t.database.executeSql('select 1 from applications where id = $1', [id])).rows.length === 1;
  const noticesOf = async (id: string) =>
    (await t.database.executeSql('select detail from notifications where application_id = $1', [id])).rows;

  it('tells the resident 7 days ahead, deletes only once told long enough ago, and never a changed draft', async () => {
    const resident = await signedInApplicant(t, 'draft-expiry');
    const old = await draftApplication(t, resident.applicantId);
    const changed = await draftApplication(t, resident.applicantId);
    const fresh = await draftApplication(t, resident.applicantId);
    const now = new Date();
    // 85 days untouched (5 left), and one far past the period: both are told, neither deleted yet.
    await lastChanged(old.id, new Date(now.getTime() - 85 * DAY));
    await lastChanged(changed.id, new Date(now.getTime() - 400 * DAY));
    let clock = now;
    const expiry = createDraftExpiry({ db: t.database.db, retentionDays: 90, clock: () => clock });
    expect(await expiry.run()).toEqual({ told: 2, removed: 0 });
    // Once per state of the draft.
    expect(await expiry.run()).toEqual({ told: 0, removed: 0 });
    // Each is deleted no sooner than 7 days after its notice, however old the draft already is.
    for (const id of [old.id, changed.id]) {
      const [told] = await noticesOf(id);
      const expiresAt = new Date(String((told!.detail as { expires_at: string }).expires_at));
      expect(expiresAt.getTime()).toBe(now.getTime() + 7 * DAY);
    }
    expect(await noticesOf(fresh.id)).toEqual([]);

    // The resident sees it without an address.
    const news = NoticeList.parse(
      (await resident.request('GET', '/api/municipalities/999999/notices/')).json(),
    );
    expect(news.notices.filter((n) => n.event === 'draft_expiring')).toHaveLength(2);
    expect(news.notices[0]!.detail.procedure_group_name).toBe('出生・子育て');

    // The resident carries on with one draft: a new period starts, and its old notice deletes nothing.
    await lastChanged(changed.id, new Date(now.getTime() + 1000));
    clock = new Date(now.getTime() + 8 * DAY);
    expect(await expiry.run()).toEqual({ told: 0, removed: 1 });
    expect(await exists(old.id)).toBe(false);
    expect(await exists(changed.id)).toBe(true);
    expect(await exists(fresh.id)).toBe(true);
  });

  it('keeps drafts for ever with a retention of 0 days', async () => {
    const resident = await signedInApplicant(t, 'draft-keep');
    const draft = await draftApplication(t, resident.applicantId);
    await lastChanged(draft.id, new Date(Date.now() - 1000 * DAY));
    const expiry = createDraftExpiry({ db: t.database.db, retentionDays: 0, clock: () => new Date() });
    expect(await expiry.run()).toEqual({ told: 0, removed: 0 });
    expect(await exists(draft.id)).toBe(true);
  });
});
