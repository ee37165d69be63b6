import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useNavigate } from '@tanstack/react-router';
import { FetchError } from 'ofetch';
import { useState } from 'react';
import type { RegistrationRole } from '../../../shared/roles';
import { ERROR_TEXT, SUCCESS_TEXT } from '../../../shared/messages';
import { useNotify } from '../../../lib/notify';
import { useRegister } from '../api/register';
import { AuthCard } from './auth-card';

const FIELDS = [
  { name: 'username', label: 'Логин', autoComplete: 'username', type: 'text' },
  { name: 'email', label: 'Почта', autoComplete: 'email', type: 'email' },
  { name: 'password', label: 'Пароль', autoComplete: 'new-password', type: 'password' },
  { name: 'name', label: 'Имя', autoComplete: 'given-name', type: 'text' },
  { name: 'surname', label: 'Фамилия', autoComplete: 'family-name', type: 'text' },
  { name: 'patronymic', label: 'Отчество', autoComplete: 'additional-name', type: 'text' },
] as const;

type FieldName = (typeof FIELDS)[number]['name'];

/** SPEC.md §8 (registration): 409 → each of `errors`; 400 → `message`; else the generic text. */
function registrationErrors(error: unknown): string[] {
  if (error instanceof FetchError && error.response) {
    const body = (error.data ?? {}) as { errors?: unknown; message?: unknown };
    if (error.status === 409 && Array.isArray(body.errors)) return body.errors.map(String);
    if (error.status === 400 && typeof body.message === 'string') return [body.message];
  }
  return [ERROR_TEXT.generic];
}

export function RegisterForm() {
  const [values, setValues] = useState<Record<FieldName, string>>({
    username: '',
    email: '',
    password: '',
    name: '',
    surname: '',
    patronymic: '',
  });
  const [role, setRole] = useState<RegistrationRole | ''>('');
  const notify = useNotify();
  const navigate = useNavigate();
  const register = useRegister();

  const submit = () => {
    if (!role) {
      notify.error(ERROR_TEXT.roleNotChosen);
      return;
    }
    register.mutate(
      { ...values, role },
      {
        onSuccess: () => {
          notify.success(
            role === 'ROLE_TEACHER' ? SUCCESS_TEXT.registeredTeacher : SUCCESS_TEXT.registeredStudent,
          );
          void navigate({ to: '/login' });
        },
        onError: (error) => registrationErrors(error).forEach(notify.error),
      },
    );
  };

  return (
    <AuthCard title="Регистрация" onSubmit={submit}>
      {FIELDS.map((f) => (
        <TextField
          key={f.name}
          name={f.name}
          label={f.label}
          type={f.type}
          autoComplete={f.autoComplete}
          value={values[f.name]}
          required={f.name !== 'patronymic'}
          onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
        />
      ))}
      <FormControl>
        <FormLabel id="register-role">Роль</FormLabel>
        <RadioGroup
          row
          aria-labelledby="register-role"
          value={role}
          onChange={(e) => setRole(e.target.value as RegistrationRole)}
        >
          <FormControlLabel value="ROLE_TEACHER" control={<Radio />} label="Учитель" />
          <FormControlLabel value="ROLE_STUDENT" control={<Radio />} label="Ученик" />
        </RadioGroup>
      </FormControl>
      <Button type="submit" variant="contained" size="large" loading={register.isPending}>
        Зарегистрироваться
      </Button>
    </AuthCard>
  );
}
