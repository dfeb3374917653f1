// The reflection managers of one municipality (one per procedure group), each with where staging and
// production stand, and the ways on: edit the draft, preview it, see the differences and reflect.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  CopyGroupButton,
  NewGroupButton,
  type OnCreated,
} from '../../../features/mastertool-groups/GroupCreation';
import { useMunicipalityCode, useMunicipalityName } from '../../../features/mastertool-env/environments';
import { useApiQuery } from '../../../lib/api';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { usePageTitle } from '../../../lib/router/head';
import { RouterButton } from '../../../lib/router/RouterLink';
import { EnvironmentState } from '../components/EnvironmentState';
import { MastertoolPage } from '../components/MastertoolPage';

/** The ways on from a manager, in this order: edit the draft, preview it, reflect it, its funnel. */
const MANAGER_PAGES = [
  { page: 'edit', variant: 'contained' },
  { page: 'preview', variant: 'outlined' },
  { page: 'reflect', variant: 'outlined' },
  { page: 'funnel', variant: 'outlined' },
] as const;

export function ReflectionManagersScreen() {
  const { t } = useTranslation();
  const code = useMunicipalityCode();
  const name = useMunicipalityName(code);
  const managers = useApiQuery('operator.reflection_managers.list', { params: { code } });
  const title = t('mastertool.managers.title', { municipality: name });
  const navigate = useNavigate();
  // A new or copied group opens in the draft editor of the municipality it was made in.
  const openDraft: OnCreated = (to, groupId) =>
    void navigate({
      to: '/municipalities/$code/procedure-groups/$groupId/edit',
      params: { code: to, groupId: String(groupId) },
    });
  usePageTitle(title);
  const sorted = [...(managers.data?.reflection_managers ?? [])].sort(
    (a, b) => a.sequence - b.sequence || a.id - b.id,
  );
  return (
    <MastertoolPage
      title={title}
      intro={t('mastertool.managers.intro')}
      back={{ to: '/', label: t('mastertool.backToMunicipalities') }}
      actions={
        <>
          <NewGroupButton code={code} onCreated={openDraft} />
          <RouterButton to="/municipalities/$code/material-templates" params={{ code }} variant="outlined">
            {t('screens.materialTemplates')}
          </RouterButton>
          <RouterButton to="/municipalities/$code/reference-data" params={{ code }} variant="outlined">
            {t('screens.referenceData')}
          </RouterButton>
        </>
      }
    >
      {managers.isPending ? <Loading /> : null}
      {managers.isError ? (
        <LoadError
          title={t('mastertool.managers.loadError')}
          error={managers.error}
          onRetry={() => void managers.refetch()}
        />
      ) : null}
      {managers.data && sorted.length === 0 ? (
        <Alert severity="info">{t('mastertool.managers.none')}</Alert>
      ) : null}
      {managers.data ? (
        <Typography variant="body2">
          {t('mastertool.managers.count', { count: managers.data.view_count })}
        </Typography>
      ) : null}
      <Stack spacing={2}>
        {sorted.map((m) => (
          <Paper
            key={m.id}
            component="section"
            variant="outlined"
            aria-labelledby={`manager-${m.id}`}
            sx={{ p: { xs: 2, sm: 3 } }}
            data-testid={`manager-${m.id}`}
          >
            <Typography variant="h2" id={`manager-${m.id}`} gutterBottom>
              {m.name}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                gap: 2,
                mb: 2,
              }}
            >
              <EnvironmentState env="staging" state={m.staging} />
              <EnvironmentState env="product" state={m.product} />
            </Box>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {MANAGER_PAGES.map(({ page, variant }) => (
                <RouterButton
                  key={page}
                  to={`/municipalities/$code/procedure-groups/$groupId/${page}`}
                  params={{ code, groupId: String(m.id) }}
                  variant={variant}
                  aria-label={t(`mastertool.managers.${page}Label`, { name: m.name })}
                >
                  {t(`mastertool.managers.${page}`)}
                </RouterButton>
              ))}
              <CopyGroupButton code={code} group={m} onCreated={openDraft} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </MastertoolPage>
  );
}
