// The municipality list: where the operator picks the municipality whose configuration to manage.
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../lib/api';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { RouterLink } from '../../../lib/router/RouterLink';
import { MastertoolPage } from '../components/MastertoolPage';

export function MunicipalitiesScreen() {
  const { t } = useTranslation();
  const list = useApiQuery('operator.municipalities');
  return (
    <MastertoolPage title={t('screens.municipalities')} intro={t('mastertool.municipalities.intro')}>
      {list.isPending ? <Loading /> : null}
      {list.isError ? (
        <LoadError
          title={t('mastertool.municipalities.loadError')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data ? (
        list.data.municipalities.length === 0 ? (
          <Typography>{t('mastertool.municipalities.none')}</Typography>
        ) : (
          <Paper variant="outlined">
            <List aria-label={t('screens.municipalities')}>
              {list.data.municipalities.map((m) => (
                <ListItem key={m.code} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <RouterLink
                    to="/municipalities/$code"
                    params={{ code: m.code }}
                    sx={{ fontWeight: 700, fontSize: '1.125rem' }}
                  >
                    {m.name}
                  </RouterLink>
                  <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('mastertool.municipalities.code', { code: m.code })}
                  </Typography>
                </ListItem>
              ))}
            </List>
          </Paper>
        )
      ) : null}
    </MastertoolPage>
  );
}
