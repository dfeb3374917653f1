// The applicant form's texts for the applicant target: both languages load when a screen needs them
// (no static import here, so the entry does not carry them).
import type { LazyMessagePart } from '.';
import type { applicantFormJa } from './applicant-form.ja';

export const applicantFormLazyMessages: LazyMessagePart<typeof applicantFormJa> = {
  ja: () => import('./applicant-form.ja').then((m) => m.applicantFormJa),
  en: () => import('./applicant-form.en').then((m) => m.applicantFormEn),
};
