// Texts about values the portal already knows (issue 12): where they came from, answers that differ
// from the card or the registry, and a form that asks only what is missing, in Japanese.
export const prefillJa = {
  prefill: {
    source: {
      identity: 'マイナンバーカードから入力しました',
      registry: '住民記録から入力しました',
      public_account: '公金受取口座から入力しました',
      mynaportal: 'マイナポータルから入力しました',
      answer: '回答から入力しました',
      unknown: 'マイナンバーカードの情報などから入力しました。内容を確認してください。',
    },
    mismatch: {
      identity: 'マイナンバーカードの情報と異なります（カードの情報：{{value}}）。',
      registry: '住民記録の情報と異なります（住民記録：{{value}}）。',
      public_account: '公金受取口座の情報と異なります（公金受取口座：{{value}}）。',
      mynaportal: 'マイナポータルの情報と異なります（マイナポータル：{{value}}）。',
      other: '登録されている情報と異なります（登録されている情報：{{value}}）。',
    },
    locked: {
      identity:
        'マイナンバーカードの情報です。この手続きでは変更できません。違っているときは窓口にご相談ください。',
      registry: '住民記録の情報です。この手続きでは変更できません。違っているときは窓口にご相談ください。',
      mynaportal:
        'マイナポータルから受け取った情報です。この手続きでは変更できません。違っているときは窓口にご相談ください。',
    },
    flags: {
      title_one:
        'マイナンバーカードや住民記録の情報と異なる項目が {{count}} 件あります（正しければ、このまま進めます）。',
      title_other:
        'マイナンバーカードや住民記録の情報と異なる項目が {{count}} 件あります（正しければ、このまま進めます）。',
    },
    progress: {
      remaining_one: 'あと{{count}}ページ',
      remaining_other: 'あと{{count}}ページ',
      last: 'このページで入力は終わりです',
    },
    form: {
      nothingLeft: '入力が必要な項目には、これまでの質問ですべて答えています。',
      toReview: '確認画面へ進む',
      saveAndReturn: '保存して確認画面に戻る',
      returnWithoutChange: '変更せずに確認画面に戻る',
    },
  },
};
