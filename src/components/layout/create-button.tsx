import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** The heading's main action of a list screen: 'Создать …' with a plus. */
export function CreateButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="contained" startIcon={<AddIcon />} onClick={onClick}>
      {children}
    </Button>
  );
}
