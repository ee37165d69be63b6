import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import type { ReactNode } from 'react';

/** A dialog's button row: 'Отмена' (off while saving), then the dialog's own buttons. */
export function DialogButtons({
  loading,
  onCancel,
  children,
}: {
  loading: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={loading}>
        Отмена
      </Button>
      {children}
    </DialogActions>
  );
}
