import { createFileRoute } from '@tanstack/react-router';
import { logout } from '@/features/auth/api/logout';
import { LoginForm } from '@/features/auth/components/login-form';

export const Route = createFileRoute('/_public/login')({
  // Opening the login page ends the stored session. A preload (the pointer resting
  // on a link to /login, such as the bar's 'Выйти') is not opening it and must not log anyone out.
  beforeLoad: ({ preload }) => (preload ? undefined : logout()),
  component: LoginForm,
});
