import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useNotify } from '@/lib/notify';
import { DialogButtons } from '../form-dialog/dialog-buttons';
import { usePhoneLayout } from '../layout/use-phone-layout';

/** Asks before something that cannot be undone (deleting an exam, removing a student). */
export function ConfirmDialog({
  title,
  text,
  confirmLabel = 'Удалить',
  loading,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel?: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const phone = usePhoneLayout();
  return (
    <Dialog
      fullScreen={phone}
      open
      onClose={loading ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
      </DialogContent>
      <DialogButtons loading={loading} onCancel={onClose}>
        <Button color="error" variant="contained" loading={loading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogButtons>
    </Dialog>
  );
}

/**
 * ConfirmDialog before a delete-by-id mutation: 'Удалить' deletes `id`, says `done` (or the API's
 * error) and closes the dialog either way.
 */
export function ConfirmDeleteDialog({
  title,
  text,
  remove,
  id,
  done,
  onClose,
}: {
  title: string;
  text: string;
  remove: UseMutationResult<unknown, unknown, number>;
  id: number;
  done: string;
  onClose: () => void;
}) {
  const notify = useNotify();
  const confirm = () =>
    remove.mutate(id, {
      onSuccess: () => notify.success(done),
      onError: notify.apiError,
      onSettled: onClose,
    });
  return (
    <ConfirmDialog
      title={title}
      text={text}
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
