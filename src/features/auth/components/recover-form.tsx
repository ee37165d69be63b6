import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { SUCCESS_TEXT } from '@/shared/messages';
import { useNotify } from '@/lib/notify';
import { useRequestRecovery } from '../api/recover';
import { AuthCard } from './auth-card';

export function RecoverForm() {
  const [email, setEmail] = useState('');
  const notify = useNotify();
  const recover = useRequestRecovery();
  const submit = () =>
    recover.mutate(email, {
      onSuccess: () => notify.success(SUCCESS_TEXT.recoverySent),
      onError: notify.apiError,
    });
  return (
    <AuthCard title="Восстановление пароля" onSubmit={submit}>
      <TextField
        label="Почта"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" loading={recover.isPending}>
        Восстановить
      </Button>
    </AuthCard>
  );
}
