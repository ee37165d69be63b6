import { createFileRoute } from '@tanstack/react-router';
import { BackToListButton } from '@/components/layout/back-to-list-button';
import { LoadError } from '@/components/layout/load-error';
import { studentQuery } from '@/features/students/api/get-student';
import { FIRST_STUDENTS_PAGE } from '@/features/students/api/list-students';
import { studentExamsQuery } from '@/features/students/api/list-student-exams';
import { StudentDetail } from '@/features/students/components/student-detail';
import { parseIdParam, stringifyIdParam } from '@/lib/route-params';
import { ensureData } from '@/lib/route-data';

function StudentPage() {
  const { id } = Route.useParams();
  return <StudentDetail id={id} />;
}

export const Route = createFileRoute('/teacher/students/$id')({
  params: { parse: parseIdParam, stringify: stringifyIdParam },
  loader: ({ context, params }) =>
    Promise.all([
      ensureData(context.queryClient, studentQuery(params.id)),
      ensureData(context.queryClient, studentExamsQuery(params.id, FIRST_STUDENTS_PAGE)),
    ]),
  component: StudentPage,
  errorComponent: ({ error, reset }) => (
    <LoadError
      title="Ученик"
      error={error}
      reset={reset}
      back={<BackToListButton to="/teacher/students" />}
    />
  ),
});
