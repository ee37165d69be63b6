import { createFileRoute } from '@tanstack/react-router';
import { FIRST_PAGE } from '../../../components/paged-list/paged-result';
import { userQuery } from '../../../features/admin/api/get-user';
import { loginsQuery } from '../../../features/admin/api/list-logins';
import { UserDetail } from '../../../features/admin/components/user-detail';
import { UserLoadError } from '../../../features/admin/components/user-load-error';
import { parseIdParam, stringifyIdParam } from '../../../lib/route-params';

function StudentDetailPage() {
  const { id } = Route.useParams();
  return <UserDetail kind="student" id={id} />;
}

export const Route = createFileRoute('/admin/students/$id')({
  params: { parse: parseIdParam, stringify: stringifyIdParam },
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(userQuery('student', params.id)),
      context.queryClient.ensureQueryData(loginsQuery(params.id, FIRST_PAGE)),
    ]),
  component: StudentDetailPage,
  errorComponent: ({ error, reset }) => <UserLoadError kind="student" error={error} reset={reset} />,
});
