// Texts of the counter handoff (書かない窓口, decision 0026) every build needs, in Japanese: the resident's
// QR code, the banner of a counter session, the clerk's identity check and how a document was received.
export const counterJa = {
  counter: {
    banner: {
      label: '窓口で受付中',
      staff: '担当: {{name}}',
      end: '窓口受付を終える',
    },
    handoff: {
      toCounterHeading: '窓口で続ける',
      toCounterIntro:
        '窓口でこの画面を職員に見せてください。職員がQRコードを読み取るか受付コードを入力すると、入力した内容を見ながら、残りを一緒に進めます。',
      toResidentHeading: 'スマートフォンで続ける',
      toResidentIntro:
        '申請者のスマートフォンのカメラでQRコードを読み取ってもらいます。サインインすると、この申請は申請者のものになり、続きを自宅で入力できます。',
      qrAlt: '受付用のQRコード（受付コード {{code}}）',
      codeLabel: '受付コード',
      expires: '{{time}}まで有効です。1回だけ使えます。',
      renew: '新しいコードを表示する',
      issuing: 'コードを用意しています…',
      failed: 'コードを表示できませんでした。',
      back: '申請の一覧に戻る',
      link: '窓口で続ける（QRコードを表示）',
    },
    claim: {
      heading: '窓口から申請を受け取る',
      working: '申請を受け取っています…',
      done: '申請を受け取りました。続きを入力できます。',
      continue: '申請の続きへ進む',
      noToken: '受け取るコードがありません。窓口のQRコードをもう一度読み取ってください。',
      notFound: 'このQRコードの申請が見つかりません。窓口で新しいQRコードを表示してもらってください。',
      used: 'このQRコードはもう使えません（使用済みか、15分の有効期限を過ぎています）。窓口で新しいQRコードを表示してもらってください。',
      failed: '申請を受け取れませんでした。',
    },
    identity: {
      heading: '窓口で本人確認',
      intro:
        '職員が申請者の本人確認書類を見て、確認した書類を選びます。マイナンバーカードによる電子署名の代わりに、確認した職員と日時が記録されます。',
      documentLabel: '確認した本人確認書類',
      documents: {
        my_number_card: 'マイナンバーカード',
        drivers_license: '運転免許証',
        passport: 'パスポート',
        residence_card: '在留カード・特別永住者証明書',
        other_photo_id: 'その他の写真付きの公的な証明書',
      },
      record: '本人確認を記録する',
      required: '確認した書類を選んでください。',
      done: '{{name}}が{{document}}で本人確認しました（{{time}}）。',
      submit: '窓口で申請を送信する',
      submitNote: 'この申請は、窓口での本人確認により、電子署名なしで送信します。',
      failed: '本人確認を記録できませんでした。',
    },
    channel: {
      label: '受付方法',
      online: 'オンライン（申請者による送信）',
      counter: '窓口（本人確認: {{name}}）',
      checked: '{{document}}を確認（{{time}}）',
    },
  },
};
