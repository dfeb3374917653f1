// Texts of the pre-reflection check, procedure targeting, the preview's reasons and the readable diff
// (decision 0047), in Japanese.
export const mastertoolCheckJa = {
  mastertoolCheck: {
    heading: '公開前チェック',
    intro:
      '保存した下書きを、住民に見せる前に確かめます。エラーがあるとステージング環境に反映できません。注意は反映を止めません。',
    introEditor:
      '編集中の下書きを、住民に見せる前に確かめます。エラーがあるとステージング環境に反映できません。注意は反映を止めません。',
    link: '公開前チェック：エラー {{errors}} 件、注意 {{warnings}} 件',
    linkPassed: '公開前チェック：問題なし',
    summary: 'エラー {{errors}} 件、注意 {{warnings}} 件',
    passed: '問題は見つかりませんでした。',
    error: 'エラー',
    warning: '注意',
    errorsHeading: 'エラー（反映できません）',
    warningsHeading: '注意',
    goTo: '編集画面のこの場所を開く',
    more: 'ほか {{count}} 件',
    messages: {
      procedure_unreachable:
        '手続き「{{subject}}」に進む回答がありません。コンシェルジュの質問の「対象の手続き」でこの手続きを選んでください。',
      page_without_question:
        'ページ「{{subject}}」に質問がありません。住民には質問のないページが表示されます。質問を追加するか、ページを削除してください。',
      item_not_asked:
        '必須の項目「{{subject}}」を、どのページでも聞いていません。手続きの「入力する項目」か質問に加えるか、この手続きグループから外してください。',
      attach_without_procedure:
        '添付書類「{{subject}}」が、この手続きグループのどの手続きにも属していません。',
      rule_item_not_asked:
        'このルールは、どのページでも聞いていない項目「{{subject}}」を使っています。項目をページに加えるか、ルールを直してください。',
      step_text_route:
        'この案内文は「{{subject}}」を案内していますが、この手続きグループにはありません。文を直してください。',
      item_asked_twice: '項目「{{subject}}」を2つの質問で聞いています。',
      option_unreachable: '選択肢「{{subject}}」の質問は、どの回答でも表示されません。',
    },
    routes: {
      signature: '署名',
      digital: 'マイナンバーカードによる電子署名',
      handwritten: '手書きの署名',
      jpki: 'マイナンバーカードでの本人確認',
      basic_four_information: '基本4情報での本人確認',
      mynaportal: 'マイナポータル',
    },
    targets: {
      heading: 'この手続きに進む回答',
      intro: '次の質問で、次の回答を選んだ方がこの手続きの対象になります。',
      route: '「{{question}}」で「{{options}}」と回答',
      routeForm: '「{{question}}」に入力',
      where: {
        filter: '絞り込みの質問（{{section}}）',
        assistant: '入力補助の質問（{{section}}）',
      },
      or: '」か「',
      unreachable: 'この質問は、どの回答でも表示されません。',
      none: 'どの回答もこの手続きに進みません。コンシェルジュの質問の「対象の手続き」でこの手続きを選んでください。',
      open: '質問「{{name}}」を開く',
    },
    preview: {
      why: 'この手続きが表示される理由',
      whyNot: 'この手続きが表示されない理由',
      notOfferedHeading: 'この回答では申請できない手続き',
      noRoute: 'この手続きに進む回答がありません。',
      needs: '「{{question}}」で「{{options}}」と回答すると対象になります。',
      needsForm: '「{{question}}」に入力すると対象になります。',
      assistant: '申請内容の質問で聞くため、このプレビューでは選べません。',
      scopedOut: 'オンラインでは申請できない回答を選んでいるためです。',
      rules: 'さらに、申請内容の回答が次の条件を満たすときに申請できます: {{conditions}}',
    },
    diff: {
      firstStaging:
        'まだステージング環境に反映していません。まず下書きをステージング環境に反映し、申請画面で確かめてから本番環境に反映してください。',
      changedTo: '{{before}} → {{after}}',
      none: 'なし',
      yes: 'はい',
      no: 'いいえ',
      order: '並び順',
      entry: '{{n}}番目',
    },
    /** Names of configuration fields the diff shows that the editor names nowhere else. */
    fields: {
      en: '英語',
      procedure_group_id: '手続きグループ',
      procedure_code: '手続き',
      required: '必須',
      min_length: '最小文字数',
      max_length: '最大文字数',
      choices: '選択肢',
      reading_of: 'よみがなの対象',
      verify: '本人確認済みの情報として扱う',
      derived: '回答から引き継ぐ値として扱う',
      locked: '変更できない',
      repeatable_groups: '繰り返し項目のグループ',
      steps: 'ステップ',
      description: '説明',
    },
  },
};
