import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type FormEvent, useId, useState } from 'react';
import { DialogButtons } from '../form-dialog/dialog-buttons';
import { SubmitButton } from '../form-dialog/form-dialog';
import { UserFields } from './user-fields';
import { usePhoneLayout } from '../layout/use-phone-layout';

export interface UserFormValues {
  username: string;
  password: string;
  email: string;
  name: string;
  surname: string;
  patronymic: string;
}

const FIELD_ORDER = ['username', 'password', 'email', 'name', 'surname', 'patronymic'] as const;

export const EMPTY_USER_FORM: UserFormValues = {
  username: '',
  password: '',
  email: '',
  name: '',
  surname: '',
  patronymic: '',
};

/**
 * The account form of any role (admin's students and teachers, a teacher's new student):
 * username, password, email, name, surname, patronymic. Mount it afresh for each opening: the
 * fields start from `initial`.
 */
export function UserDialog({
  title,
  submitLabel,
  initial = EMPTY_USER_FORM,
  passwordOptional = false,
  loading,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initial?: UserFormValues;
  /** On edit an empty password keeps the current one. */
  passwordOptional?: boolean;
  loading: boolean;
  onSubmit: (values: UserFormValues) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState(initial);
  const titleId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(values);
  };
  const phone = usePhoneLayout();
  return (
    <Dialog
      fullScreen={phone}
      open
      onClose={loading ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <UserFields
              names={FIELD_ORDER}
              values={values}
              onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
              ownAccount={false}
              fieldProps={(name) =>
                name === 'username'
                  ? { autoFocus: true }
                  : name === 'password' && passwordOptional
                    ? { required: false, helperText: 'Оставьте пустым, чтобы не менять' }
                    : {}
              }
            />
          </Stack>
        </DialogContent>
        <DialogButtons loading={loading} onCancel={onClose}>
          <SubmitButton loading={loading}>{submitLabel}</SubmitButton>
        </DialogButtons>
      </form>
    </Dialog>
  );
}
