// The applicant form's texts (form to completion) as a part. The staff area (answers, items) and the
// master tool (step texts, preview) bundle it; the applicant target loads it lazily
// (applicant-form.lazy.ts), so the public pages (home, entrance, terms, filter) do not carry it.
import type { MessagePart } from '.';
import { applicantFormJa } from './applicant-form.ja';

export const applicantFormMessages: MessagePart<typeof applicantFormJa> = {
  ja: applicantFormJa,
  en: () => import('./applicant-form.en').then((m) => m.applicantFormEn),
};
