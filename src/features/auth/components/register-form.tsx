import Button from '@mui/material/Button';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { RegistrationRole } from '@/shared/roles';
import { ERROR_TEXT, SUCCESS_TEXT } from '@/shared/messages';
import { RadioChoice } from '@/components/radio-choice/radio-choice';
import { EMPTY_USER_FORM } from '@/components/user-dialog/user-dialog';
import { UserFields } from '@/components/user-dialog/user-fields';
import { ApiError } from '@/lib/api-status';
import { useNotify } from '@/lib/notify';
import { useRegister } from '../api/register';
import { AuthCard } from './auth-card';

const ROLES = [
  { value: 'ROLE_TEACHER', label: 'Учитель' },
  { value: 'ROLE_STUDENT', label: 'Ученик' },
] as const satisfies readonly { value: RegistrationRole; label: string }[];

const FIELD_ORDER = ['username', 'email', 'password', 'name', 'surname', 'patronymic'] as const;

/** Registration: 409 → each of `errors`; 400 → `message`; else the generic text. */
function registrationErrors(error: unknown): string[] {
  if (error instanceof ApiError && error.status !== undefined) {
    const body = (error.data ?? {}) as { errors?: unknown; message?: unknown };
    if (error.status === 409 && Array.isArray(body.errors)) return body.errors.map(String);
    if (error.status === 400 && typeof body.message === 'string') return [body.message];
  }
  return [ERROR_TEXT.generic];
}

export function RegisterForm() {
  const [values, setValues] = useState(EMPTY_USER_FORM);
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
      <UserFields
        names={FIELD_ORDER}
        values={values}
        onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
      />
      <RadioChoice label="Роль" value={role} options={ROLES} onChange={setRole} />
      <Button type="submit" variant="contained" size="large" loading={register.isPending}>
        Зарегистрироваться
      </Button>
    </AuthCard>
  );
}
