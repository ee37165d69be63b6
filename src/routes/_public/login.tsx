import { createFileRoute } from '@tanstack/react-router';
import { logout } from '../../features/auth/api/logout';
import { LoginForm } from '../../features/auth/components/login-form';

export const Route = createFileRoute('/_public/login')({
  // Opening the login page ends the stored session (SPEC.md §2).
  beforeLoad: () => logout(),
  component: LoginForm,
});
