import { createFileRoute } from '@tanstack/react-router';
import { examExtendedQuery } from '@/features/exam-session/api/get-exam-extended';
import { ExamSessionScreen } from '@/features/exam-session/components/exam-session-screen';
import { parseIdParam, stringifyIdParam } from '@/lib/route-params';
import { ensureData, unlessOffline } from '@/lib/route-data';
import { loadDeviceReader } from '@/lib/use-exam-availability';

function ExamSessionRoute() {
  const { id: examId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <ExamSessionScreen
      examId={examId}
      onFinished={() => void navigate({ to: '/student/exams/$id', params: { id: examId } })}
    />
  );
}

export const Route = createFileRoute('/student/exams/$id/session')({
  params: { parse: parseIdParam, stringify: stringifyIdParam },
  // The cached answer at once (the screen refreshes it); a failure is the screen's to show. The
  // device's attempts (which 'Начать экзамен' waits for) start loading beside it, not after the draw.
  loader: ({ context, params }) => {
    void loadDeviceReader();
    return ensureData(context.queryClient, examExtendedQuery(params.id)).catch(unlessOffline);
  },
  component: ExamSessionRoute,
});
