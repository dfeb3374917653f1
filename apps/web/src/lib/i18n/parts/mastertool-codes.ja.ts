// Texts of codes proposed from a name, item checks picked from named formats and the typed tabs' expert
// JSON (decision 0055), in Japanese.
export const mastertoolCodesJa = {
  mastertoolCodes: {
    proposed: '名前から作ったコードです。名前を変えると、このコードも変わります。直接変えることもできます。',
    takenFree: 'このコードはすでに使われています。空いているコード「{{free}}」を使えます。',
    takenItem:
      'この手続きグループの項目「{{name}}」と同じコードです。空いているコード「{{free}}」を使えます。',
    libraryItem:
      'ライブラリの項目「{{name}}」と同じコードです。保存すると、この定義がその項目として共有されます。別の項目なら「{{free}}」を使えます。',
    invalid: '英小文字で始め、英小文字・数字・_ だけを使って2〜64文字にしてください。',
    useFree: '「{{code}}」を使う',
    format: {
      label: '入力の形式',
      help: '住民が入力した値を、この形式で確かめます。',
      names: {
        none: '指定なし',
        postal_code: '郵便番号（数字7桁）',
        phone: '電話番号（0で始まる数字10〜11桁）',
        katakana: 'カタカナ',
        hiragana: 'ひらがな',
        alphanumeric: '半角英数',
        length: '文字数だけ',
        custom: '正規表現（上級者向け）',
      },
      stored: '保存される正規表現: {{pattern}}',
      pattern: '正規表現',
      patternHelp: '値全体が一致する必要があります（^ と $ は不要です）。例: [0-9]{3,4}',
      patternInvalid: 'この正規表現は使えません。括弧や記号の組み合わせを確認してください。',
    },
    expert: {
      heading: 'JSONで編集する（上級者向け）',
      intro: 'フォームと同じ内容を JSON で編集できます。入力するたびに、保存のときと同じ決まりで確かめます。',
    },
  },
};
