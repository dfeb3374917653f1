import type { NoticeDetail, NotificationEvent } from '@portal/contracts';
import type { MailMessage } from '../mail/mailer.js';

/**
 * The texts of the mails residents receive (decision 0025): one plain-text mail holding the Japanese
 * version first and the English one after it, each complete with its links, so a resident reads it
 * whatever language they use the portal in.
 */

export interface MailMunicipality {
  name: string;
  nameEn: string | null;
}

/** Where a notice's mail points. */
export interface NoticeLinks {
  /** The application (for a remand: the review listing what to correct). */
  open: string;
  /** The resident's notification settings. */
  settings: string;
  /** Stops the mails without signing in (the signed token). */
  unsubscribe: string;
}

const jaDate = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const enDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const jaTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  hour: '2-digit',
  minute: '2-digit',
});
const enTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Tokyo',
  hour: '2-digit',
  minute: '2-digit',
});

const SEPARATOR =
  '\n\n----------------------------------------\nEnglish\n----------------------------------------\n\n';

const subjects: Record<NotificationEvent, { ja: string; en: string }> = {
  received: { ja: '申請を受け付けました', en: 'Your application was received' },
  remanded: { ja: '申請の修正をお願いします', en: 'Please correct your application' },
  completed: { ja: '申請の手続きが終わりました', en: 'Your application is complete' },
  rejected: { ja: '申請は受理されませんでした', en: 'Your application was rejected' },
  draft_expiring: {
    ja: '作成中の申請がまもなく削除されます',
    en: 'Your unfinished application will soon be deleted',
  },
};

const leads: Record<NotificationEvent, { ja: string; en: string }> = {
  received: {
    ja: '次の申請を受け付けました。担当の部署が内容を確認します。',
    en: 'We received the application below. The department in charge will check it.',
  },
  remanded: {
    ja: '次の申請について、担当の部署から修正のお願いがあります。理由を読んで内容を直し、もう一度送信してください。',
    en: 'The department in charge asks you to correct the application below. Read the reason, correct it, then send it again.',
  },
  completed: {
    ja: '次の申請の手続きが終わりました。',
    en: 'The application below has been dealt with.',
  },
  rejected: {
    ja: '次の申請は却下されました。この申請の手続きは、これで終わりです。理由は下に書いてあります。わからないことは担当の部署にお問い合わせください。',
    en: 'The application below was rejected. This ends the procedure. The reason is below. If anything is unclear, please contact the department in charge.',
  },
  draft_expiring: {
    ja: '作成中の申請が、しばらく使われていません。続けない場合は、次の日に削除されます。',
    en: 'Your unfinished application has not been used for a while. Unless you carry on with it, it will be deleted on the date below.',
  },
};

const openLabel: Record<NotificationEvent, { ja: string; en: string }> = {
  received: { ja: '申請を見る', en: 'See your application' },
  remanded: { ja: '直す内容を開く', en: 'Open what to correct' },
  completed: { ja: '申請を見る', en: 'See your application' },
  rejected: { ja: '申請を見る', en: 'See your application' },
  draft_expiring: { ja: '申請を続ける', en: 'Carry on with your application' },
};

function procedureLines(detail: NoticeDetail, language: 'ja' | 'en'): string {
  return detail.procedures
    .map((p) => {
      const name = language === 'en' ? (p.name_en ?? p.name) : p.name;
      if (!p.reference_number) return language === 'ja' ? `・${name}` : `- ${name}`;
      return language === 'ja'
        ? `・${name}（受付番号：${p.reference_number}）`
        : `- ${name} (reference number ${p.reference_number})`;
    })
    .join('\n');
}

function japanese(
  event: NotificationEvent,
  municipality: MailMunicipality,
  detail: NoticeDetail,
  links: NoticeLinks,
): string {
  const parts = [
    `${municipality.name} オンライン申請からのお知らせです。`,
    leads[event].ja,
    `申請：${detail.procedure_group_name}\n${procedureLines(detail, 'ja')}`,
  ];
  if (event === 'remanded' && detail.remand_message) parts.push(`差し戻しの理由：\n${detail.remand_message}`);
  if (event === 'rejected' && detail.rejection_reason) parts.push(`却下の理由：\n${detail.rejection_reason}`);
  if (event === 'draft_expiring' && detail.expires_at) {
    parts.push(`削除される日：${jaDate.format(new Date(detail.expires_at))}`);
  }
  parts.push(`${openLabel[event].ja}（サインインが必要です）：\n${links.open}`);
  parts.push(
    [
      '--',
      'このメールは送信専用です。返信はできません。',
      `通知の設定を変える：${links.settings}`,
      `通知メールを止める：${links.unsubscribe}`,
    ].join('\n'),
  );
  return parts.join('\n\n');
}

function english(
  event: NotificationEvent,
  municipality: MailMunicipality,
  detail: NoticeDetail,
  links: NoticeLinks,
): string {
  const name = municipality.nameEn ?? municipality.name;
  const parts = [
    `A notice from ${name} online applications.`,
    leads[event].en,
    `Application: ${detail.procedure_group_name_en ?? detail.procedure_group_name}\n${procedureLines(detail, 'en')}`,
  ];
  if (event === 'remanded' && detail.remand_message) {
    parts.push(`Reason (as the department wrote it):\n${detail.remand_message}`);
  }
  if (event === 'rejected' && detail.rejection_reason) {
    parts.push(`Reason for the rejection (as the department wrote it):\n${detail.rejection_reason}`);
  }
  if (event === 'draft_expiring' && detail.expires_at) {
    parts.push(`Deleted on: ${enDate.format(new Date(detail.expires_at))}`);
  }
  parts.push(`${openLabel[event].en} (sign-in needed):\n${links.open}`);
  parts.push(
    [
      '--',
      'This address only sends mail; replies are not read.',
      `Change your notification settings: ${links.settings}`,
      `Stop these mails: ${links.unsubscribe}`,
    ].join('\n'),
  );
  return parts.join('\n\n');
}

/** The mail of one notice: both languages, the unsubscribe link in the text and in List-Unsubscribe. */
export function noticeMail(input: {
  to: string;
  event: NotificationEvent;
  municipality: MailMunicipality;
  detail: NoticeDetail;
  links: NoticeLinks;
}): MailMessage {
  const { event, municipality, detail, links } = input;
  const en = municipality.nameEn ?? municipality.name;
  return {
    to: input.to,
    subject: `【${municipality.name}】${subjects[event].ja} / ${en}: ${subjects[event].en}`,
    text:
      japanese(event, municipality, detail, links) + SEPARATOR + english(event, municipality, detail, links),
    unsubscribeUrl: links.unsubscribe,
  };
}

/** The mail carrying the code that verifies an address (it is not a notice: it has no unsubscribe link). */
export function verificationCodeMail(input: {
  to: string;
  municipality: MailMunicipality;
  code: string;
  expiresAt: Date;
}): MailMessage {
  const { municipality, code, expiresAt } = input;
  const en = municipality.nameEn ?? municipality.name;
  const ja = [
    `${municipality.name} オンライン申請で、このメールアドレスを通知の送り先にする手続きが始まりました。`,
    `確認コード：${code}`,
    `通知の設定の画面で、この6桁の数字を入力してください。コードは ${jaTime.format(expiresAt)} まで（10分間）使えます。`,
    '心当たりがない場合は、このメールを破棄してください。通知は届きません。',
    '--\nこのメールは送信専用です。返信はできません。',
  ].join('\n\n');
  const english = [
    `Someone asked ${en} online applications to send notices to this address.`,
    `Confirmation code: ${code}`,
    `Enter these 6 digits on the notification settings page. The code works until ${enTime.format(expiresAt)} (10 minutes).`,
    'If this was not you, ignore this mail. No notices will be sent.',
    '--\nThis address only sends mail; replies are not read.',
  ].join('\n\n');
  return {
    to: input.to,
    subject: `【${municipality.name}】確認コード ${code} / ${en}: confirmation code`,
    text: ja + SEPARATOR + english,
  };
}
