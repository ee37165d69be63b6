import { createFileRoute, redirect } from '@tanstack/react-router';
import { examQuery } from '../../../features/exams/api/get-exam';
import { ExamPage } from '../../../features/exams/components/exam-page';
import { parseIdParam } from '../../../lib/id-param';

function TeacherExamRoute() {
  const { examId } = Route.useRouteContext();
  return <ExamPage examId={examId} />;
}

export const Route = createFileRoute('/teacher/exams/$id')({
  beforeLoad: ({ params }) => ({ examId: parseIdParam(params.id, '/teacher/exams') }),
  // SPEC.md §2: an exam that cannot be loaded (missing, not yours, any error) sends the user to /teacher.
  loader: async ({ context }) => {
    try {
      await context.queryClient.ensureQueryData(examQuery(context.examId));
    } catch {
      throw redirect({ to: '/teacher', replace: true });
    }
  },
  component: TeacherExamRoute,
});
