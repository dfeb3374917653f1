// Texts of the applicant flow from the assistant to identification, in Japanese.
export const applicantFlowJa = {
  applicantFlow: {
    placeholder: '準備中',
  },
};
