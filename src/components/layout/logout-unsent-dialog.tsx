import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Asks before logging out with `pending` items of this user still on the device; staying is the default. */
export function LogoutUnsentDialog({
  pending,
  onStay,
  onLeave,
}: {
  pending: number;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Dialog open onClose={onStay} aria-labelledby="logout-unsent-title">
      <DialogTitle id="logout-unsent-title">Выйти, не отправив данные?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          На устройстве есть неотправленные данные ({pending}). Они останутся здесь и будут отправлены, когда
          вы снова войдете и появится сеть.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={onLeave}>
          Выйти
        </Button>
        <Button variant="contained" onClick={onStay} autoFocus>
          Остаться
        </Button>
      </DialogActions>
    </Dialog>
  );
}
