import { createFileRoute } from '@tanstack/react-router';
import { LoadError } from '@/components/layout/load-error';
import { FIRST_TASKS_PAGE, tasksPageQuery } from '@/features/tasks/api/list-tasks';
import { TasksScreen } from '@/features/tasks/components/tasks-screen';
import { ensureData } from '@/lib/route-data';

export const Route = createFileRoute('/teacher/tasks/')({
  loader: ({ context }) => ensureData(context.queryClient, tasksPageQuery(FIRST_TASKS_PAGE)),
  component: TasksScreen,
  errorComponent: ({ error, reset }) => <LoadError title="Задания" error={error} reset={reset} />,
});
