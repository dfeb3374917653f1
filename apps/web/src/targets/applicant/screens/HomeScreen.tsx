// /municipalities/{code}: the municipality, its published procedure groups and the way in to each.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRouteContext } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../lib/api';
import {
  municipalityName,
  sortedGroups,
  useMunicipalityCode,
  useMunicipalityHome,
} from '../../../features/municipality/municipality';
import { groupIconOf } from '../../../lib/group-icons/group-icons';
import { NoticeNews } from '../../../features/notifications/NoticeNews';
import { formatDate } from '../../../lib/i18n';
import { Localized, localizedField } from '../../../lib/i18n/localized';
import { useLanguage } from '../../../lib/i18n/useLanguage';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { usePageTitle } from '../../../lib/router/head';
import { RouterButton, RouterLink } from '../../../lib/router/RouterLink';

type Applications = ApiResult<'applicant.applications'>['applications'];

export function HomeScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const code = useMunicipalityCode();
  const home = useMunicipalityHome(code);
  // The get-applications step ran before this page: null when no resident is signed in.
  const { applications } = useRouteContext({ strict: false }) as { applications?: Applications | null };
  const name = home.data ? municipalityName(home.data.municipality, language) : undefined;
  const heading = name ? t('home.heading', { municipality: name }) : t('screens.home');
  usePageTitle(heading);

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {heading}
        </Typography>
        <Typography>{t('home.intro')}</Typography>
      </Box>

      {home.isPending ? <Loading /> : null}
      {home.isError ? (
        <LoadError title={t('home.loadError')} error={home.error} onRetry={() => void home.refetch()} />
      ) : null}

      {home.data?.municipality.maintenance_message ? (
        <Alert severity="warning">
          <AlertTitle component="h2">{t('home.maintenanceHeading')}</AlertTitle>
          {home.data.municipality.maintenance_message}
        </Alert>
      ) : null}

      {applications ? <NoticeNews code={code} /> : null}

      {applications && applications.length > 0 ? (
        <Box component="section" aria-labelledby="home-applications">
          <Typography variant="h2" id="home-applications" gutterBottom>
            {t('home.applicationsHeading')}
          </Typography>
          <Typography>
            {t('home.applicationsCount', { count: applications.length })}{' '}
            <RouterLink to={`/municipalities/${code}/applications`}>{t('home.applicationsLink')}</RouterLink>
          </Typography>
        </Box>
      ) : null}
      {applications === null ? (
        // Signed out: the list is one sign-in away (its guard sends the resident to sign in and back).
        <Box component="section" aria-labelledby="home-status">
          <Typography variant="h2" id="home-status" gutterBottom>
            {t('home.statusHeading')}
          </Typography>
          <Typography gutterBottom>{t('home.statusBody')}</Typography>
          <RouterButton to={`/municipalities/${code}/applications`} variant="outlined" size="large">
            {t('home.applicationsLink')}
          </RouterButton>
        </Box>
      ) : null}
      {applications ? (
        <Typography>
          <RouterLink to={`/municipalities/${code}/notifications`}>
            {t('notifications.settingsLink')}
          </RouterLink>
        </Typography>
      ) : null}

      {home.data ? (
        <Box component="section" aria-labelledby="home-groups">
          <Typography variant="h2" id="home-groups" gutterBottom>
            {t('home.groupsHeading')}
          </Typography>
          {home.data.procedure_groups.length === 0 ? <Typography>{t('home.noGroups')}</Typography> : null}
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {sortedGroups(home.data).map((group) => {
              const Icon = groupIconOf(group.icon_type);
              return (
                <Card component="li" key={group.id} variant="outlined">
                  <CardContent>
                    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                      <Icon color="primary" fontSize="large" aria-hidden="true" />
                      <Box>
                        <Typography variant="h3" component="h3" gutterBottom>
                          <Localized text={localizedField(group, 'name', language)} />
                        </Typography>
                        {group.description ? (
                          <Typography>
                            <Localized text={localizedField(group, 'description', language)} />
                          </Typography>
                        ) : null}
                        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                          {t('home.period', {
                            start: formatDate(group.start_date, language),
                            end: formatDate(group.end_date, language),
                          })}
                        </Typography>
                      </Box>
                    </Stack>
                  </CardContent>
                  <CardActions sx={{ px: 2, pb: 2 }}>
                    <RouterButton
                      variant="contained"
                      to={`/municipalities/${code}/entrance`}
                      search={{ procedure_group_id: group.id }}
                    >
                      {t('home.apply', { group: localizedField(group, 'name', language).text })}
                    </RouterButton>
                  </CardActions>
                </Card>
              );
            })}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}
