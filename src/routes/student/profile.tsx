import { createFileRoute } from '@tanstack/react-router';
import { LoadError } from '@/components/layout/load-error';
import { profileQuery } from '@/features/profile/api/get-profile';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { ensureData } from '@/lib/route-data';

export const Route = createFileRoute('/student/profile')({
  loader: ({ context }) => ensureData(context.queryClient, profileQuery('student')),
  component: () => <ProfileScreen area="student" />,
  errorComponent: ({ error, reset }) => <LoadError title="Профиль" error={error} reset={reset} />,
});
