// Beside a procedure: which answers lead to it (questions listing it with the options that do not end the
// online route), each with a link to its question, and a warning when no answer can (decision 0047).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { procedureRoutes } from '@portal/rules';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoToPlace } from './go-to-place';

export function ProcedureTargets({
  config,
  code,
  headingId,
}: {
  config: ProcedureGroupConfiguration;
  code: string;
  headingId: string;
}) {
  const { t } = useTranslation();
  const goTo = useGoToPlace();
  const routes = useMemo(() => procedureRoutes(config).get(code) ?? [], [config, code]);
  const reachable = routes.some((r) => r.reachable);
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="procedure-targets">
      <Typography variant="h3" id={headingId} sx={{ fontSize: '1.125rem', fontWeight: 700, mb: 1 }}>
        {t('mastertoolCheck.targets.heading')}
      </Typography>
      {!reachable ? (
        <Alert severity="warning" sx={{ mb: routes.length > 0 ? 1 : 0 }}>
          {t('mastertoolCheck.targets.none')}
        </Alert>
      ) : (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('mastertoolCheck.targets.intro')}
        </Typography>
      )}
      {routes.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {routes.map((r) => (
            <li key={`${r.conciergeId}`}>
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`mastertoolCheck.targets.where.${r.category}`, { section: r.section })}
                {': '}
              </Typography>
              <Typography component="span">
                {r.type === 'QT'
                  ? t('mastertoolCheck.targets.route', {
                      question: r.question,
                      options: r.options.map((o) => o.value).join(t('mastertoolCheck.targets.or')),
                    })
                  : t('mastertoolCheck.targets.routeForm', { question: r.question })}
              </Typography>
              {!r.reachable ? (
                <Typography component="span" variant="body2">
                  {' '}
                  {t('mastertoolCheck.targets.unreachable')}
                </Typography>
              ) : null}
              {goTo ? (
                <>
                  {' '}
                  <Link
                    component="button"
                    type="button"
                    onClick={() => goTo(`${r.path}.question`)}
                    sx={{ verticalAlign: 'baseline' }}
                  >
                    {t('mastertoolCheck.targets.open', { name: r.name })}
                  </Link>
                </>
              ) : null}
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
