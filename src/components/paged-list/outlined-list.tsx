import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/** A list in an outlined frame, named `label` for assistive technology; `children` are its items. */
export function OutlinedList({
  label,
  dense,
  children,
}: {
  label: string;
  dense?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined">
      <List dense={dense} aria-label={label} disablePadding>
        {children}
      </List>
    </Paper>
  );
}
