import { createFileRoute } from '@tanstack/react-router';
import { RecordingDeliveryNotice } from '@/features/exam-session/components/recording-delivery-notice';
import { OfflineReadiness } from '@/features/exam-session/components/offline-readiness';
import { StudentExamPage } from '@/features/student-exams/components/student-exam-page';
import { useSendAnswerFile } from '@/features/student-exams/components/send-answer-file';
import { studentExamQuery } from '@/features/student-exams/api/get-student-exam';
import { parseIdParam, stringifyIdParam } from '@/lib/route-params';
import { ensureData, unlessOffline } from '@/lib/route-data';

function StudentExamRoute() {
  const { id } = Route.useParams();
  const sendFile = useSendAnswerFile(id);
  return (
    <StudentExamPage
      examId={id}
      moreActions={[sendFile.action]}
      status={
        <>
          <RecordingDeliveryNotice examId={id} />
          <OfflineReadiness examId={id} />
          {sendFile.dialog}
        </>
      }
    />
  );
}

export const Route = createFileRoute('/student/exams/$id/')({
  params: { parse: parseIdParam, stringify: stringifyIdParam },
  // The cached answer at once (the screen refreshes it); a failure is the screen's to show.
  loader: ({ context, params }) =>
    ensureData(context.queryClient, studentExamQuery(params.id)).catch(unlessOffline),
  component: StudentExamRoute,
});
