// Sample answers of the demo municipality (999999 デモ市), as the API gives them: for tests and stories.
import type { ApiResult } from '../lib/api/client';

export const sampleHome: ApiResult<'applicant.home'> = {
  municipality: {
    code: '999999',
    name: 'デモ市',
    name_en: 'Demo City',
    maintenance_message: null,
  },
  procedure_groups: [
    {
      id: 1,
      name: '出生・子育て',
      sequence: 0,
      icon_type: 'BI',
      description: '赤ちゃんが生まれたときの届出と、子育てに関する手当・助成の申請ができます。',
      start_date: '2024-04-01',
      end_date: '2099-12-31',
      version: 1,
    },
  ],
};

export const sampleTerms: ApiResult<'applicant.terms'> = {
  device: 'browser',
  title: 'デモ市オンライン申請 利用規約',
  body: 'この規約は、デモ市が提供するオンライン申請サービス（以下「本サービス」）の利用について定めるものです。本サービスで行った申請は、窓口で行った申請と同様に取り扱います。申請には、マイナンバーカードによる本人確認が必要です。入力された個人情報は、申請の審査及び関係法令に基づく事務に限って利用し、適切に管理します。システムの保守等のため、事前の予告なく本サービスを停止することがあります。',
  updated_at: '2024-04-01',
};

/** The filter questions of the group 出生・子育て: two sections, four questions, three scoped-out answers. */
export const sampleFilter: ApiResult<'applicant.concierge_filter.get'> = {
  procedure_group_id: 1,
  version: 1,
  category: {
    id: 1,
    name: '事前確認',
    type: 'FI',
    title: 'あなたに必要な手続きを確認します',
    sequence: 0,
    concierge_sub_category: [
      {
        id: 1,
        name: '出生について',
        sequence: 0,
        concierges: [
          {
            id: 1,
            name: '出生の有無',
            type: 'QT',
            suffix: null,
            remarks: null,
            is_first: true,
            question: 'お子さんは生まれましたか？',
            sequence: 0,
            view_rules: [],
            is_horizontal: true,
            copyable_label: null,
            concierge_options: [
              {
                id: 1,
                value: 'はい',
                sequence: 0,
                concierge_destination: {
                  id: 1,
                  concierge_id: 2,
                  is_scopedout: false,
                  scopedout_message: null,
                },
              },
              {
                id: 2,
                value: 'いいえ',
                sequence: 1,
                concierge_destination: {
                  id: 2,
                  concierge_id: null,
                  is_scopedout: true,
                  scopedout_message:
                    '出生に関する手続きは、お子さんが生まれた後に申請できます。妊娠中の方は、こども家庭課へご相談ください。',
                },
              },
            ],
            standard_item_code: [],
            requires_name_validation: [],
            concierge_procedure_codes: [
              {
                id: 1,
                procedure_code: 'birth_notification',
              },
              {
                id: 2,
                procedure_code: 'child_allowance',
              },
              {
                id: 3,
                procedure_code: 'child_medical_subsidy',
              },
            ],
            copyable_standard_item_codes: [],
          },
          {
            id: 2,
            name: '出生地',
            type: 'QT',
            suffix: null,
            remarks: null,
            is_first: false,
            question: 'お子さんはどこで生まれましたか？',
            sequence: 1,
            view_rules: [],
            is_horizontal: false,
            copyable_label: null,
            concierge_options: [
              {
                id: 3,
                value: '日本国内',
                sequence: 0,
                concierge_destination: {
                  id: 3,
                  concierge_id: 3,
                  is_scopedout: false,
                  scopedout_message: null,
                },
              },
              {
                id: 4,
                value: '日本国外',
                sequence: 1,
                concierge_destination: {
                  id: 4,
                  concierge_id: null,
                  is_scopedout: true,
                  scopedout_message:
                    '日本国外で生まれたお子さんの出生届は、オンラインでは受け付けていません。出生の日から3か月以内に、在外公館またはデモ市役所 市民課の窓口へ届け出てください。',
                },
              },
            ],
            standard_item_code: [],
            requires_name_validation: [],
            concierge_procedure_codes: [],
            copyable_standard_item_codes: [],
          },
        ],
        image_type: null,
        view_rules: [],
        breadcrumbs: ['事前確認', '出生について'],
      },
      {
        id: 2,
        name: 'お住まいについて',
        sequence: 1,
        concierges: [
          {
            id: 3,
            name: '住所地',
            type: 'QT',
            suffix: null,
            remarks: null,
            is_first: true,
            question: 'お住まいはデモ市ですか？',
            sequence: 0,
            view_rules: [],
            is_horizontal: true,
            copyable_label: null,
            concierge_options: [
              {
                id: 5,
                value: 'はい',
                sequence: 0,
                concierge_destination: {
                  id: 5,
                  concierge_id: 4,
                  is_scopedout: false,
                  scopedout_message: null,
                },
              },
              {
                id: 6,
                value: 'いいえ',
                sequence: 1,
                concierge_destination: {
                  id: 6,
                  concierge_id: null,
                  is_scopedout: true,
                  scopedout_message:
                    'デモ市にお住まいでない方は、お住まいの市区町村で手続きしてください。デモ市へ転入予定の方は、転入の手続きの際に市民課の窓口でご相談ください。',
                },
              },
            ],
            standard_item_code: [],
            requires_name_validation: [],
            concierge_procedure_codes: [],
            copyable_standard_item_codes: [],
          },
          {
            id: 4,
            name: '公務員かどうか',
            type: 'QT',
            suffix: null,
            remarks: '公務員の方の児童手当は、勤務先に請求します。',
            is_first: false,
            question: 'あなたは公務員ですか？',
            sequence: 1,
            view_rules: [],
            is_horizontal: true,
            copyable_label: null,
            concierge_options: [
              {
                id: 7,
                value: 'はい',
                sequence: 0,
                concierge_destination: null,
              },
              {
                id: 8,
                value: 'いいえ',
                sequence: 1,
                concierge_destination: null,
              },
            ],
            standard_item_code: [],
            requires_name_validation: [],
            concierge_procedure_codes: [
              {
                id: 4,
                procedure_code: 'child_allowance',
              },
            ],
            copyable_standard_item_codes: [],
          },
        ],
        image_type: null,
        view_rules: [
          {
            symbol: '',
            pattern: 'selected',
            expected: '1',
            expression: '',
          },
        ],
        breadcrumbs: ['事前確認', 'お住まいについて'],
      },
    ],
  },
};

type ItemState = ApiResult<'applicant.form.values'>['items'][number];

/** An item state of the form's values with the defaults the server gives when nothing is known. */
export const itemState = (code: string, over: Partial<ItemState> = {}): ItemState => ({
  code,
  sequence: 1,
  hidden: false,
  required: true,
  prefill: null,
  prefill_source: null,
  source: null,
  verified: null,
  verified_source: null,
  locked: false,
  asked: false,
  ...over,
});

type FormItem = ApiResult<'applicant.form.get'>['fragments'][number]['items'][number];

/** A required text item of the form definition, named by its code. */
export const formItem = (code: string, extra: Partial<FormItem> = {}): FormItem => ({
  code,
  name: code,
  type: 'text',
  required: true,
  min_length: null,
  max_length: null,
  pattern: null,
  choices: [],
  reading_of: null,
  suffix: null,
  remarks: null,
  repeatable: false,
  ...extra,
});
