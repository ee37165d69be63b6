import { type FormEvent, useState } from 'react';
import type { VariantDto } from '@/shared/contract/teacher';
import { SUCCESS_TEXT } from '@/shared/messages';
import { FormDialog, NameField } from '@/components/form-dialog/form-dialog';
import { useNotify } from '@/lib/notify';
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
    <FormDialog
      title={variant ? 'Редактирование варианта' : 'Новый вариант'}
      loading={loading}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={variant ? 'Обновить' : 'Создать'}
    >
      <NameField value={name} onChange={setName} />
      <TaskPicker value={tasks} onChange={setTasks} />
    </FormDialog>
  );
}
