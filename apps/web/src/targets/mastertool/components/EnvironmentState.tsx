// The state of one environment for one reflection manager: version, whether it is up to date, whether
// it can be reflected, and when it last was.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReflectionManager } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import type { EnvName } from '../../../features/mastertool-env/environments';
import { formatDateTime } from '../../../features/mastertool-env/format';
import { EnvironmentChip } from './EnvironmentChip';

export function EnvironmentState({
  env,
  state,
  headingLevel = 'h3',
  heading = true,
}: {
  env: EnvName;
  state: ReflectionManager['staging'];
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** False where a heading names the environment already. */
  heading?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [
    [
      t('mastertool.state.version'),
      state.version === null ? t('mastertool.state.noVersion') : String(state.version),
    ],
    [
      t('mastertool.state.isReflected'),
      state.is_reflected ? t('mastertool.state.yes') : t('mastertool.state.no'),
    ],
    [
      t('mastertool.state.canReflect'),
      state.can_reflect ? t('mastertool.state.yes') : t('mastertool.state.no'),
    ],
    [
      t('mastertool.state.lastReflectionAt'),
      formatDateTime(state.last_reflection_at, i18n.resolvedLanguage ?? 'ja') || t('mastertool.state.never'),
    ],
  ];
  return (
    <Box data-testid={`state-${env}`}>
      {heading ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography component={headingLevel} variant="h6" sx={{ fontSize: '1rem', fontWeight: 700 }}>
            <EnvironmentChip env={env} />
          </Typography>
        </Box>
      ) : null}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
