import { createFileRoute } from '@tanstack/react-router';
import { FIRST_USERS_PAGE, usersPageQuery } from '@/features/admin/api/list-users';
import { UserLoadError } from '@/features/admin/components/user-load-error';
import { UsersScreen } from '@/features/admin/components/users-screen';
import { ensureData } from '@/lib/route-data';

export const Route = createFileRoute('/admin/students/')({
  loader: ({ context }) => ensureData(context.queryClient, usersPageQuery('student', FIRST_USERS_PAGE)),
  component: () => <UsersScreen kind="student" />,
  errorComponent: ({ error, reset }) => <UserLoadError kind="student" error={error} reset={reset} />,
});
