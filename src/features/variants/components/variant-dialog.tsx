import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import type { VariantDto } from '../../../shared/contract/teacher';
import { SUCCESS_TEXT } from '../../../shared/messages';
import { useNotify } from '../../../lib/notify';
import { useCreateVariant } from '../api/create-variant';
import { useUpdateVariant } from '../api/update-variant';
import { type PickedTask, TaskPicker } from './task-picker';

const pickedOf = (variant: VariantDto): PickedTask[] =>
  [...variant.tasks]
    .sort((a, b) => a.sequence_number - b.sequence_number)
    .map((entry) => ({ id: entry.task.id, name: entry.task.name }));

/**
 * Creates a variant, or edits `variant` when given. Mount it afresh for each opening: it starts
 * from the loaded variant, so Cancel restores the loaded state.
 */
export function VariantDialog({ variant, onClose }: { variant?: VariantDto; onClose: () => void }) {
  const [name, setName] = useState(variant?.name ?? '');
  const [tasks, setTasks] = useState<PickedTask[]>(() => (variant ? pickedOf(variant) : []));
  const titleId = useId();
  const notify = useNotify();
  const create = useCreateVariant();
  const update = useUpdateVariant();
  const loading = create.isPending || update.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { name, tasks: tasks.map((t) => t.id) };
    const done = (text: string) => () => {
      notify.success(text);
      onClose();
    };
    if (variant) {
      update.mutate(
        { ...body, id: variant.id },
        { onSuccess: done(SUCCESS_TEXT.variantUpdated), onError: notify.apiError },
      );
    } else {
      create.mutate(body, { onSuccess: done(SUCCESS_TEXT.variantCreated), onError: notify.apiError });
    }
  };

  return (
    <Dialog
      open
      onClose={loading ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      scroll="paper"
    >
      <DialogTitle id={titleId}>{variant ? 'Редактирование варианта' : 'Новый вариант'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5} component="form" id={`${titleId}-form`} noValidate onSubmit={submit}>
          <TextField
            label="Название"
            name="name"
            value={name}
            required
            autoFocus
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TaskPicker value={tasks} onChange={setTasks} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={loading}>
          Отмена
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" loading={loading}>
          {variant ? 'Обновить' : 'Создать'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
