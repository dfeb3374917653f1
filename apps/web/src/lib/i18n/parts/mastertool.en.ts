// Texts of the master tool (build target mastertool only), in English (same keys and placeholders as the Japanese).
import type { mastertoolJa } from './mastertool.ja';

export const mastertoolEn: typeof mastertoolJa = {
  mastertool: {
    placeholder: 'Coming soon',
  },
};
