// Texts of the applicant flow from the form to completion, in Japanese.
export const applicantFormJa = {
  applicantForm: {
    placeholder: '準備中',
  },
};
