// Texts of the applicant flow from the assistant to identification, in English (same keys and placeholders as the Japanese).
import type { applicantFlowJa } from './applicant-flow.ja';

export const applicantFlowEn: typeof applicantFlowJa = {
  applicantFlow: {
    placeholder: 'Coming soon',
  },
};
