import { createFileRoute } from '@tanstack/react-router';
import { OfflineReadiness } from '../../../features/exam-session/components/offline-readiness';
import { ExamPage } from '../../../features/student-exams/components/exam-page';
import { examQuery } from '../../../features/student-exams/api/get-exam';
import { parseIdParam } from '../../../lib/id-param';

function StudentExamRoute() {
  const { examId } = Route.useRouteContext();
  return <ExamPage examId={examId} status={<OfflineReadiness examId={examId} />} />;
}

export const Route = createFileRoute('/student/exams/$id/')({
  beforeLoad: ({ params }) => ({ examId: parseIdParam(params.id, '/student/exams') }),
  // The cached answer at once (the screen refreshes it); a failure is the screen's to show.
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(examQuery(context.examId)).catch(() => undefined),
  component: StudentExamRoute,
});
