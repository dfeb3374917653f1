// The staff area's texts as a part its target adds (not in the applicant bundle).
import type { MessagePart } from '.';
import { staffJa } from './staff.ja';

export const staffMessages: MessagePart<typeof staffJa> = {
  ja: staffJa,
  en: () => import('./staff.en').then((m) => m.staffEn),
};
