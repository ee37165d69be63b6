import { createFileRoute } from '@tanstack/react-router';
import { recordingQuery } from '@/features/review/api/get-recording';
import { scoresQuery } from '@/features/review/api/get-scores';
import { RecordingReviewPage } from '@/features/review/components/recording-review-page';
import { parseIdParam, stringifyIdParam } from '@/lib/route-params';
import { ensureData, unlessOffline } from '@/lib/route-data';

function TeacherAudioRoute() {
  const { id } = Route.useParams();
  return <RecordingReviewPage recordingId={id} />;
}

export const Route = createFileRoute('/teacher/audios/$id')({
  params: { parse: parseIdParam, stringify: stringifyIdParam },
  // The cached answer at once (the screen refreshes it); a failure is the screen's to show, but
  // offline with no recording on the device the route says so (the grade panel copes alone).
  loader: ({ context, params }) =>
    Promise.all([
      ensureData(context.queryClient, recordingQuery(params.id)).catch(unlessOffline),
      ensureData(context.queryClient, scoresQuery(params.id)).catch(() => undefined),
    ]),
  component: TeacherAudioRoute,
});
