import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useBlocker } from '@tanstack/react-router';
import { syncEngine } from '@/lib/device-sync';

/** The user's own unsent items (the badge's count), unless the session already expired. */
const hasUnsent = () => {
  const { pending, needsLogin } = syncEngine.getSnapshot();
  return pending > 0 && !needsLogin;
};

/**
 * 'Выйти' (any way to /login) with this user's work still on the device asks first: it stays
 * and goes once they log in again, but not while someone else is signed in.
 */
export function LogoutGuard() {
  const blocker = useBlocker({
    shouldBlockFn: ({ next }) => next.pathname === '/login' && hasUnsent(),
    withResolver: true,
  });
  const open = blocker.status === 'blocked';
  const pending = syncEngine.getSnapshot().pending;
  return (
    <Dialog open={open} onClose={() => blocker.reset?.()} aria-labelledby="logout-unsent-title">
      <DialogTitle id="logout-unsent-title">Выйти, не отправив данные?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          На устройстве есть неотправленные данные ({pending}). Они останутся здесь и будут отправлены, когда
          вы снова войдете и появится сеть.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          Выйти
        </Button>
        <Button variant="contained" onClick={() => blocker.reset?.()} autoFocus>
          Остаться
        </Button>
      </DialogActions>
    </Dialog>
  );
}
