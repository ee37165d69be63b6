import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ERROR_TEXT, SUCCESS_TEXT } from '@/shared/messages';
import { useNotify } from '@/lib/notify';
import { useCompleteRecovery } from '../api/complete-recovery';
import { AuthCard } from './auth-card';

export function NewPasswordForm({ recoveryId }: { recoveryId: string }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const notify = useNotify();
  const navigate = useNavigate();
  const complete = useCompleteRecovery();
  const submit = () => {
    if (password !== repeat) {
      notify.error(ERROR_TEXT.passwordsDiffer);
      return;
    }
    complete.mutate(
      { id: recoveryId, password },
      {
        onSuccess: () => {
          notify.success(SUCCESS_TEXT.passwordUpdated);
          void navigate({ to: '/login' });
        },
        onError: notify.apiError,
      },
    );
  };
  return (
    <AuthCard title="Новый пароль" onSubmit={submit}>
      <TextField
        label="Новый пароль"
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
        autoFocus
      />
      <TextField
        label="Повторите пароль"
        name="repeat"
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
        required
      />
      <Button type="submit" variant="contained" size="large" loading={complete.isPending}>
        Сохранить
      </Button>
    </AuthCard>
  );
}
