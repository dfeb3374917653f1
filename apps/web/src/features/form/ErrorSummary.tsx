// The problems of a page at its top: a heading that takes the focus, and one link per problem that moves
// to its field (on another page when needed). GOV.UK / デジタル庁 pattern.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface SummaryProblem {
  /** The element id of the field. */
  target: string;
  label: string;
  message: string;
}

export const ErrorSummary = forwardRef<
  HTMLDivElement,
  { problems: SummaryProblem[]; onGo: (problem: SummaryProblem) => void; general?: string | null }
>(function ErrorSummary({ problems, onGo, general }, ref) {
  const { t } = useTranslation();
  if (problems.length === 0 && !general) return null;
  return (
    <Alert
      severity="error"
      ref={ref}
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      data-testid="error-summary"
      sx={{ '&:focus': { outline: '3px solid', outlineOffset: 2 } }}
    >
      <AlertTitle id="error-summary-title" component="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
        {t('applicantForm.summary.title', { count: problems.length })}
      </AlertTitle>
      {general ? <p style={{ margin: 0 }}>{general}</p> : null}
      <List dense sx={{ py: 0 }}>
        {problems.map((p) => (
          <ListItem key={p.target} disableGutters sx={{ py: 0.25 }}>
            <Link
              href={`#${p.target}`}
              color="inherit"
              sx={{ fontWeight: 700 }}
              onClick={(event) => {
                event.preventDefault();
                onGo(p);
              }}
            >
              {p.label}: {p.message}
            </Link>
          </ListItem>
        ))}
      </List>
    </Alert>
  );
});
