import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoData } from '@portal/demo';
import { cardSignIn, redirectBrowser } from '../testing/listening-app.js';
import { startServer, type ServerProcess } from '../testing/server-process.js';
import { PERMISSION } from '../modules/staff-accounts/staff-accounts.testing.js';
import { REDACTED } from './log-redaction.js';

const demo = demoData.municipalities.find((m) => m.code === '999999')!;
const admin = demo.staff.find((s) => s.permission === 'administrator')!;
const M = '/api/municipalities/999999';
const NEW_EMAIL = 'log.scan@demo.example.jp';
const PASSWORD = 'log-Scan-Password-2027';

/**
 * The server's own log of a whole journey (issue 34 item 2, decision 0044): an invitation opened and
 * accepted, a password reset, a resident's and a clerk's sign-in. No token, code, state or session value
 * of it may be in the log, while the requests that carried them are.
 */
describe('the server log of a journey with secrets in addresses', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: 'info' });
  }, 120_000);
  afterAll(() => server?.stop());

  /** The link of the newest mail to an address, from the development outbox. */
  async function mailedLink(to: string, path: string, count: number): Promise<URL> {
    for (let i = 0; i < 100; i++) {
      const page = await (await fetch(`${server.url}/dev/outbox?to=${encodeURIComponent(to)}`)).text();
      const links = [...page.matchAll(/href="([^"]+)"/g)]
        .map((m) => m[1]!.replaceAll('&amp;', '&'))
        .filter((href) => href.includes(path));
      if (links.length >= count) return new URL(links[0]!);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no mail with ${path} to ${to}`);
  }

  it('keeps every token, code, state and session value of the journey out of the log', async () => {
    const secrets: Record<string, string> = {};
    const ok = async (res: Response, status = 200) => {
      expect(res.status, await res.clone().text()).toBe(status);
      return res;
    };

    // An administrator invites a new clerk; the clerk opens the mailed link and creates the account.
    const office = redirectBrowser(server.url);
    await office.init();
    await ok(
      await office.request('POST', `${M}/login/`, {
        json: { login_id: admin.email, password: DEMO_PASSWORD },
      }),
    );
    secrets.adminSession = office.cookie('portal_staff_session')!;
    const { departments } = (await (await ok(await office.get(`${M}/staff/departments/`))).json()) as {
      departments: { id: number }[];
    };
    const invited = await office.request('POST', `${M}/accounts/invitation/`, {
      json: { email: NEW_EMAIL, permission_id: PERMISSION.clerk, department_ids: [departments[0]!.id] },
    });
    await ok(invited, 201);
    const invitation = await mailedLink(NEW_EMAIL, '/staff/accounts/new', 1);
    secrets.invitationToken = invitation.searchParams.get('token')!;
    const clerk = redirectBrowser(server.url);
    await clerk.init();
    // The page of the link, the address an older client read the invitation at, then the exchange.
    await clerk.get(`${invitation.pathname}${invitation.search}`);
    await clerk.get(`${M}/accounts/invitation/${secrets.invitationToken}/`);
    const opened = await clerk.request('POST', `${M}/accounts/invitation/session/`, {
      json: { token: secrets.invitationToken },
    });
    const shown = (await (await ok(opened)).json()) as { permission_id: number; department_ids: number[] };
    secrets.invitationForm = clerk.cookie('portal_invitation_session')!;
    await ok(await clerk.get(`${M}/accounts/invitation/`));
    await ok(
      await clerk.request('POST', `${M}/accounts/`, {
        json: {
          last_name: '記録',
          first_name: '確認',
          last_name_kana: 'キロク',
          first_name_kana: 'カクニン',
          email: NEW_EMAIL,
          password: PASSWORD,
          permission_id: shown.permission_id,
          department_ids: shown.department_ids,
        },
      }),
      201,
    );

    // The clerk forgets the password: a reset link by mail, opened, a new password.
    await ok(await clerk.request('POST', `${M}/password-reset/`, { json: { email: NEW_EMAIL } }), 202);
    const reset = await mailedLink(NEW_EMAIL, '/staff/password-reset', 1);
    secrets.resetToken = reset.searchParams.get('token')!;
    await clerk.get(`${reset.pathname}${reset.search}`);
    await ok(
      await clerk.request('POST', `${M}/password-reset/session/`, { json: { token: secrets.resetToken } }),
    );
    secrets.resetForm = clerk.cookie('portal_password_reset_session')!;
    await ok(await clerk.request('PUT', `${M}/password-reset/`, { json: { password: `${PASSWORD}x` } }));
    await ok(
      await clerk.request('POST', `${M}/login/`, { json: { login_id: NEW_EMAIL, password: `${PASSWORD}x` } }),
    );
    secrets.clerkSession = clerk.cookie('portal_staff_session')!;

    // A resident signs in through the identity provider: its code and state come back in the address.
    const resident = redirectBrowser(server.url);
    await resident.init();
    const signIn = await cardSignIn(resident, { subject: 'demo-resident-0001', pin: '1234' });
    secrets.oidcCode = signIn.callback.searchParams.get('code')!;
    secrets.oidcState = signIn.callback.searchParams.get('state')!;
    secrets.residentSession = resident.cookie('portal_applicant_session')!;
    await ok(await resident.get('/api/applicant/login/status/'));
    // The callback opened again (a reload): refused, and logged without its values all the same.
    await resident.get(signIn.callback.href);

    await new Promise((resolve) => setTimeout(resolve, 300)); // the last log lines
    const log = server.output();
    for (const [name, value] of Object.entries(secrets)) {
      expect(value, name).toMatch(/^[\w.~-]{16,}$/);
      expect(log.includes(value), `${name} is in the server log`).toBe(false);
    }
    // The requests that carried them were logged, with the values replaced.
    const urls = log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url)
      .filter((url): url is string => typeof url === 'string');
    for (const logged of [
      `/staff/accounts/new?token=${REDACTED}&municipality=999999`,
      `${M}/accounts/invitation/${REDACTED}/`,
      `/staff/password-reset?token=${REDACTED}&municipality=999999`,
    ]) {
      expect(urls, logged).toContain(logged);
    }
    expect(
      urls.some((url) => url.startsWith(`/api/applicant/login/callback/?code=${REDACTED}&state=${REDACTED}`)),
    ).toBe(true);
  }, 120_000);
});
