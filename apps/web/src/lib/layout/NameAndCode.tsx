// A name with its code apart (decision 0056): the name first, the code a small grey caption after it,
// read after a pause (「出生届、birth_notification」) so the accessible name stays unique. Where nothing can
// be styled (a native <option>, the text of an input) the same pair reads 「出生届 · birth_notification」.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from './visually-hidden';

/** The code's caption and the pause before it (nothing when the name is the code). */
export function CodeCaption({
  code,
  hidden = false,
  spaced = false,
}: {
  code: string;
  /** Said to screen readers only (a chip whose name another option shares). */
  hidden?: boolean;
  /** Set apart from the name by a margin. */
  spaced?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Box component="span" sx={visuallyHidden}>
        {t('common.codePause')}
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
          sx={{ overflowWrap: 'anywhere', ...(spaced ? { ml: 1.5 } : {}) }}
        >
          {code}
        </Typography>
      )}
    </>
  );
}

/**
 * The name (and anything said after it), then the code's caption on the same line (or the next, when
 * narrow). Inline, not flex: flex items would put spaces into the accessible name (「氏 、 code」).
 */
export function NameAndCode({ name, code, after }: { name: ReactNode; code: string; after?: ReactNode }) {
  const showCode = code !== '' && name !== code;
  return (
    <Box component="span" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
      {name}
      {after}
      {showCode ? <CodeCaption code={code} spaced /> : null}
    </Box>
  );
}
