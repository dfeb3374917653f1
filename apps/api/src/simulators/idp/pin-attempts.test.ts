import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKinds } from '../../testing/databases.js';
import {
  createListeningApp,
  openCardScreen,
  redirectBrowser,
  submitCard,
  type ListeningApp,
} from '../../testing/listening-app.js';

describe.each(databaseKinds)('identity stand-in PIN attempts at once on %s', (kind) => {
  let t: ListeningApp;
  beforeAll(async () => {
    t = await createListeningApp(kind);
  });
  afterAll(() => t?.close());

  const cardScreen = async () => {
    const b = redirectBrowser(t.url);
    await b.init();
    return { b, action: (await openCardScreen(b)).action };
  };
  const query = async (sql: string, params: unknown[]) => (await t.database.executeSql(sql, params)).rows;
  const addressCount = async () =>
    Number(
      (await query('select failures from sign_in_attempts where key = $1', ['address:127.0.0.1:card-pin']))[0]
        ?.failures ?? 0,
    );

  it('never signs in once the card’s three failures are recorded: 29 wrong PINs at once, the right one last', async () => {
    const subject = 'demo-resident-0003';
    const { b, action } = await cardScreen();
    const wrong = Array.from({ length: 29 }, (_, i) =>
      submitCard(b, action, subject, String(1000 + i)).then((r) => r.status),
    );
    // The right PIN is sent while wrong ones may still be in flight, once the lock is in the database.
    await vi.waitFor(
      async () => {
        const [card] = await query('select locked_at from dev_identity_cards where subject = $1', [subject]);
        expect(card?.locked_at).toBeTruthy();
      },
      { timeout: 20_000, interval: 5 },
    );
    const right = await submitCard(b, action, subject, '3456');
    const statuses = await Promise.all(wrong);
    expect(right.status).toBe(423);
    expect(right.headers.get('location')).toBeNull();
    // Exactly three attempts reached the card: two answered "wrong", the third locked it.
    expect(statuses.filter((s) => s === 400)).toHaveLength(2);
    expect(statuses.filter((s) => s === 423)).toHaveLength(27);
    const [card] = await query('select failed_pin_attempts from dev_identity_cards where subject = $1', [
      subject,
    ]);
    expect(card?.failed_pin_attempts).toBe(3);
    // All thirty count against this client address.
    await vi.waitFor(async () => expect(await addressCount()).toBe(30));
  });

  it('gives a successful PIN’s count back to the address (the stand-in answers a hijacked redirect)', async () => {
    const before = await addressCount();
    const { b, action } = await cardScreen();
    const ok = await submitCard(b, action, 'demo-resident-0005', '5678');
    expect(ok.status).toBe(303);
    await vi.waitFor(async () => expect(await addressCount()).toBe(before));
  });

  // Last: it spends this address's attempts.
  it('answers the address limit with a page to read and Retry-After, not the API’s JSON', async () => {
    const { b, action } = await cardScreen();
    let refused: Response | null = null;
    for (let i = 0; i < 150 && !refused; i++) {
      const res = await submitCard(b, action, 'demo-resident-0004', '0000');
      if (res.status === 429) refused = res;
    }
    expect(refused, 'the address limit (100 by default) was reached').not.toBeNull();
    expect(refused!.headers.get('content-type')).toMatch(/^text\/html/);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    const page = await refused!.text();
    expect(page).toContain('しばらくお待ちください');
    expect(page).toContain('role="alert"');
  });
});
