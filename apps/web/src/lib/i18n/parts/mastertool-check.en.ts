// Texts of the pre-reflection check, procedure targeting, the preview's reasons and the readable diff
// (decision 0047), in English.
import type { mastertoolCheckJa } from './mastertool-check.ja';

export const mastertoolCheckEn: typeof mastertoolCheckJa = {
  mastertoolCheck: {
    heading: 'Check before reflecting',
    intro:
      'The saved draft, checked before residents see it. A draft with errors cannot be reflected to staging. Warnings do not stop a reflection.',
    introEditor:
      'The draft being edited, checked before residents see it. A draft with errors cannot be reflected to staging. Warnings do not stop a reflection.',
    link: 'Check before reflecting: errors {{errors}}, warnings {{warnings}}',
    linkPassed: 'Check before reflecting: no problems',
    summary: 'Errors: {{errors}}. Warnings: {{warnings}}.',
    passed: 'No problems found.',
    error: 'Error',
    warning: 'Warning',
    errorsHeading: 'Errors (cannot be reflected)',
    warningsHeading: 'Warnings',
    goTo: 'Open this place in the editor',
    more: 'Further problems: {{count}}',
    messages: {
      procedure_unreachable:
        'No answer leads to the procedure "{{subject}}". Choose it under "Procedures" of a concierge question.',
      page_without_question:
        'The page "{{subject}}" has no question. Residents would see a page without a question. Add a question or remove the page.',
      item_not_asked:
        'The required item "{{subject}}" is asked on no page. Add it to a procedure\'s items or to a question, or take it out of this group.',
      attach_without_procedure: 'The attachment "{{subject}}" belongs to no procedure of this group.',
      rule_item_not_asked:
        'This rule uses the item "{{subject}}", which no page asks. Add the item to a page or correct the rule.',
      step_text_route:
        'This text tells residents about "{{subject}}", which this group does not have. Correct the text.',
      item_asked_twice: 'The item "{{subject}}" is asked by two questions.',
      option_unreachable: 'The question of the option "{{subject}}" is never shown, whatever the answers.',
    },
    routes: {
      signature: 'a signature',
      digital: 'a digital signature with the My Number Card',
      handwritten: 'a handwritten signature',
      jpki: 'identification with the My Number Card',
      basic_four_information: 'identification with the basic four facts',
      mynaportal: 'Mynaportal',
    },
    targets: {
      heading: 'Answers that lead to this procedure',
      intro: 'Residents who give one of these answers are offered this procedure.',
      route: '"{{options}}" to "{{question}}"',
      routeForm: 'Filling in "{{question}}"',
      where: {
        filter: 'Filter question ({{section}})',
        assistant: 'Assistant question ({{section}})',
      },
      or: '" or "',
      unreachable: 'This question is never shown, whatever the answers.',
      none: 'No answer leads to this procedure. Choose it under "Procedures" of a concierge question.',
      open: 'Open the question "{{name}}"',
    },
    preview: {
      why: 'Why this procedure is offered',
      whyNot: 'Why this procedure is not offered',
      notOfferedHeading: 'Procedures these answers do not offer',
      noRoute: 'No answer leads to this procedure.',
      needs: 'Offered when "{{options}}" is the answer to "{{question}}".',
      needsForm: 'Offered once "{{question}}" is filled in.',
      assistant: 'This question is asked about the application, so it cannot be answered in this preview.',
      scopedOut: 'An answer chosen cannot be applied for online.',
      rules: 'It can then be applied for when the answers about the application meet: {{conditions}}',
    },
    diff: {
      firstStaging:
        'Nothing has been reflected to staging yet. Reflect the draft to staging first, try it on the application screens, then reflect it to production.',
      changedTo: '{{before}} → {{after}}',
      none: 'None',
      yes: 'Yes',
      no: 'No',
      order: 'Order',
      entry: 'Entry {{n}}',
    },
    fields: {
      en: 'English',
      procedure_group_id: 'Procedure group',
      procedure_code: 'Procedure',
      required: 'Required',
      min_length: 'Minimum length',
      max_length: 'Maximum length',
      choices: 'Choices',
      reading_of: 'Reading of',
      verify: 'Treated as verified',
      derived: 'Carried over as an answer',
      locked: 'Cannot be changed',
      repeatable_groups: 'Repeatable item groups',
      steps: 'Steps',
      description: 'Description',
    },
  },
};
