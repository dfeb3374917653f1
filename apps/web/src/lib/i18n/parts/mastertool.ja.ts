// Texts of the master tool (build target mastertool only), in Japanese.
export const mastertoolJa = {
  mastertool: {
    placeholder: '準備中',
  },
};
