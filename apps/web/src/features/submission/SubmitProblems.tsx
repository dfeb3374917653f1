// The problems the server found when submitting, each with a link to the screen that fixes it.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText, isApiError } from '../../lib/api';
import { ErrorMessage } from '../../lib/layout/feedback';
import { RouterLink } from '../../lib/router/RouterLink';
import { screenPath } from '../../lib/application/application';
import { screenForProblem } from './submit';

export const SubmitProblems = forwardRef<
  HTMLDivElement,
  { code: string; applicationId: string; error: unknown; title: string }
>(function SubmitProblems({ code, applicationId, error, title }, ref) {
  const { t } = useTranslation();
  // Each problem in the app's words: what the screen that fixes it is for (the server's text is not shown).
  const problems = isApiError(error) ? error.problems : [];
  return (
    <Alert severity="error" ref={ref} tabIndex={-1} data-testid="error-summary">
      <AlertTitle component="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
        {title}
      </AlertTitle>
      {problems.length === 0 ? (
        <ErrorMessage error={error} />
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {problems.map((problem, index) => {
            const where = screenForProblem(problem);
            return (
              <li key={`${problem.field ?? ''}-${index}`}>
                {problem.field
                  ? t(`applicantForm.submit.problem.${where.screen}` as 'applicantForm.submit.problem.form')
                  : errorText(new ApiError(isApiError(error) ? error.status : 400, [problem]), t)}{' '}
                <RouterLink
                  to={screenPath(code, applicationId, where.screen)}
                  search={(where.field ? { field: where.field } : {}) as never}
                >
                  {t(`applicantForm.submit.fix.${where.screen}` as 'applicantForm.submit.fix.form')}
                </RouterLink>
              </li>
            );
          })}
        </Box>
      )}
    </Alert>
  );
});
