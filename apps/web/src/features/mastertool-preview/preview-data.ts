// What the applicant-flow preview shows: the draft's own disclosure and questions, and where the draft
// has none yet, the master tool's built-in sample data (spec §3: the master tool's disclosure reader
// returns built-in sample data rather than making a server call). Nothing here calls the server.
import type { ConciergeCategory, ProcedureDisclosure, ProcedureGroupConfiguration } from '@portal/contracts';

/** Built-in sample disclosure (sample data: printed copies 1 or 2, open until 2099/12/31). */
export const SAMPLE_DISCLOSURE: ProcedureDisclosure = {
  id: 1,
  procedure_group_id: 1,
  identifications: { jpki: true, basic_four_information: true },
  use_basic_four_information: true,
  use_mynaportal: true,
  start_date: '2024-04-01',
  end_date: '2099-12-31',
  is_publish: true,
  procedures: [
    {
      id: 1,
      code: 'sample_notification',
      name: 'サンプル届出',
      sequence: 0,
      remarks: null,
      is_confirmed: true,
      printed_copies: 1,
      check_messages: ['記入内容に誤りがないことを確認しました。'],
      procedural_rules: [],
      workflow_template_id: null,
      is_signature_digital_certificate: true,
      department_code: null,
      procedure_fragments: [],
    },
    {
      id: 2,
      code: 'sample_application',
      name: 'サンプル申請',
      sequence: 1,
      remarks: null,
      is_confirmed: true,
      printed_copies: 2,
      check_messages: [],
      procedural_rules: [],
      workflow_template_id: null,
      is_signature_digital_certificate: false,
      department_code: null,
      procedure_fragments: [],
    },
  ],
  procedure_attaches: [],
};

/** Built-in sample filter question, for a draft without filter questions. */
export const SAMPLE_FILTER: ConciergeCategory = {
  id: 1,
  name: 'サンプル',
  title: '必要な手続きを確認します（サンプル）',
  type: 'FI',
  sequence: 0,
  concierge_sub_category: [
    {
      id: 1,
      breadcrumbs: ['サンプル'],
      name: 'サンプルの質問',
      sequence: 0,
      image_type: null,
      view_rules: [],
      concierges: [
        {
          id: 1,
          type: 'QT',
          name: 'サンプル',
          question: '申請をはじめますか？（サンプルの質問）',
          standard_item_code: [],
          sequence: 0,
          view_rules: [],
          is_first: true,
          suffix: null,
          remarks: null,
          copyable_label: null,
          copyable_standard_item_codes: [],
          is_horizontal: true,
          requires_name_validation: [],
          concierge_procedure_codes: [
            { id: 1, procedure_code: 'sample_notification' },
            { id: 2, procedure_code: 'sample_application' },
          ],
          concierge_options: [
            { id: 1, value: 'はい', sequence: 0, concierge_destination: null },
            {
              id: 2,
              value: 'いいえ',
              sequence: 1,
              concierge_destination: {
                id: 1,
                concierge_id: null,
                is_scopedout: true,
                scopedout_message: 'サンプルの案内文です。',
              },
            },
          ],
        },
      ],
    },
  ],
};

export interface PreviewData {
  disclosure: ProcedureDisclosure;
  filter: ConciergeCategory;
  assistant: ConciergeCategory[];
  /** Which parts come from the built-in sample data. */
  sample: { procedures: boolean; filter: boolean };
}

const hasQuestions = (c: ConciergeCategory) => c.concierge_sub_category.some((s) => s.concierges.length > 0);

/** The preview of a draft, with the built-in sample data where the draft has nothing yet. */
export function previewData(draft: ProcedureGroupConfiguration): PreviewData {
  const ownProcedures = draft.disclosure.procedures.length > 0;
  const ownFilter = hasQuestions(draft.concierge_set.filter_concierge_category);
  return {
    disclosure: ownProcedures
      ? draft.disclosure
      : {
          ...draft.disclosure,
          procedures: SAMPLE_DISCLOSURE.procedures,
          procedure_attaches: SAMPLE_DISCLOSURE.procedure_attaches,
        },
    filter: ownFilter ? draft.concierge_set.filter_concierge_category : SAMPLE_FILTER,
    assistant: draft.concierge_set.assistant_concierge_category,
    sample: { procedures: !ownProcedures, filter: !ownFilter },
  };
}

/** The procedures the preview's answers make applicable, in sequence order, by code. */
export function applicableProcedures(
  disclosure: ProcedureDisclosure,
  codes: readonly string[],
): ProcedureDisclosure['procedures'] {
  const wanted = new Set(codes);
  return [...disclosure.procedures]
    .filter((p) => wanted.has(p.code))
    .sort((a, b) => a.sequence - b.sequence || a.id - b.id);
}
