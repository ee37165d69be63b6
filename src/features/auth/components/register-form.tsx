import Button from '@mui/material/Button';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '@/shared/contract/users';
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
type FieldName = (typeof FIELD_ORDER)[number];

/** Told before it is broken, not after. */
const PASSWORD_RULES = `Не короче ${PASSWORD_MIN_LENGTH} символов; простые пароли вроде 12345678 не принимаются`;
const REQUIRED_FIELD = 'Обязательное поле';

/** The required fields left empty (all but the patronymic). */
function emptyRequiredFields(values: Record<FieldName, string>): FieldName[] {
  return FIELD_ORDER.filter((name) => name !== 'patronymic' && values[name].trim() === '');
}

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
  // Marks show after the first try to submit, and each goes once its field is filled.
  const [tried, setTried] = useState(false);
  const notify = useNotify();
  const navigate = useNavigate();
  const register = useRegister();

  const empty = tried ? emptyRequiredFields(values) : [];
  const submit = () => {
    setTried(true);
    if (!role) {
      notify.error(ERROR_TEXT.roleNotChosen);
      return;
    }
    if (emptyRequiredFields(values).length > 0) return;
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
        fieldProps={(name) => {
          const missing = empty.includes(name);
          const helperText = missing ? REQUIRED_FIELD : name === 'password' ? PASSWORD_RULES : undefined;
          return { error: missing, helperText };
        }}
      />
      <RadioChoice
        label="Роль"
        value={role}
        options={ROLES}
        onChange={setRole}
        error={tried && !role ? ERROR_TEXT.roleNotChosen : undefined}
      />
      <Button type="submit" variant="contained" size="large" loading={register.isPending}>
        Зарегистрироваться
      </Button>
    </AuthCard>
  );
}
