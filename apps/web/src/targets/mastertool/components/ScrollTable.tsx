// A table that scrolls sideways on narrow screens; the scrolling region is focusable and named, so
// keyboard users can scroll it too.
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import type { ReactNode } from 'react';

export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Table
        size="small"
        aria-label={label}
        sx={{ minWidth: 560, '& thead th, & tbody th': { whiteSpace: 'nowrap' } }}
      >
        {children}
      </Table>
    </Box>
  );
}
