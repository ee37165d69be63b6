import { createFileRoute } from '@tanstack/react-router';
import { LoadError } from '@/components/layout/load-error';
import { FIRST_STUDENTS_PAGE, studentsPageQuery } from '@/features/students/api/list-students';
import { StudentsScreen } from '@/features/students/components/students-screen';
import { ensureData } from '@/lib/route-data';

export const Route = createFileRoute('/teacher/students/')({
  loader: ({ context }) => ensureData(context.queryClient, studentsPageQuery(FIRST_STUDENTS_PAGE)),
  component: StudentsScreen,
  errorComponent: ({ error, reset }) => <LoadError title="Ученики" error={error} reset={reset} />,
});
