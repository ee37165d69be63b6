import { createFileRoute } from '@tanstack/react-router';
import { recordingQuery } from '../../../features/review/api/get-recording';
import { RecordingReviewPage } from '../../../features/review/components/recording-review-page';
import { parseIdParam } from '../../../lib/id-param';

function TeacherAudioRoute() {
  const { audioId } = Route.useRouteContext();
  return <RecordingReviewPage audioId={audioId} />;
}

export const Route = createFileRoute('/teacher/audios/$id')({
  beforeLoad: ({ params }) => ({ audioId: parseIdParam(params.id, '/teacher/exams') }),
  // The cached answer at once (the screen refreshes it); a failure is the screen's to show.
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(recordingQuery(context.audioId)).catch(() => undefined),
  component: TeacherAudioRoute,
});
