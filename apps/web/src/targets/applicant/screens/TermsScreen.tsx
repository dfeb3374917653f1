// /municipalities/{code}/terms: the terms of service (browser version).
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMunicipalityCode } from '../../../features/municipality/municipality';
import { TermsText, useTerms } from '../../../features/terms/terms';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { usePageTitle } from '../../../lib/router/head';

export function TermsScreen() {
  const { t } = useTranslation();
  const terms = useTerms(useMunicipalityCode());
  usePageTitle(terms.data?.title);
  return (
    <Stack spacing={2}>
      <Typography variant="h1" id="terms-heading">
        {terms.data?.title ?? t('screens.terms')}
      </Typography>
      {terms.isPending ? <Loading /> : null}
      {terms.isError ? (
        <LoadError title={t('terms.loadError')} error={terms.error} onRetry={() => void terms.refetch()} />
      ) : null}
      {terms.data ? <TermsText terms={terms.data} labelledBy="terms-heading" /> : null}
    </Stack>
  );
}
