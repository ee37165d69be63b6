import { createFileRoute } from '@tanstack/react-router';
import { examExtendedQuery } from '../../../features/exam-session/api/get-exam-extended';
import { ExamSessionScreen } from '../../../features/exam-session/components/exam-session-screen';
import { parseIdParam } from '../../../lib/id-param';

function ExamSessionRoute() {
  const { examId } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <ExamSessionScreen
      examId={examId}
      onFinished={() => void navigate({ to: '/student/exams/$id', params: { id: String(examId) } })}
    />
  );
}

export const Route = createFileRoute('/student/exams/$id/session')({
  beforeLoad: ({ params }) => ({ examId: parseIdParam(params.id, '/student/exams') }),
  // The cached answer at once (the screen refreshes it); a failure is the screen's to show.
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(examExtendedQuery(context.examId)).catch(() => undefined),
  component: ExamSessionRoute,
});
