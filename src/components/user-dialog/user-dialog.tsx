import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';

export interface UserFormValues {
  username: string;
  password: string;
  email: string;
  name: string;
  surname: string;
  patronymic: string;
}

export const EMPTY_USER_FORM: UserFormValues = {
  username: '',
  password: '',
  email: '',
  name: '',
  surname: '',
  patronymic: '',
};

const FIELDS = [
  { name: 'username', label: 'Логин', type: 'text', autoComplete: 'off' },
  { name: 'password', label: 'Пароль', type: 'password', autoComplete: 'new-password' },
  { name: 'email', label: 'Почта', type: 'email', autoComplete: 'off' },
  { name: 'name', label: 'Имя', type: 'text', autoComplete: 'off' },
  { name: 'surname', label: 'Фамилия', type: 'text', autoComplete: 'off' },
  { name: 'patronymic', label: 'Отчество', type: 'text', autoComplete: 'off' },
] as const;

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
  return (
    <Dialog open onClose={loading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {FIELDS.map((f) => (
              <TextField
                key={f.name}
                name={f.name}
                label={f.label}
                type={f.type}
                autoComplete={f.autoComplete}
                value={values[f.name]}
                required={f.name !== 'patronymic' && !(f.name === 'password' && passwordOptional)}
                helperText={
                  f.name === 'password' && passwordOptional ? 'Оставьте пустым, чтобы не менять' : undefined
                }
                autoFocus={f.name === 'username'}
                onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={loading}>
            Отмена
          </Button>
          <Button type="submit" variant="contained" loading={loading}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
