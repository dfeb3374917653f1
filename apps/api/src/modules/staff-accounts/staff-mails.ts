import type { MailMessage } from '../mail/mailer.js';

/** The texts of the mails staff receive (Japanese; plain text, one link each). */

const jst = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

const footer = (municipalityName: string) =>
  `\n\n--\n${municipalityName} オンライン申請 職員用画面\nこのメールは送信専用です。返信はできません。`;

export function passwordResetMail(input: {
  to: string;
  municipalityName: string;
  link: string;
  expiresAt: Date;
}): MailMessage {
  return {
    to: input.to,
    subject: `【${input.municipalityName}】パスワード再設定のご案内`,
    text:
      `${input.municipalityName} オンライン申請の職員用画面で、パスワード再設定の依頼を受け付けました。\n\n` +
      `次のリンクを開き、新しいパスワードを設定してください。\n${input.link}\n\n` +
      `リンクの有効期限は ${jst.format(input.expiresAt)} まで（30分間）で、一度だけ使えます。\n` +
      `パスワードを再設定すると、ほかの端末でのサインインはすべて終了します。\n\n` +
      `心当たりがない場合は、このメールを破棄してください。パスワードは変更されません。` +
      footer(input.municipalityName),
  };
}

export function invitationMail(input: {
  to: string;
  municipalityName: string;
  inviterName: string;
  permissionName: string;
  departmentNames: string[];
  link: string;
  expiresAt: Date;
}): MailMessage {
  return {
    to: input.to,
    subject: `【${input.municipalityName}】職員アカウント作成のご案内`,
    text:
      `${input.inviterName} さんから、${input.municipalityName} オンライン申請の職員用画面に招待されました。\n\n` +
      `権限: ${input.permissionName}\n所属: ${input.departmentNames.join('、')}\n\n` +
      `次のリンクを開き、氏名とパスワードを登録してアカウントを作成してください。\n${input.link}\n\n` +
      `リンクの有効期限は ${jst.format(input.expiresAt)} まで（7日間）で、一度だけ使えます。\n` +
      `心当たりがない場合は、このメールを破棄してください。` +
      footer(input.municipalityName),
  };
}
