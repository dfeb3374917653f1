// A table that scrolls sideways on narrow screens; the scrolling region is focusable and named, so
// keyboard users can scroll it too. Its head is one row of column headers.
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

export function ScrollTable({
  label,
  columns,
  children,
}: {
  label: string;
  /** The column headers, in order. */
  columns: readonly string[];
  /** The table's body. */
  children: ReactNode;
}) {
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
        <TableHead>
          <TableRow>
            {columns.map((column, i) => (
              <TableCell key={i} component="th" scope="col">
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        {children}
      </Table>
    </Box>
  );
}
