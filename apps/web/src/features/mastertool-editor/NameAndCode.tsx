// A name with its code apart (decision 0056): the name first, the code a small grey caption after it,
// read after a pause (「出生届、birth_notification」) so the accessible name stays unique. Where nothing can
// be styled (a native <option>, the text of an input) the same pair reads 「出生届 · birth_notification」.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../lib/layout/visually-hidden';

/** The code's caption and the pause before it (nothing when the name is the code). */
export function CodeCaption({ code, hidden = false }: { code: string; hidden?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Box component="span" sx={visuallyHidden}>
        {t('mastertool.typeCodePause')}
      </Box>
      {hidden ? (
        <Box component="span" sx={visuallyHidden}>
          {code}
        </Box>
      ) : (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {code}
        </Typography>
      )}
    </>
  );
}

/** The name (and anything said after it) on the left, the code's caption after it on the same line. */
export function NameAndCode({ name, code, after }: { name: ReactNode; code: string; after?: ReactNode }) {
  const showCode = code !== '' && name !== code;
  return (
    <Box
      component="span"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5, minWidth: 0 }}
    >
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {name}
        {after}
      </Box>
      {showCode ? <CodeCaption code={code} /> : null}
    </Box>
  );
}
