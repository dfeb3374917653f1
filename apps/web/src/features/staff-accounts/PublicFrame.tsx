// The frame of the staff screens reached without sign-in (password reset, invitation): the shell without
// navigation, a card with the page heading.
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AreaShell } from '../../lib/layout/AreaShell';
import { Themed } from '../../lib/layout/Themed';

export function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Themed>
      <AreaShell target="municipality" items={[]}>
        <Paper
          variant="outlined"
          sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 1, md: 4 }, p: { xs: 2, sm: 4 } }}
        >
          <Typography variant="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </Paper>
      </AreaShell>
    </Themed>
  );
}

/** The municipality a mailed link names (6 digits), or null. */
export function linkMunicipality(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value).padStart(6, '0') : value;
  return typeof text === 'string' && /^\d{6}$/.test(text) ? text : null;
}
