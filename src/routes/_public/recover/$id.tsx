import { createFileRoute } from '@tanstack/react-router';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';

function NewPasswordPage() {
  const { id } = Route.useParams();
  return <NewPasswordForm recoveryId={id} />;
}

export const Route = createFileRoute('/_public/recover/$id')({ component: NewPasswordPage });
