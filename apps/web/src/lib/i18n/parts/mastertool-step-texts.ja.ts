// Texts of the master tool's 申請者への案内文 tab (decision 0028), in Japanese.
export const mastertoolStepTextsJa = {
  mastertoolStepTexts: {
    tab: '申請者への案内文',
    intro:
      'この手続きグループの申請者に表示する文を、手続きに合わせて書き換えられます。空欄の欄は、薄い字で示した標準の文が表示されます。',
    plain: '文字だけを書きます（HTMLは使えません）。改行はそのまま表示されます。',
    stepsHeading: '申請の流れ',
    stepsIntro: '申請の流れの説明',
    stepsIntroHelp: '「申請の流れ」ページの最初に表示します。',
    step: '「{{title}}」の説明',
    completionHeading: '申請の完了',
    completionNext: '「このあとの流れ」の説明',
    completionNextHelp:
      '申請を送信した後のページに表示します。窓口への問い合わせの案内は、この下にいつも表示されます。',
    municipality: '市区町村',
    standard: '標準の文を表示しています。',
    own: 'この手続きグループ用の文を表示しています。',
    count: '{{n}} / {{max}} 文字',
    reset: '標準の文に戻す',
    resetLabel: '{{label}}を標準の文に戻す',
    notPlain: 'HTMLのタグ（<b> など）や制御文字は使えません。文字だけで書いてください。',
    previewHeading: '申請の流れと完了ページの案内文',
    englishAlone: '英語の文だけでは表示されません。日本語の文も入力してください。',
    // Names the reflection diff gives the group's texts (merged into mastertool.sections and .fields).
    names: {
      sections: { resident_texts: '申請者への案内文' },
      fields: {
        resident_texts: '申請者への案内文',
        steps_intro: '申請の流れの説明',
        completion_next: '「このあとの流れ」の説明',
      },
    },
  },
};
