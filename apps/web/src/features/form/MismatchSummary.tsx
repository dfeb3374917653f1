// The review's count of answers that differ from the card or the registry, with a link to each: a
// warning, not an error (the resident may still submit when the answer is right).
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { useTranslation } from 'react-i18next';

/** The element id of an item's mismatch warning on the review (the summary's links point here). */
export const mismatchId = (code: string) => `mismatch-${code}`;

export function MismatchSummary({ flagged }: { flagged: { code: string; label: string }[] }) {
  const { t } = useTranslation();
  if (flagged.length === 0) return null;
  return (
    <Alert severity="warning" aria-labelledby="mismatch-summary-title" data-testid="mismatch-summary">
      <AlertTitle id="mismatch-summary-title" component="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
        {t('prefill.flags.title', { count: flagged.length })}
      </AlertTitle>
      <List dense sx={{ py: 0 }}>
        {flagged.map((f) => (
          <ListItem key={f.code} disableGutters sx={{ py: 0.25 }}>
            <Link
              href={`#${mismatchId(f.code)}`}
              color="inherit"
              sx={{ fontWeight: 700 }}
              onClick={(event) => {
                event.preventDefault();
                const element = document.getElementById(mismatchId(f.code));
                element?.focus();
                element?.scrollIntoView({ block: 'center' });
              }}
            >
              {f.label}
            </Link>
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
