// Where a stored answer came from (decision 0012), beside its value on the staff detail: a small outlined
// chip naming the source (text, never colour alone), read as "入力元：住民記録" by screen readers. Typed
// answers have none; the legend above the answers says so.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { PrefillSource } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../lib/layout/visually-hidden';

export function AnswerSource({ source }: { source: PrefillSource | null }) {
  const { t } = useTranslation();
  if (source === null) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      component="span"
      data-source={source}
      sx={{ ml: 1, verticalAlign: 'middle', position: 'relative', whiteSpace: 'nowrap' }}
      label={
        <>
          <Box component="span" sx={visuallyHidden}>
            {t('staff.answers.sourcePrefix')}
          </Box>
          {t(`staff.answers.source.${source}`)}
        </>
      }
    />
  );
}

/** The one line above the answers that explains the chips. */
export function AnswerSourceLegend() {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary">
      {t('staff.answers.sourceLegend')}
    </Typography>
  );
}
