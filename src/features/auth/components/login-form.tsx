import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { createLink, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ERROR_TEXT } from '@/shared/messages';
import { errorTexts } from '@/lib/api-errors';
import { errorStatus } from '@/lib/api-status';
import { useNotify } from '@/lib/notify';
import { useAuthenticate } from '../api/authenticate';
import { AuthCard } from './auth-card';

const RouterLink = createLink(Link);

const AREA_BY_ROLE = { ADMIN: '/admin', TEACHER: '/teacher', STUDENT: '/student' } as const;

export function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const notify = useNotify();
  const navigate = useNavigate();
  const authenticate = useAuthenticate();

  const submit = () => {
    authenticate.mutate(
      { username, password },
      {
        onSuccess: ({ role }) => void navigate({ to: AREA_BY_ROLE[role] ?? '/login' }),
        onError: (error) => {
          // Login: 403 is a wrong pair; no answer is 'Что-то пошло не так'.
          if (errorStatus(error) === 403) notify.error(ERROR_TEXT.wrongCredentials);
          else for (const text of errorTexts(error)) notify.error(text);
        },
      },
    );
  };

  return (
    <AuthCard title="Вход" onSubmit={submit}>
      <TextField
        label="Логин"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        required
        autoFocus
      />
      <TextField
        label="Пароль"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      <Button type="submit" variant="contained" size="large" loading={authenticate.isPending}>
        Войти
      </Button>
      <RouterLink to="/recover" variant="body2">
        Забыли пароль?
      </RouterLink>
    </AuthCard>
  );
}
