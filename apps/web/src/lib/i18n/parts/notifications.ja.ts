// Texts of the resident's notifications (issue 17, decision 0025): the address and its code, the events
// mailed, the news shown after sign-in and the unsubscribe page, in Japanese.
export const notificationsJa = {
  notifications: {
    settingsLink: '通知の設定',
    intro:
      '申請の状況が変わったときに、メールでお知らせします。メールアドレスを登録しない場合も、サインインしたときに「お知らせ」として表示します。',
    loadError: '通知の設定を読み込めませんでした。',
    address: {
      heading: '通知を受け取るメールアドレス',
      current: '登録しているメールアドレス：{{email}}',
      none: 'メールアドレスは登録されていません。',
      label: 'メールアドレス',
      changeLabel: '新しいメールアドレス',
      help: '入力したアドレスに、6桁の確認コードを送ります。',
      invalid: 'メールアドレスを正しく入力してください。例：taro@example.jp',
      send: '確認コードを送る',
      sent: '{{email}} に確認コードを送りました。{{time}} までに、メールに書かれた6桁の数字を入力してください。',
      codeLabel: '確認コード（6桁の数字）',
      codeHelp: 'メールが届かないときは、迷惑メールのフォルダも確認してください。',
      verify: '確認する',
      codeIncomplete: '確認コードを6桁の数字で入力してください。',
      codeWrong: '確認コードが違います。メールに書かれた6桁の数字を入力してください。',
      codeExpired:
        '確認コードの有効期限が切れたか、使えなくなりました。「確認コードを送る」から新しいコードを受け取ってください。',
      codeTooMany:
        '確認コードを何度も間違えたため、このコードは使えなくなりました。「確認コードを送る」から新しいコードを受け取ってください。',
      sendTooMany: '確認コードを送る回数が多すぎます。15分ほど待ってから、もう一度送ってください。',
      verified: 'メールアドレスを登録しました。',
      remove: 'メールアドレスを削除する',
      removed: 'メールアドレスを削除しました。お知らせは、サインインしたときに表示します。',
    },
    events: {
      heading: 'メールで知らせてほしいこと',
      help: '選んだことが起きたときに、メールを送ります。選ばなかったことも、サインインしたときに「お知らせ」に表示します。',
      noAddress: 'メールアドレスを登録すると、選んだことがメールで届きます。',
      received: '申請を受け付けたとき',
      remanded: '申請が差し戻されたとき（修正をお願いするとき）',
      completed: '申請の手続きが終わったとき',
      rejected: '申請が受理されなかったとき',
      draft_expiring: '作成中の申請が、まもなく削除されるとき',
      save: '選んだ内容を保存する',
      saved: '通知の設定を保存しました。',
    },
    news: {
      heading: 'お知らせ',
      received: '{{procedures}}の申請を受け付けました。',
      remanded: '{{procedures}}の申請が差し戻されました。理由を読んで内容を直し、もう一度送信してください。',
      completed: '{{procedures}}の手続きが終わりました。',
      rejected: '{{procedures}}の申請は受理されませんでした。くわしくは担当の部署にお問い合わせください。',
      draft_expiring:
        '作成中の申請（{{group}}）は、{{date}}に削除されます。続けるときは、申請を開いてください。',
      reference: '{{name}}（受付番号：{{reference}}）',
      remandReason: '差し戻しの理由',
      rejectionReason: '却下の理由',
      openRemanded: '直す内容を開く',
      openApplications: '申請の一覧を開く',
    },
    unsubscribe: {
      intro: 'メールで届く通知を止めます。止めたあとも、お知らせはサインインしたときに表示します。',
      submit: '通知メールを止める',
      done: '通知メールを止めました。もう一度受け取るときは、「通知の設定」で知らせてほしいことを選んでください。',
      invalid:
        'このリンクは使えません。メールに書かれたリンクをそのまま開くか、サインインして「通知の設定」から止めてください。',
      settings: '通知の設定を開く',
    },
  },
};
