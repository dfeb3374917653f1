// The filter form above a staff table: a named search landmark with its heading, the fields in a grid,
// then search and clear. The screen keeps the draft and says what searching and clearing do.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function FilterPanel({
  title,
  onSubmit,
  onClear,
  clearDisabled,
  footer,
  children,
}: {
  /** The heading, also the name of the search landmark. */
  title: string;
  /** Called with the form's submit event (not yet prevented). */
  onSubmit: (event: FormEvent) => void;
  onClear: () => void;
  clearDisabled?: boolean;
  /** Shown below the buttons. */
  footer?: ReactNode;
  /** The filter fields. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      component="form"
      role="search"
      aria-label={title}
      noValidate
      onSubmit={onSubmit}
      sx={{ p: 2 }}
    >
      <Typography component="h2" variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
        }}
      >
        {children}
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained">
          {t('staff.documents.search')}
        </Button>
        <Button type="button" variant="outlined" onClick={onClear} disabled={clearDisabled}>
          {t('staff.documents.clear')}
        </Button>
      </Stack>
      {footer}
    </Paper>
  );
}
