import type { UserDto } from '@/shared/contract/users';
import { UserDialog, type UserFormValues } from '@/components/user-dialog/user-dialog';
import { useNotify } from '@/lib/notify';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { USER_KINDS, type UserKind } from '../user-kind';

const formValues = (u: UserDto): UserFormValues => ({
  username: u.username,
  password: '',
  email: u.email,
  name: u.name,
  surname: u.surname,
  patronymic: u.patronymic,
});

/** Creates an account of the kind, or edits `user` when given. */
export function AdminUserDialog({
  kind,
  user,
  onClose,
}: {
  kind: UserKind;
  user?: UserDto;
  onClose: () => void;
}) {
  const k = USER_KINDS[kind];
  const notify = useNotify();
  const create = useCreateUser(kind);
  const update = useUpdateUser(kind);

  const submit = (values: UserFormValues) => {
    const callbacks = {
      onSuccess: () => {
        notify.success(user ? k.updated : k.created);
        onClose();
      },
      onError: notify.apiError,
    };
    if (user) update.mutate({ ...values, id: user.id }, callbacks);
    else create.mutate(values, callbacks);
  };

  return (
    <UserDialog
      title={user ? k.editTitle : k.createTitle}
      submitLabel={user ? 'Сохранить' : 'Создать'}
      initial={user ? formValues(user) : undefined}
      passwordOptional={Boolean(user)}
      loading={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
