// Japanese texts (the default language). `{{name}}` marks a value filled in when shown. The applicant
// flow's texts are parts spread in here; the form's texts (parts/applicant-form.ts), the staff and
// master-tool texts are parts their targets add.
import { applicantFlowJa } from './parts/applicant-flow.ja';
import { counterJa } from './parts/counter.ja';
import { prefillJa } from './parts/prefill.ja';
import { notificationsJa } from './parts/notifications.ja';
import { unsavedJa } from './parts/unsaved.ja';
import type { mastertoolJa } from './parts/mastertool.ja';
import type { mastertoolStepTextsJa } from './parts/mastertool-step-texts.ja';
import type { mastertoolCheckJa } from './parts/mastertool-check.ja';
import type { mastertoolCodesJa } from './parts/mastertool-codes.ja';
import type { applicantFormJa } from './parts/applicant-form.ja';
import type { staffJa } from './parts/staff.ja';
import type { counterDeskJa } from './parts/counter-desk.ja';
import type { systemKeysJa } from './parts/system-keys.ja';

export const ja = {
  app: {
    name: 'オンライン申請ポータル',
    audience: { applicant: '申請者', municipality: '自治体職員', mastertool: 'マスターツール' },
    pageTitle: '{{page}} | {{app}}',
    skipLink: '本文へスキップ',
    stagingBanner: 'ステージング環境（検証用）です。ここでの操作は本番に影響しません。',
  },
  language: { label: '表示言語', ja: '日本語', en: 'English' },
  common: {
    /** The pause between a name and its code, read out (「出生届、birth_notification」). */
    codePause: '、',
    loading: '読み込んでいます…',
    retry: 'もう一度読み込む',
    reload: 'ページを再読み込みする',
    backHome: 'トップページへ戻る',
    back: '戻る',
    signIn: 'サインイン',
    signOut: 'サインアウト',
    required: '必須',
    errorDetail: '詳細: {{detail}}',
    close: '閉じる',
  },
  // The one error vocabulary (lib/api/error-text.ts): what happened and what to do next, for each error
  // code of the API and the client's own failures. The server's message is never shown.
  errors: {
    codes: {
      bad_request: '送られた内容を受け付けられませんでした。入力内容を確かめて、もう一度お試しください。',
      validation_failed: '入力内容に誤りがあります。印のついた項目を確かめて、直してください。',
      region_mismatch: '表示している自治体の情報が古くなっています。ページを再読み込みしてください。',
      csrf_failed:
        '画面を開いてから時間がたったため、操作を受け付けられませんでした。もう一度お試しください。',
      unauthenticated: 'サインインの有効期限が切れました。もう一度サインインしてください。',
      forbidden: 'この操作はできません。サインインし直すか、トップページからやり直してください。',
      not_found: 'お探しの情報が見つかりませんでした。トップページからやり直してください。',
      conflict:
        'ほかの操作と重なったため、処理できませんでした。ページを再読み込みして、もう一度お試しください。',
      illegal_transition:
        '申請の状態が変わったため、この操作はできません。ページを再読み込みして、今の状態を確かめてください。',
      precondition_required:
        '画面が古い可能性があるため、保存しませんでした。ページを再読み込みして、もう一度お試しください。',
      payload_too_large: 'ファイルが大きすぎます。小さいファイルを選んで、もう一度お試しください。',
      unsupported_media_type: 'この形式のファイルは受け付けられません。別の形式のファイルを選んでください。',
      malware_found:
        'このファイルからウイルスが見つかったため、受け付けませんでした。ファイルを確認するか、別のファイルを選んでください。',
      rate_limited:
        '短い時間に操作が続いたため、受け付けを止めています。しばらく待ってから、もう一度お試しください。',
      not_implemented: 'この機能は、いまは使えません。お手数ですが、窓口にお問い合わせください。',
      unavailable: 'ただいまサービスを利用できません。しばらく待ってから、もう一度お試しください。',
      internal_error: 'システムでエラーが起きました。時間をおいてから、もう一度お試しください。',
      network: 'サーバーと通信できませんでした。通信環境を確かめて、もう一度お試しください。',
      parse: 'サーバーからの応答を読み取れませんでした。ページを再読み込みしてください。',
      unknown: 'エラーが起きました。時間をおいてから、もう一度お試しください。',
    },
    field: 'この項目の入力内容を確認してください。',
    signInAgain: 'もう一度サインインする',
  },
  footer: {
    note: 'このポータルは開発中です。',
    terms: '利用規約',
    privacy: 'プライバシーポリシー',
  },
  navigation: {
    blockedExternal: '外部のサイトへは移動できません（{{host}}）。',
    blockedScript: '安全でないリンクのため、移動を中止しました。',
  },
  notFound: {
    heading: 'ページが見つかりません',
    description: 'お探しのページは見つかりませんでした。アドレスに誤りがないかご確認ください。',
    path: '開いたアドレス：{{path}}',
  },
  errorPage: {
    heading: 'エラーが発生しました',
    description: '申し訳ありません。処理を続けられませんでした。時間をおいてから、もう一度お試しください。',
  },
  fatal: {
    heading: 'ページを表示できませんでした',
    description: '予期しないエラーが発生しました。ページを再読み込みしてください。',
    chunk: 'ページの一部を読み込めませんでした。通信環境を確認してから、ページを再読み込みしてください。',
  },
  signInFailed: {
    heading: 'サインインできませんでした',
    description: 'マイナンバーカードによる本人確認が完了しませんでした。もう一度お試しください。',
    retry: 'もう一度サインインする',
    reasons: {
      cancelled: 'マイナンバーカードによる本人確認を中止したため、サインインしていません。',
      expired: 'サインインの受付時間が過ぎたか、このブラウザーではサインインが始まっていませんでした。',
      provider_error: '本人確認のサービスで問題が起きたため、サインインできませんでした。',
      card_locked:
        '暗証番号を続けて間違えたため、マイナンバーカードの利用者証明用電子証明書がロックされています。ロックを解除するまで、このカードではサインインできません。',
    },
    // A locked card (decision 0043): what happened, and the one way to unlock it.
    locked: {
      heading: 'マイナンバーカードがロックされています',
      howHeading: 'ロックを解除するには',
      how1: 'お住まいの市区町村の窓口で、利用者証明用電子証明書の暗証番号の初期化（再設定）をしてください。',
      how2: 'マイナンバーカードを持って行ってください。窓口で新しい暗証番号（数字4桁）を決めて設定します。',
      how3: '窓口の受付時間や、代理の方が手続きできるかは、市区町村のホームページでご確認ください。',
      after: '暗証番号を再設定した後で、もう一度サインインしてください。',
    },
    next: '「もう一度サインインする」を押すと、サインインをやり直して、元のページに戻ります。',
    nextWithoutMunicipality:
      'トップページから申請する自治体のページを開いて、もう一度サインインしてください。',
    backToMunicipality: '{{municipality}}のトップページへ戻る',
    backToMunicipalityUnnamed: '自治体のトップページへ戻る',
  },
  municipalityNotFound: {
    heading: '自治体が見つかりません',
    description: '自治体コード「{{code}}」の自治体は、このポータルにありません。',
    next: 'アドレスに誤りがないかご確認ください。トップページから手続きを探すこともできます。',
  },
  screens: {
    maintenance: 'メンテナンス中',
    miidTemporary: '署名アプリからの戻り',
    miidSaveState: '申請の状態を保存しています',
    miidSignatureRedirect: '署名アプリへ移動します',
    mynaportalError: 'マイナポータル連携エラー',
    mynaportalGetting: 'マイナポータルから情報を取得しています',
    home: 'オンライン申請',
    applications: 'あなたの申請',
    notifications: '通知の設定',
    unsubscribe: '通知メールの停止',
    conciergeFilter: '申請できる手続きの確認',
    entrance: '申請を始める',
    privacy: 'プライバシーポリシー',
    terms: '利用規約',
    attached: '添付書類の登録',
    attachedConfirm: '添付書類の確認',
    complete: '申請の完了',
    conciergeAssistant: '申請内容についての質問',
    form: '申請内容の入力',
    formValues: '入力内容の確認',
    handoff: '窓口で続ける',
    handoffClaim: '窓口から申請を受け取る',
    identification: '本人確認',
    imageSignature: '手書きの署名',
    miidFailed: '電子署名ができませんでした',
    miidLaunchGuide: '署名アプリの起動',
    mncAssistance: 'マイナンバーカードの読み取り',
    procedures: '申請する手続きの選択',
    signatureDigitalCertificateConfirm: '電子署名',
    signin: 'サインイン',
    signinFailed: 'サインインできませんでした',
    stepsExplanation: '申請の流れ',
    staffLogin: '職員サインイン',
    operatorLogin: 'マスターツール サインイン',
    dashboard: 'ダッシュボード',
    documents: '申請一覧',
    documentDetail: '申請の詳細',
    counter: '窓口受付',
    exports: 'データの出力',
    accounts: '職員アカウント',
    invitations: '職員の招待',
    auditLog: '操作履歴',
    procedureFunnel: '手続きごとの途中離脱',
    systemKeys: '外部システム連携',
    passwordReset: 'パスワードの再設定',
    invitationAccept: 'アカウントの登録',
    municipalities: '自治体一覧',
    reflectionManagers: '反映の管理',
    procedureGroupEditor: '手続きグループの編集',
    materialTemplates: '素材テンプレート',
    referenceData: '参照データ',
    preview: '申請画面のプレビュー',
    reflect: '差分の確認と反映',
    funnel: '申請の途中離脱',
  },
  home: {
    heading: '{{municipality}}のオンライン申請',
    intro: '手続きを選んで、オンラインで申請できます。',
    groupsHeading: '申請できる手続き',
    period: '受付期間: {{start}}〜{{end}}',
    apply: '{{group}}を申請する',
    noGroups: '現在、オンラインで申請できる手続きはありません。',
    maintenanceHeading: 'メンテナンスのお知らせ',
    applicationsHeading: 'あなたの申請',
    applicationsCount_one: '申請が {{count}} 件あります。',
    applicationsCount_other: '申請が {{count}} 件あります。',
    applicationsLink: '申請の状況を見る',
    statusHeading: '申請の状況',
    statusBody: '申請したあとの状況や、途中まで入力した申請は、サインインすると確認できます。',
    loadError: '自治体の情報を読み込めませんでした。',
    linksHeading: 'このサイトについて',
  },
  entrance: {
    heading: '{{group}}の申請を始める',
    intro: '申請を始める前に、利用規約をお読みください。',
    termsHeading: '利用規約',
    updated: '最終更新日: {{date}}',
    agree: '利用規約に同意します',
    agreeRequired: '申請を始めるには、利用規約への同意が必要です。',
    start: '申請を始める',
    chooseGroup: '申請する手続きを選んでください',
    unknownGroup: 'この手続きは現在受け付けていません。',
    termsError: '利用規約を読み込めませんでした。',
  },
  filter: {
    intro: '質問に答えると、あなたが申請できる手続きが分かります。',
    progress: '回答済み: {{answered}} 問（回答によって、次の質問が表示されます）',
    progressDone: 'すべての質問に回答しました（{{answered}} 問）',
    confirm: '回答を確認する',
    unanswered: 'まだ回答していない質問があります。すべての質問に答えてください。',
    scopedOutHeading: 'オンラインでは申請できません',
    scopedOutHelp: '次のご案内をご確認ください。',
    resultHeading: 'あなたが申請できる手続き',
    resultNone: 'この回答では、オンラインで申請できる手続きはありません。',
    resultNext:
      '申請にはマイナンバーカードによる本人確認が必要です。サインインしてから、申請の続きに進みます。',
    startApplication: 'サインインして申請に進む',
    checking: '回答を確認しています…',
    loadError: '質問を読み込めませんでした。',
    missingGroup: '手続きが選ばれていません。トップページから手続きを選んでください。',
    remarks: '補足',
    answerThis: 'この質問に答えてください。',
    confirmError: '回答を確認できませんでした。',
    resultNextSignedIn: '「申請を始める」を押すと、この回答で申請を作成します。',
    startSignedIn: '申請を始める',
    createError: '申請を作成できませんでした。',
  },
  applications: {
    intro: 'これまでに始めた申請と、その状況です。',
    empty: 'まだ申請はありません。',
    status: {
      draft: '入力中',
      submitted: '申請済み',
      remanded: '差し戻し',
      completed: '完了',
      withdrawn: '取り下げ',
    },
    step: {
      filter: '事前確認',
      procedures: '手続きの選択',
      identification: '本人確認',
      form: '申請内容の入力',
      attachments: '添付書類',
      signature: '署名',
      complete: '完了',
    },
    statusLabel: '状況',
    stepLabel: '現在の段階',
    created: '開始日時',
    updated: '更新日時',
    submitted: '申請日時',
    remandHeading: '差し戻しの理由',
    resume: '続きから再開する',
    view: '申請内容を見る',
    newApplication: '新しく申請する',
    signedInAs: 'マイナンバーカードでサインインしています。',
    loadError: '申請の一覧を読み込めませんでした。',
  },
  terms: {
    loadError: '利用規約を読み込めませんでした。',
  },
  signIn: {
    staffIntro: '自治体職員用のアカウントでサインインしてください。',
    operatorIntro: '運用担当者のアカウントでサインインしてください。',
    municipalityCode: '自治体コード（6桁）',
    loginId: 'ログインID',
    loginIdStaff: 'ログインID（メールアドレス）',
    password: 'パスワード',
    showPassword: 'パスワードを表示する',
    submit: 'サインイン',
    submitting: 'サインインしています…',
    failed: 'サインインできませんでした。',
    invalidCode: '自治体コードは数字6桁で入力してください。',
    requiredField: '{{field}}を入力してください。',
    errorSummary: '入力内容に誤りがあります。',
    wrongCredentials: 'ログインIDまたはパスワードが正しくありません。確かめて、もう一度入力してください。',
    tooManyAttempts:
      'サインインの失敗が続いたため、受け付けを止めています。15分ほど待ってから、もう一度お試しください。',
    unknownMunicipality: 'この自治体コードは見つかりません。数字6桁を確かめてください。',
  },
  shell: {
    menu: 'メニュー',
    openMenu: 'メニューを開く',
    collapseMenu: 'メニューを折りたたむ',
    expandMenu: 'メニューを広げる',
    mainNavigation: 'メインメニュー',
  },
  snackbar: {
    signedOut: 'サインアウトしました。',
    signedIn: 'サインインしました。',
  },
  ...applicantFlowJa,
  ...unsavedJa,
  ...prefillJa,
  ...notificationsJa,
  ...counterJa,
};

/** The texts every target bundles, in the shape both languages share. */
export type BaseMessages = typeof ja;

/** Every text of the app by key: the base and the parts of the staff and master-tool targets. */
export type Messages = BaseMessages &
  typeof applicantFormJa &
  typeof staffJa &
  typeof counterDeskJa &
  typeof systemKeysJa &
  typeof mastertoolJa &
  typeof mastertoolStepTextsJa &
  typeof mastertoolCheckJa &
  typeof mastertoolCodesJa;
