// The pre-reflection check (公開前チェック, decision 0047) of a draft: errors (which block reflecting to
// staging) and warnings, each with the place it is about as a link (into the editor, or beside it).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { publicationCheck, type PublicationProblem } from '@portal/rules';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { publicationMessage, publicationPlace } from './publication-text';

/** How many problems of each severity are listed (the rest are counted). */
const SHOWN = 30;

export function PublicationCheckPanel({
  config,
  link,
  intro,
  headingLevel = 'h2',
}: {
  config: ProcedureGroupConfiguration;
  /** The link to a problem's place: a button in the editor, an address beside it. */
  link: (path: string, label: string) => ReactNode;
  intro: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t } = useTranslation();
  const problems = useMemo(() => publicationCheck(config), [config]);
  const errors = problems.filter((p) => p.severity === 'error');
  const warnings = problems.filter((p) => p.severity === 'warning');
  const list = (items: PublicationProblem[], kind: 'error' | 'warning') => (
    <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid={`check-${kind}s`}>
      {items.slice(0, SHOWN).map((p, i) => (
        <li key={`${p.code}-${p.path}-${i}`}>
          {link(p.path, publicationPlace(t, config, p.path))}
          {': '}
          {publicationMessage(t, config, p)}
        </li>
      ))}
      {items.length > SHOWN ? <li>{t('mastertoolCheck.more', { count: items.length - SHOWN })}</li> : null}
    </Box>
  );
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="publication-check"
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid="publication-check"
    >
      <Typography variant={headingLevel} id="publication-check" gutterBottom>
        {t('mastertoolCheck.heading')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {intro}
      </Typography>
      {problems.length === 0 ? (
        <Alert severity="success">{t('mastertoolCheck.passed')}</Alert>
      ) : (
        <>
          <Typography sx={{ fontWeight: 700, mb: 1 }} role="status">
            {t('mastertoolCheck.summary', { errors: errors.length, warnings: warnings.length })}
          </Typography>
          {errors.length > 0 ? (
            <Alert severity="error" sx={{ mb: 1 }}>
              <Typography component={headingLevel === 'h2' ? 'h3' : 'h4'} sx={{ fontWeight: 700, mb: 0.5 }}>
                {t('mastertoolCheck.errorsHeading')}
              </Typography>
              {list(errors, 'error')}
            </Alert>
          ) : null}
          {warnings.length > 0 ? (
            <Alert severity="warning">
              <Typography component={headingLevel === 'h2' ? 'h3' : 'h4'} sx={{ fontWeight: 700, mb: 0.5 }}>
                {t('mastertoolCheck.warningsHeading')}
              </Typography>
              {list(warnings, 'warning')}
            </Alert>
          ) : null}
        </>
      )}
    </Paper>
  );
}

/** A link that moves within the editor (a button styled as a link). */
export function PlaceButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Link
      component="button"
      type="button"
      onClick={onClick}
      sx={{ textAlign: 'left', verticalAlign: 'baseline' }}
    >
      {label}
    </Link>
  );
}
