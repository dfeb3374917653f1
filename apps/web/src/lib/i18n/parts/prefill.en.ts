// Texts about values the portal already knows (issue 12), in English (same keys as the Japanese).
import type { prefillJa } from './prefill.ja';

export const prefillEn: typeof prefillJa = {
  prefill: {
    source: {
      identity: 'From your My Number Card',
      registry: 'From the resident registry',
      public_account: 'From your registered public funds account',
      mynaportal: 'From the personal portal (Mynaportal)',
      answer: 'From your answers',
      unknown: 'Filled in from your My Number Card or earlier answers. Please check it.',
    },
    mismatch: {
      identity: 'This is different from your My Number Card (the card says: {{value}}).',
      registry: 'This is different from the resident registry (the registry says: {{value}}).',
      public_account:
        'This is different from your registered public funds account (the account says: {{value}}).',
      mynaportal: 'This is different from what Mynaportal sent (Mynaportal says: {{value}}).',
      other: 'This is different from the information on record ({{value}}).',
    },
    locked: {
      identity:
        'This is on your My Number Card and cannot be changed for this procedure. If it is wrong, please ask at the counter.',
      registry:
        'This is in the resident registry and cannot be changed for this procedure. If it is wrong, please ask at the counter.',
      mynaportal:
        'This came from Mynaportal and cannot be changed for this procedure. If it is wrong, please ask at the counter.',
    },
    flags: {
      title_one:
        '{{count}} answer is different from your My Number Card or the resident registry (if it is right, you can go on).',
      title_other:
        '{{count}} answers are different from your My Number Card or the resident registry (if they are right, you can go on).',
    },
    progress: {
      remaining_one: '{{count}} page left',
      remaining_other: '{{count}} pages left',
      last: 'This is the last page',
    },
    form: {
      nothingLeft: 'You have already answered everything this form needs.',
      toReview: 'Go to the review',
      saveAndReturn: 'Save and return to the review',
      returnWithoutChange: 'Return to the review without changes',
    },
  },
};
