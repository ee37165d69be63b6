import { SUCCESS_TEXT } from '@/shared/messages';
import { UserDialog, type UserFormValues } from '@/components/user-dialog/user-dialog';
import { useNotify } from '@/lib/notify';
import { useCreateStudent } from '../api/create-student';

/** 'Создать ученика': a new student account, on the teacher's list at once. */
export function CreateStudentDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateStudent();
  const notify = useNotify();
  const submit = (values: UserFormValues) =>
    create.mutate(values, {
      onSuccess: () => {
        notify.success(SUCCESS_TEXT.studentCreated);
        onClose();
      },
      // A taken username or e-mail answers 409 with an `errors` list: one toast each.
      onError: notify.apiError,
    });
  return (
    <UserDialog
      title="Новый ученик"
      submitLabel="Создать"
      loading={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
