import { createFileRoute } from '@tanstack/react-router';
import { LoadError } from '@/components/layout/load-error';
import { profileQuery } from '@/features/profile/api/get-profile';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { ensureData } from '@/lib/route-data';

export const Route = createFileRoute('/teacher/profile')({
  loader: ({ context }) => ensureData(context.queryClient, profileQuery('teacher')),
  component: () => <ProfileScreen area="teacher" />,
  errorComponent: ({ error, reset }) => <LoadError title="Профиль" error={error} reset={reset} />,
});
