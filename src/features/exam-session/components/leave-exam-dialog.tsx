import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Asks before a navigation leaves a running exam; staying is the default. */
export function LeaveExamDialog({
  open,
  onStay,
  onLeave,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby="leave-exam-title">
      <DialogTitle id="leave-exam-title">Прервать экзамен?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Если уйти со страницы, запись ответа остановится. Записанное будет отправлено учителю как прерванная
          запись.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={onLeave}>
          Уйти
        </Button>
        <Button variant="contained" onClick={onStay} autoFocus>
          Остаться
        </Button>
      </DialogActions>
    </Dialog>
  );
}
