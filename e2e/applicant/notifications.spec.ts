// Notifications (issue 17 item 1, decision 0025): a resident gives an address and verifies it with the
// code from the development outbox (keyboard only), submits; a clerk remands it with a message; exactly
// one remand mail arrives, and its link opens exactly the remanded application after signing in; the
// clerk sees on the document that the resident was told; completion sends one mail; the mail's
// unsubscribe link stops them. axe on each new screen.
import type { APIRequestContext, Page } from '@playwright/test';
import { completeIdentityProvider, expect, expectNoAxeViolations, test } from '../support/fixtures';
import { ResidentApi, residentBrowser, resubmitAfterRemand, submitSignedIn } from '../support/resident';
import { signInStaff, STAFF } from '../staff/staff-support';

test.use({ actionTimeout: 15_000, viewport: { width: 1280, height: 900 } });

/** A resident no other spec signs in as, so no other journey's mails reach this address. */
const TAKAHASHI = { subject: 'demo-resident-0004', pin: '4567', name: '髙橋 誠一' };
const TAKAHASHI_FACTS = {
  registry: {
    last_name: '髙橋',
    first_name: '誠一',
    birth_date: '1975-11-30',
    sex: 'male',
    postal_code: '9999902',
    address: 'デモ県デモ市本町三丁目4番5号 デモハイツ201',
  },
  names: {
    applicant_last_name: '髙橋',
    applicant_first_name: '誠一',
    applicant_last_name_kana: 'タカハシ',
    applicant_first_name_kana: 'セイイチ',
  },
};
const REMAND = '口座番号の桁が足りません。通帳を見て直してください。';
const M = '/api/municipalities/999999';

interface Mail {
  subject: string;
  text: string;
}

/** The mails to an address in the development outbox, newest first. */
async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const html = await (await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`)).text();
  const decode = (s: string) =>
    s
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  return [...html.matchAll(/<article[^>]*>[\s\S]*?<h2[^>]*>([\s\S]*?)<\/h2>([\s\S]*?)<\/article>/g)].map(
    (m) => ({
      subject: decode(m[1]!),
      text: decode(m[2]!),
    }),
  );
}

/** Waits until exactly `count` mails whose subject has `about` are there, and some time after for strays. */
async function exactlyMails(request: APIRequestContext, to: string, about: string, count: number) {
  const matching = async () => (await mailsTo(request, to)).filter((m) => m.subject.includes(about));
  await expect.poll(async () => (await matching()).length, { timeout: 30_000 }).toBe(count);
  // The job and the minute's sweep may run again: nothing more arrives.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(await matching()).toHaveLength(count);
  return (await matching())[0]!;
}

async function openDocument(page: Page, applicationId: string) {
  const listed = await new ResidentApi(page).get(
    `${M}/documents/?procedure_code=child_allowance&page_size=all`,
  );
  const doc = (listed.documents as { id: string; application_id: string }[]).find(
    (d) => d.application_id === applicationId,
  )!;
  await page.goto(`/staff/documents/${doc.id}`);
  return doc.id;
}

test('a resident verifies an address, is remanded and completed by mail, once each, and can stop the mails', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const baseURL = testInfo.project.use.baseURL;
  const email = `takahashi-${Date.now()}@example.jp`;
  const residentContext = await residentBrowser(browser, baseURL);
  const resident = await residentContext.newPage();

  // Signed in, the applications list leads to the settings.
  await resident.goto('/municipalities/999999/applications');
  await completeIdentityProvider(resident, TAKAHASHI);
  await resident.waitForURL(/\/municipalities\/999999\/applications$/);
  await resident.getByRole('link', { name: '通知の設定' }).click();
  await expect(resident.getByRole('heading', { level: 1, name: '通知の設定' })).toBeVisible();
  await expect(resident.getByTestId('notification-address')).toHaveText(
    'メールアドレスは登録されていません。',
  );
  await expectNoAxeViolations(resident, 'notification settings');

  // The keyboard alone: a wrong address is refused at the field, then the right one gets a code.
  const address = resident.getByRole('textbox', { name: /^メールアドレス/ });
  await address.focus();
  await resident.keyboard.type('takahashi.example.jp');
  await resident.keyboard.press('Enter');
  await expect(resident.getByText('メールアドレスを正しく入力してください。')).toBeVisible();
  await expect(address).toBeFocused();
  await resident.keyboard.press('ControlOrMeta+a');
  await resident.keyboard.type(email);
  await resident.keyboard.press('Enter');
  const code = resident.getByRole('textbox', { name: '確認コード（6桁の数字）' });
  await expect(code).toBeFocused();
  await expect(
    resident.getByRole('status').filter({ hasText: `${email} に確認コードを送りました。` }),
  ).toBeVisible();
  await expectNoAxeViolations(resident, 'code entry');
  const codeMail = await exactlyMails(resident.request, email, '確認コード', 1);
  const digits = /確認コード：(\d{6})/.exec(codeMail.text)![1]!;
  // A wrong code first: said at the field, the focus stays there.
  await resident.keyboard.type(digits === '000000' ? '111111' : '000000');
  await resident.keyboard.press('Enter');
  await expect(resident.getByText('確認コードが違います。')).toBeVisible();
  await expect(code).toBeFocused();
  await resident.keyboard.press('ControlOrMeta+a');
  await resident.keyboard.type(digits);
  await resident.keyboard.press('Enter');
  await expect(
    resident.getByRole('status').filter({ hasText: 'メールアドレスを登録しました。' }),
  ).toBeFocused();
  await expect(resident.getByTestId('notification-address')).toHaveText(
    `登録しているメールアドレス：${email}`,
  );
  await expectNoAxeViolations(resident, 'address verified');

  // The resident submits a child allowance: one mail says it was received.
  const applicationId = await submitSignedIn(new ResidentApi(resident), 'child_allowance', TAKAHASHI_FACTS);
  await exactlyMails(resident.request, email, '申請を受け付けました', 1);

  // The clerk remands it with a message.
  await signInStaff(page, STAFF.clerkKodomo);
  await openDocument(page, applicationId);
  const status = page.getByRole('region', { name: '状態の変更' });
  await status.getByRole('radio', { name: /差し戻す/ }).check();
  await status.getByRole('textbox', { name: '申請者へのメッセージ' }).fill(REMAND);
  await status.getByRole('button', { name: '状態を変更する' }).click();
  await expect(page.getByRole('region', { name: '概要' })).toContainText('差し戻し中');

  // Exactly one remand mail, with the message; its link opens exactly that application after sign-in.
  const remandMail = await exactlyMails(resident.request, email, '申請の修正をお願いします', 1);
  expect(remandMail.text).toContain(REMAND);
  const link = /直す内容を開く（サインインが必要です）：\s*(\S+)/.exec(remandMail.text)![1]!;
  expect(new URL(link).pathname).toBe(`/municipalities/999999/applications/${applicationId}/formValues`);
  const elsewhere = await residentBrowser(browser, baseURL);
  const fresh = await elsewhere.newPage();
  await fresh.goto(link);
  await completeIdentityProvider(fresh, TAKAHASHI);
  await fresh.waitForURL((url) => url.pathname === new URL(link).pathname);
  await expect(fresh.getByRole('heading', { level: 1, name: '入力内容の確認' })).toBeVisible();
  await expect(fresh.getByText(REMAND).first()).toBeVisible();
  await elsewhere.close();

  // The clerk sees on the document that the resident was told, by mail, and when.
  const notices = page.getByRole('region', { name: '申請者への通知' });
  await expect
    .poll(
      async () => {
        await page.reload();
        // Counted once the reloaded page shows the notices (a count right after the reload reads none).
        await expect(notices.getByRole('listitem')).toHaveCount(2);
        return notices.getByText(/メールで送信済み/).count();
      },
      { timeout: 30_000 },
    )
    .toBe(2);
  await expect(notices.getByRole('listitem').filter({ hasText: '差し戻したこと' })).toContainText(
    'メールで送信済み',
  );
  await expectNoAxeViolations(page, 'document with its notices');

  // The home page shows the same news (unread until seen), its link goes to what to correct.
  await resident.goto('/municipalities/999999');
  const news = resident.getByRole('region', { name: 'お知らせ' });
  await expect(news.locator('[data-notice="received"]')).toContainText('申請を受け付けました。');
  const remanded = news.locator('[data-notice="remanded"]');
  await expect(remanded).toContainText('差し戻されました');
  await expect(remanded).toContainText(REMAND);
  await expectNoAxeViolations(resident, 'home page with news');
  await remanded.getByRole('link', { name: '直す内容を開く' }).click();
  await expect(resident).toHaveURL(new RegExp(`/applications/${applicationId}/formValues$`));
  // Seen once, they are read: the applications list has no news left.
  await resident.goto('/municipalities/999999/applications');
  await expect(resident.getByTestId('application-list')).toBeVisible();
  await expect(resident.getByRole('region', { name: 'お知らせ' })).toHaveCount(0);

  // Corrected and sent again, the workflow done, completion: one completion mail.
  await resubmitAfterRemand(resident, applicationId, REMAND);
  await exactlyMails(resident.request, email, '申請を受け付けました', 2);
  await page.reload();
  const workflow = page.getByRole('region', { name: 'ワークフロー' });
  for (const step of ['1. 受付', '2. 審査', '3. 認定・決定']) {
    const group = workflow.getByRole('group', { name: step });
    await group.getByRole('button', { name: '開始する' }).click();
    await expect(group).toContainText('作業中');
    await group.getByRole('button', { name: '承認する' }).click();
    await expect(group).toContainText('承認済み');
  }
  await status.getByRole('radio', { name: /完了にする/ }).check();
  await status.getByRole('button', { name: '状態を変更する' }).click();
  await expect(page.getByRole('region', { name: '概要' })).toContainText('完了');
  const doneMail = await exactlyMails(resident.request, email, '申請の手続きが終わりました', 1);
  expect(await mailsTo(resident.request, email)).toHaveLength(5);

  // The mail's unsubscribe link works without signing in: the page asks, then stops the mails.
  const stop = /通知メールを止める：(\S+)/.exec(doneMail.text)![1]!;
  const anyone = await residentBrowser(browser, baseURL);
  const stranger = await anyone.newPage();
  await stranger.goto(stop);
  await expect(stranger.getByRole('heading', { level: 1, name: '通知メールの停止' })).toBeVisible();
  await expectNoAxeViolations(stranger, 'unsubscribe');
  await stranger.getByRole('button', { name: '通知メールを止める' }).click();
  await expect(stranger.getByRole('status')).toContainText('通知メールを止めました。');
  await expectNoAxeViolations(stranger, 'unsubscribed');
  await anyone.close();
  await resident.goto('/municipalities/999999/notifications');
  const choices = resident.getByRole('group', { name: 'メールで知らせてほしいこと' });
  await expect(choices.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await residentContext.close();
});
