// The MUI theme of this build target, its baseline styles and the snackbar. Every frame (the applicant's
// default and no-layout frames, the staff and master-tool shell) renders inside it, so MUI loads with the
// first screen's chunks rather than with the entry.
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { targetTheme } from '../../target';
import { currentTarget } from '../app/current-target';
import { themeByName } from '../theme/themes';
import { SnackbarHost } from './snackbar';

export function Themed({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={themeByName(targetTheme[currentTarget])}>
      <CssBaseline />
      {children}
      <SnackbarHost />
    </ThemeProvider>
  );
}
