// Pieces of the staff screens' forms: a form on a card named by its heading, and the message of a
// failed submission (announced at once, in the app's words).
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';

/** A form on an outlined card, named by its heading; its fields stand in a column. */
export function FormPanel({
  titleId,
  title,
  onSubmit,
  spacing = 2,
  children,
}: {
  /** The heading's id, which names the form. */
  titleId: string;
  title: string;
  onSubmit: (event: FormEvent) => void;
  /** The space between the heading and each field. */
  spacing?: number;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ p: { xs: 2, sm: 3 } }}
      aria-labelledby={titleId}
    >
      <Stack spacing={spacing}>
        <Typography id={titleId} variant="h2">
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}

/** Why a submission failed, or nothing; `children` adds a way on after the message. */
export function FailureAlert({
  failure,
  sx,
  children,
}: {
  failure: string | null;
  sx?: { mt?: number };
  children?: ReactNode;
}) {
  if (!failure) return null;
  return (
    <Alert severity="error" role="alert" sx={sx}>
      {failure}
      {children ? <> {children}</> : null}
    </Alert>
  );
}
