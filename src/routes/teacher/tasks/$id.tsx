import { createFileRoute } from '@tanstack/react-router';
import { BackToListButton } from '@/components/layout/back-to-list-button';
import { LoadError } from '@/components/layout/load-error';
import { taskQuery } from '@/features/tasks/api/get-task';
import { TaskDetail } from '@/features/tasks/components/task-detail';
import { parseIdParam, stringifyIdParam } from '@/lib/route-params';
import { ensureData } from '@/lib/route-data';

function TaskPage() {
  const { id } = Route.useParams();
  return <TaskDetail id={id} />;
}

export const Route = createFileRoute('/teacher/tasks/$id')({
  params: { parse: parseIdParam, stringify: stringifyIdParam },
  loader: ({ context, params }) => ensureData(context.queryClient, taskQuery(params.id)),
  component: TaskPage,
  errorComponent: ({ error, reset }) => (
    <LoadError title="Задание" error={error} reset={reset} back={<BackToListButton to="/teacher/tasks" />} />
  ),
});
