import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

/** Asks before leaving what would be lost or left behind: leaving in red, staying the default. */
export function StayOrLeaveDialog({
  open,
  title,
  text,
  leaveLabel,
  onStay,
  onLeave,
}: {
  open: boolean;
  title: string;
  text: string;
  leaveLabel: string;
  onStay: () => void;
  onLeave: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={onLeave}>
          {leaveLabel}
        </Button>
        <Button variant="contained" onClick={onStay} autoFocus>
          Остаться
        </Button>
      </DialogActions>
    </Dialog>
  );
}
