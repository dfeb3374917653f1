// One entry of a configuration list shown as its own section (a procedure, an attached document): the
// heading names it, the fields follow, and the last button removes it.
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function EntrySection({
  headingId,
  heading,
  level = 'h2',
  removeLabel,
  onRemove,
  children,
}: {
  /** The heading's id, which names the section. */
  headingId: string;
  heading: string;
  /** The heading's level: h3 where the entries sit under a heading of their own. */
  level?: 'h2' | 'h3';
  removeLabel: string;
  onRemove: () => void;
  /** The entry's fields. */
  children: ReactNode;
}) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant={level} id={headingId} gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {heading}
      </Typography>
      <Stack spacing={2}>
        {children}
        <div>
          <Button color="error" startIcon={<DeleteIcon />} onClick={onRemove}>
            {removeLabel}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
