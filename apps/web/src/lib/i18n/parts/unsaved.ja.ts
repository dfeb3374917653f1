// Texts about input not yet saved and a sign-in that ended, in Japanese.
export const unsavedJa = {
  unsaved: {
    dialogTitle: '保存していない入力があります',
    dialogBody: 'このページで入力した内容は、まだ保存されていません。移動すると、入力した内容は失われます。',
    stay: 'このページに戻る',
    leave: '保存せずに移動する',
    restored: '保存していなかった入力を元に戻しました。内容を確かめてから保存してください。',
    notRestoredTitle: '元に戻せなかった入力があります',
    notRestoredChanged:
      '「{{label}}」：あとから別の画面で保存された内容があるため、そちらを残しました。必要なら、もう一度入力してください。',
    notRestoredGone: '「{{label}}」：この申請では、もう入力しない項目です。',
    sessionTitle: 'サインインの有効期限が切れました',
    sessionBody:
      '安全のため、しばらく操作がないとサインインが切れます。もう一度サインインすると、このページに戻ります。入力した内容はそのまま残ります。',
    signInAgain: 'もう一度サインインする',
    idleTitle: 'まもなくサインインが切れます',
    idleBody:
      'しばらく操作がないため、あと {{time}} でサインインが切れます。このまま使う場合は「続ける」を押してください。',
    idleMinutes: '{{m}}分{{s}}秒',
    idleSeconds: '{{s}}秒',
    idleContinue: '続ける',
    idleEndedBody:
      '安全のため、しばらく操作がないとサインインが切れます。もう一度サインインすると、このページに戻ります。',
  },
};
