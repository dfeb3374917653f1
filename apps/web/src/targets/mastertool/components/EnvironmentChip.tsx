// Which environment a page or a card is about, in words and colour (never colour alone).
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { EnvName } from '../../../features/mastertool-env/environments';

export function EnvironmentChip({ env, size = 'small' }: { env: EnvName; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  return (
    <Chip
      size={size}
      label={t(`mastertool.env.${env}`)}
      sx={
        env === 'staging'
          ? { bgcolor: '#FFD43D', color: '#1A1A1A', fontWeight: 700, border: '1px solid #1A1A1A' }
          : { bgcolor: '#0031B8', color: '#FFFFFF', fontWeight: 700 }
      }
    />
  );
}
