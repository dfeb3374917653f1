// Texts of the staff area (build target municipality only), in English (same keys and placeholders as the Japanese).
import type { staffJa } from './staff.ja';

export const staffEn: typeof staffJa = {
  staff: {
    placeholder: 'Coming soon',
  },
};
