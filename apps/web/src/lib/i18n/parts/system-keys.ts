// The administrators' screen for core systems' API keys: a part the staff target adds.
import type { MessagePart } from '.';
import { systemKeysJa } from './system-keys.ja';

export const systemKeysMessages: MessagePart<typeof systemKeysJa> = {
  ja: systemKeysJa,
  en: () => import('./system-keys.en').then((m) => m.systemKeysEn),
};
