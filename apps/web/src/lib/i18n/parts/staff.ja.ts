// Texts of the staff area (build target municipality only), in Japanese.
export const staffJa = {
  staff: {
    placeholder: '準備中',
  },
};
