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
  loader: ({ context }) => context.queryClient.prefetchQuery(recordingQuery(context.audioId)),
  component: TeacherAudioRoute,
});
