import { createFileRoute, redirect } from '@tanstack/react-router';
import { examQuery } from '@/features/exams/api/get-exam';
import { ExamProgress } from '@/features/exam-day/components/exam-progress';
import { ExamPage } from '@/features/exams/components/exam-page';
import { parseIdParam, stringifyIdParam } from '@/lib/route-params';
import { ensureData, unlessOffline } from '@/lib/route-data';

function TeacherExamRoute() {
  const { id } = Route.useParams();
  return <ExamPage examId={id} progress={<ExamProgress examId={id} />} />;
}

export const Route = createFileRoute('/teacher/exams/$id')({
  params: { parse: parseIdParam, stringify: stringifyIdParam },
  // An exam that cannot be loaded (missing, not yours, any error) sends the user to /teacher;
  // offline with nothing saved, the route says so instead.
  loader: async ({ context, params }) => {
    try {
      await ensureData(context.queryClient, examQuery(params.id));
    } catch (error) {
      unlessOffline(error);
      throw redirect({ to: '/teacher', replace: true });
    }
  },
  component: TeacherExamRoute,
});
