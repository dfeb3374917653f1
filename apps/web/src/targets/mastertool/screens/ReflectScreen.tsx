// /municipalities/{code}/procedure-groups/{id}/reflect: per environment what reflecting would change and
// the reflect button (with confirmation), then the history of versions and reflections and the rollback.
// Staging publishes the draft; production takes the version staging serves. Each environment needs the
// operator's session there (decision 0006); the panel of one without a session asks for sign-in.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReflectionHistory, ReflectionManager } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DiffList } from '../../../features/mastertool-diff/DiffList';
import { PublicationCheckPanel } from '../../../features/mastertool-editor/PublicationCheckPanel';
import {
  pageEnv,
  useEnvMutation,
  useEnvQuery,
  useEnvSignedIn,
  useMunicipalityCode,
  useSignInOn,
  type EnvName,
} from '../../../features/mastertool-env/environments';
import { formatDateTime } from '../../../features/mastertool-env/format';
import { useApiQuery } from '../../../lib/api';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { useSnackbar } from '../../../lib/layout/snackbar';
import { usePageTitle } from '../../../lib/router/head';
import { RouterLink } from '../../../lib/router/RouterLink';
import { EnvironmentChip } from '../components/EnvironmentChip';
import { EnvironmentState } from '../components/EnvironmentState';
import { MastertoolPage } from '../components/MastertoolPage';
import { ScrollTable } from '../components/ScrollTable';

export function ReflectScreen() {
  const { t } = useTranslation();
  const code = useMunicipalityCode();
  const { groupId } = useParams({ strict: false }) as { groupId: string };
  const id = Number(groupId);
  const params = { code, reflectionManagerId: id };
  const manager = useApiQuery('operator.reflection_managers.get', { params });
  const history = useApiQuery('operator.reflection_managers.history', { params });
  const draft = useApiQuery('operator.procedure_group.get', {
    params: { code },
    query: { reflection_manager_id: id },
  });
  const name = manager.data?.name;
  const title = name ? t('mastertool.reflect.title', { name }) : t('screens.reflect');
  usePageTitle(name ? title : undefined);
  return (
    <MastertoolPage
      title={title}
      intro={t('mastertool.reflect.intro')}
      back={{ to: `/municipalities/${code}`, label: t('mastertool.backToManagers') }}
    >
      {manager.isPending ? <Loading /> : null}
      {manager.isError ? (
        <LoadError
          title={t('mastertool.reflect.loadError')}
          error={manager.error}
          onRetry={() => void manager.refetch()}
        />
      ) : null}
      {manager.data ? (
        <Stack spacing={3}>
          {draft.data ? (
            <PublicationCheckPanel
              config={draft.data.procedure_group}
              intro={t('mastertoolCheck.intro')}
              link={(path, label) => (
                <RouterLink
                  to="/municipalities/$code/procedure-groups/$groupId/edit"
                  params={{ code, groupId }}
                  search={{ at: path }}
                >
                  {label}
                </RouterLink>
              )}
            />
          ) : null}
          {(['staging', 'product'] as const).map((env) => (
            <EnvironmentPanel
              key={env}
              env={env}
              code={code}
              manager={manager.data}
              history={history.data}
              names={draft.data?.procedure_group}
            />
          ))}
          <HistoryPanel history={history.data} error={history.error} onRetry={() => void history.refetch()} />
        </Stack>
      ) : null}
    </MastertoolPage>
  );
}

type Confirm = { version: number | undefined } | null;

function EnvironmentPanel({
  env,
  code,
  manager,
  history,
  names,
}: {
  env: EnvName;
  code: string;
  manager: ReflectionManager;
  history: ReflectionHistory | undefined;
  names: unknown;
}) {
  const { t } = useTranslation();
  const notify = useSnackbar();
  const queryClient = useQueryClient();
  const params = { code, reflectionManagerId: manager.id };
  const status = useEnvSignedIn(env);
  const signedIn = env === pageEnv || status.data?.is_logged_in === true;
  // Production compares with what staging serves: before staging has a version there is nothing to show.
  const firstStaging = env === 'product' && manager.staging.version === null;
  const diff = useEnvQuery(
    env,
    'operator.reflection_managers.diff',
    { params },
    { enabled: signedIn && !firstStaging },
  );
  const reflect = useEnvMutation(env, 'operator.reflect');
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [rollbackTo, setRollbackTo] = useState('');
  const state = manager[env];
  const envName = t(`mastertool.env.${env}`);
  const headingId = `env-${env}`;
  const versions = (history?.versions ?? []).filter((v) => v.version !== state.version);

  const run = () => {
    const version = confirm?.version;
    setConfirm(null);
    reflect.mutate(
      { params, body: version === undefined ? {} : { version } },
      {
        onSuccess: (result) => {
          notify(
            t(version === undefined ? 'mastertool.reflect.done' : 'mastertool.reflect.rolledBack', {
              env: envName,
              version: result[env].version ?? '',
            }),
            'success',
          );
          setRollbackTo('');
          void queryClient.invalidateQueries();
        },
      },
    );
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, borderLeft: 6, borderLeftColor: env === 'staging' ? '#FFD43D' : '#0031B8' }}
      data-testid={`panel-${env}`}
    >
      <Typography variant="h2" id={headingId} gutterBottom>
        {t('mastertool.reflect.envHeading', { env: envName })}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <EnvironmentState env={env} state={state} heading={false} />
      </Box>
      {!signedIn ? (
        status.isPending ? (
          <Loading />
        ) : (
          <EnvSignIn env={env} />
        )
      ) : (
        <Stack spacing={2}>
          <Typography variant="h3">{t('mastertool.reflect.diffHeading')}</Typography>
          <Typography variant="body2">
            {env === 'staging' ? t('mastertool.reflect.diffStaging') : t('mastertool.reflect.diffProduct')}
          </Typography>
          {firstStaging ? (
            <Alert severity="info" data-testid="first-staging">
              {t('mastertoolCheck.diff.firstStaging')}
            </Alert>
          ) : null}
          {diff.isPending && !firstStaging ? <Loading /> : null}
          {diff.isError ? (
            <LoadError
              title={t('mastertool.reflect.diffError')}
              error={diff.error}
              onRetry={() => void diff.refetch()}
            />
          ) : null}
          {diff.data ? <DiffList changes={diff.data.changes} names={names} headingLevel="h4" /> : null}
          {reflect.isError ? (
            <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
              {t('mastertool.reflect.failed', { env: envName, detail: reflect.error.message })}
            </Alert>
          ) : null}
          <Box>
            <Button
              variant="contained"
              disabled={!state.can_reflect || reflect.isPending}
              onClick={() => setConfirm({ version: undefined })}
            >
              {reflect.isPending
                ? t('mastertool.reflect.reflecting')
                : t('mastertool.reflect.reflectTo', { env: envName })}
            </Button>
            {!state.can_reflect ? (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {state.is_reflected
                  ? t('mastertool.reflect.upToDate')
                  : t(`mastertool.reflect.cannot.${env}`)}
              </Typography>
            ) : null}
          </Box>
          {versions.length > 0 ? (
            <Box
              component="form"
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                if (rollbackTo !== '') setConfirm({ version: Number(rollbackTo) });
              }}
              sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
            >
              <Typography variant="h3" sx={{ width: '100%' }}>
                {t('mastertool.reflect.rollbackHeading')}
              </Typography>
              <TextField
                select
                size="small"
                id={`rollback-${env}`}
                label={t('mastertool.reflect.rollbackVersion', { env: envName })}
                value={rollbackTo}
                onChange={(e) => setRollbackTo(e.target.value)}
                sx={{ minWidth: 240 }}
              >
                {versions.map((v) => (
                  <MenuItem key={v.version} value={String(v.version)}>
                    {t('mastertool.reflect.versionOption', { version: v.version })}
                  </MenuItem>
                ))}
              </TextField>
              <Button type="submit" variant="outlined" disabled={rollbackTo === '' || reflect.isPending}>
                {t('mastertool.reflect.rollback', { env: envName })}
              </Button>
            </Box>
          ) : null}
        </Stack>
      )}
      <Dialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        aria-labelledby={`confirm-${env}-title`}
        aria-describedby={`confirm-${env}-text`}
      >
        <DialogTitle
          id={`confirm-${env}-title`}
          sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <EnvironmentChip env={env} />
          {confirm?.version === undefined
            ? t('mastertool.reflect.confirmTitle', { env: envName })
            : t('mastertool.reflect.confirmRollbackTitle', { env: envName, version: confirm.version })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id={`confirm-${env}-text`}>
            {confirm?.version === undefined
              ? t(`mastertool.reflect.confirmText.${env}`, { count: diff.data?.changes.length ?? 0 })
              : t('mastertool.reflect.confirmRollbackText', { env: envName, version: confirm.version })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{t('mastertool.reflect.cancel')}</Button>
          <Button variant="contained" onClick={run}>
            {confirm?.version === undefined
              ? t('mastertool.reflect.confirm', { env: envName })
              : t('mastertool.reflect.confirmRollback')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

/** Sign-in on the other environment, inside its panel. */
function EnvSignIn({ env }: { env: EnvName }) {
  const { t } = useTranslation();
  const signIn = useSignInOn(env);
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const envName = t(`mastertool.env.${env}`);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (loginId.trim() === '' || password === '') {
          setMissing(true);
          return;
        }
        setMissing(false);
        signIn.mutate({ login_id: loginId, password });
      }}
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('mastertool.reflect.signInNeeded', { env: envName })}
      </Alert>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        {missing ? (
          <Alert severity="error" role="alert">
            {t('mastertool.reflect.signInMissing')}
          </Alert>
        ) : null}
        {signIn.isError ? (
          <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
            {signIn.error.message}
          </Alert>
        ) : null}
        <TextField
          id={`login-${env}`}
          label={t('signIn.loginId')}
          value={loginId}
          onChange={(e) => setLoginId(e.target.value)}
          autoComplete="username"
          required
          size="small"
        />
        <TextField
          id={`password-${env}`}
          label={t('signIn.password')}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          required
          size="small"
        />
        <Box>
          <Button type="submit" variant="contained" disabled={signIn.isPending}>
            {t('mastertool.reflect.signInTo', { env: envName })}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function HistoryPanel({
  history,
  error,
  onRetry,
}: {
  history: ReflectionHistory | undefined;
  error: Error | null;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'ja';
  const reflectedIn = (env: EnvName, version: number) =>
    (history?.[env] ?? []).filter((r) => r.version === version);
  return (
    <Paper component="section" variant="outlined" aria-labelledby="history" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id="history" gutterBottom>
        {t('mastertool.reflect.historyHeading')}
      </Typography>
      {error ? (
        <LoadError title={t('mastertool.reflect.historyError')} error={error} onRetry={onRetry} />
      ) : null}
      {!history && !error ? <Loading /> : null}
      {history && history.versions.length === 0 ? (
        <Typography>{t('mastertool.reflect.noVersions')}</Typography>
      ) : null}
      {history && history.versions.length > 0 ? (
        <ScrollTable
          label={t('mastertool.reflect.historyHeading')}
          columns={[
            t('mastertool.state.version'),
            t('mastertool.reflect.publishedAt'),
            t('mastertool.env.staging'),
            t('mastertool.env.product'),
          ]}
        >
          <TableBody>
            {history.versions.map((v) => (
              <TableRow key={v.version}>
                <TableCell component="th" scope="row">
                  {v.version}
                </TableCell>
                <TableCell>
                  {formatDateTime(v.published_at, language)}
                  {v.published_by ? ` (${v.published_by})` : ''}
                </TableCell>
                {(['staging', 'product'] as const).map((env) => (
                  <TableCell key={env}>
                    {reflectedIn(env, v.version)
                      .map(
                        (r) =>
                          `${formatDateTime(r.reflected_at, language)}${r.reflected_by ? ` (${r.reflected_by})` : ''}`,
                      )
                      .join('、') || '—'}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      ) : null}
    </Paper>
  );
}
