import { createFileRoute } from '@tanstack/react-router';
import { FIRST_PAGE } from '@/components/paged-list/paged-result';
import { userQuery } from '@/features/admin/api/get-user';
import { loginsQuery } from '@/features/admin/api/list-logins';
import { UserDetail } from '@/features/admin/components/user-detail';
import { UserLoadError } from '@/features/admin/components/user-load-error';
import { parseIdParam, stringifyIdParam } from '@/lib/route-params';
import { ensureData } from '@/lib/route-data';

function StudentDetailPage() {
  const { id } = Route.useParams();
  return <UserDetail kind="student" id={id} />;
}

export const Route = createFileRoute('/admin/students/$id')({
  params: { parse: parseIdParam, stringify: stringifyIdParam },
  loader: ({ context, params }) =>
    Promise.all([
      ensureData(context.queryClient, userQuery('student', params.id)),
      ensureData(context.queryClient, loginsQuery(params.id, FIRST_PAGE)),
    ]),
  component: StudentDetailPage,
  errorComponent: ({ error, reset }) => <UserLoadError kind="student" error={error} reset={reset} />,
});
