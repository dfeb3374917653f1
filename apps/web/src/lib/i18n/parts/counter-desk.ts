// The counter tablet's texts as a part the staff target adds (not in the applicant bundle).
import type { MessagePart } from '.';
import { counterDeskJa } from './counter-desk.ja';

export const counterDeskMessages: MessagePart<typeof counterDeskJa> = {
  ja: counterDeskJa,
  en: () => import('./counter-desk.en').then((m) => m.counterDeskEn),
};
