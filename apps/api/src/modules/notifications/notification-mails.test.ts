import { describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENTS, type NoticeDetail } from '@portal/contracts';
import { noticeMail, verificationCodeMail } from './notification-mails.js';
import { noticeLinks } from './notification-sender.js';
import { readUnsubscribeToken, unsubscribeToken } from './notification-tokens.js';

const municipality = { name: 'デモ市', nameEn: 'Demo City' };
const detail: NoticeDetail = {
  procedure_group_name: '出生・子育て',
  procedure_group_name_en: 'Birth and child care',
  procedures: [{ name: '児童手当 認定請求', name_en: 'Child allowance', reference_number: '2026-000042' }],
  remand_message: '口座番号を確認してください。\n通帳の写しも添付してください。',
  expires_at: '2026-12-01T00:00:00+09:00',
};
const links = noticeLinks({
  webUrl: 'https://portal.example.jp',
  municipalityCode: '999999',
  applicationId: '4f1c2b8e-1d2a-4c3b-9a8e-0123456789ab',
  event: 'remanded',
  token: 'payload.signature',
});

describe('notice mails', () => {
  it('hold the Japanese version first and the English one after it, for every event', () => {
    for (const event of NOTIFICATION_EVENTS) {
      const mail = noticeMail({ to: 'a@example.jp', event, municipality, detail, links });
      expect(mail.subject, event).toMatch(/^【デモ市】.+ \/ Demo City: .+$/);
      const english = mail.text.indexOf('\nEnglish\n');
      expect(english, event).toBeGreaterThan(0);
      expect(mail.text.indexOf('デモ市 オンライン申請からのお知らせです。')).toBe(0);
      expect(mail.text.indexOf('A notice from Demo City online applications.')).toBeGreaterThan(english);
      // Both versions name the procedure and its reference number, and carry the unsubscribe link.
      expect(mail.text).toContain('児童手当 認定請求（受付番号：2026-000042）');
      expect(mail.text).toContain('Child allowance (reference number 2026-000042)');
      expect(mail.text.split(links.unsubscribe)).toHaveLength(3);
      expect(mail.unsubscribeUrl).toBe(links.unsubscribe);
      expect(mail.text).toContain(
        '通知メールを止める：https://portal.example.jp/municipalities/999999/notifications/unsubscribe?token=payload.signature',
      );
      expect(mail.text).toContain('Stop these mails: https://portal.example.jp/');
      expect(mail.text).toContain(
        '通知の設定を変える：https://portal.example.jp/municipalities/999999/notifications',
      );
    }
  });

  it('carries the remand message in both versions and links straight to what is to be corrected', () => {
    const mail = noticeMail({ to: 'a@example.jp', event: 'remanded', municipality, detail, links });
    expect(mail.subject).toBe(
      '【デモ市】申請の修正をお願いします / Demo City: Please correct your application',
    );
    expect(mail.text.split(detail.remand_message!)).toHaveLength(3);
    expect(mail.text).toContain(
      '直す内容を開く（サインインが必要です）：\nhttps://portal.example.jp/municipalities/999999/applications/4f1c2b8e-1d2a-4c3b-9a8e-0123456789ab/formValues',
    );
    expect(mail.text).toContain('Open what to correct (sign-in needed):\nhttps://portal.example.jp/');
    // Other events carry no remand message even if the detail had one.
    const done = noticeMail({ to: 'a@example.jp', event: 'completed', municipality, detail, links });
    expect(done.text).not.toContain('口座番号を確認してください');
  });

  it('opens the applications list for the events that need nothing done', () => {
    const list = noticeLinks({
      webUrl: 'https://p.example.jp',
      municipalityCode: '999999',
      applicationId: 'x',
      event: 'completed',
      token: 't',
    });
    expect(list.open).toBe('https://p.example.jp/municipalities/999999/applications');
  });

  it('dates the draft expiry as the resident reads dates (2026年12月1日 / 1 December 2026)', () => {
    const mail = noticeMail({ to: 'a@example.jp', event: 'draft_expiring', municipality, detail, links });
    expect(mail.text).toContain('削除される日：2026年12月1日');
    expect(mail.text).toContain('Deleted on: 1 December 2026');
  });

  it('uses the Japanese names where no English one is configured', () => {
    const mail = noticeMail({
      to: 'a@example.jp',
      event: 'received',
      municipality: { name: 'サンプル町', nameEn: null },
      detail: { procedure_group_name: '転入', procedures: [{ name: '転入届', reference_number: null }] },
      links,
    });
    expect(mail.subject).toBe(
      '【サンプル町】申請を受け付けました / サンプル町: Your application was received',
    );
    expect(mail.text).toContain('Application: 転入\n- 転入届');
  });
});

describe('the code mail and the unsubscribe token', () => {
  it('gives the code and its time limit in both languages, without an unsubscribe link', () => {
    const mail = verificationCodeMail({
      to: 'a@example.jp',
      municipality,
      code: '012345',
      expiresAt: new Date('2026-11-24T01:10:00Z'),
    });
    expect(mail.subject).toBe('【デモ市】確認コード 012345 / Demo City: confirmation code');
    expect(mail.text).toContain('確認コード：012345');
    expect(mail.text).toContain('10:10 まで（10分間）');
    expect(mail.text).toContain('Confirmation code: 012345');
    expect(mail.unsubscribeUrl).toBeUndefined();
  });

  it('reads back only what this secret signed', () => {
    const claim = {
      municipalityId: 1,
      applicantId: '4f1c2b8e-1d2a-4c3b-9a8e-0123456789ab',
      email: 'a@example.jp',
    };
    const token = unsubscribeToken('s'.repeat(32), claim);
    expect(readUnsubscribeToken('s'.repeat(32), token)).toEqual(claim);
    expect(readUnsubscribeToken('t'.repeat(32), token)).toBeNull();
    const [payload, signature] = token.split('.');
    const altered = Buffer.from(JSON.stringify({ m: 2, a: claim.applicantId, e: claim.email })).toString(
      'base64url',
    );
    expect(readUnsubscribeToken('s'.repeat(32), `${altered}.${signature}`)).toBeNull();
    expect(readUnsubscribeToken('s'.repeat(32), `${payload}.${signature}.x`)).toBeNull();
    expect(readUnsubscribeToken('s'.repeat(32), 'garbage')).toBeNull();
  });
});
