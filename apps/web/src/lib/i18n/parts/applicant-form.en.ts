// Texts of the applicant flow from the form to completion, in English (same keys and placeholders as the Japanese).
import type { applicantFormJa } from './applicant-form.ja';

export const applicantFormEn: typeof applicantFormJa = {
  applicantForm: {
    placeholder: 'Coming soon',
  },
};
