// The master tool's texts as a part its target adds (not in the applicant bundle).
import type { MessagePart } from '.';
import { mastertoolJa } from './mastertool.ja';

export const mastertoolMessages: MessagePart<typeof mastertoolJa> = {
  ja: mastertoolJa,
  en: () => import('./mastertool.en').then((m) => m.mastertoolEn),
};
