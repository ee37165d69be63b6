import { createFileRoute } from '@tanstack/react-router';
import { ownRecordingQuery } from '@/features/student-recordings/api/get-own-recording';
import { ownRecordingScoresQuery } from '@/features/student-recordings/api/get-own-recording-scores';
import { OwnRecordingPage } from '@/features/student-recordings/components/own-recording-page';
import { parseIdParam, stringifyIdParam } from '@/lib/route-params';
import { ensureData, unlessOffline } from '@/lib/route-data';

function StudentAudioRoute() {
  const { id } = Route.useParams();
  return <OwnRecordingPage recordingId={id} />;
}

export const Route = createFileRoute('/student/audios/$id')({
  params: { parse: parseIdParam, stringify: stringifyIdParam },
  // The cached answer at once (the screen refreshes it); a failure is the screen's to show, but
  // offline with no recording on the device the route says so (the grade panel copes alone).
  loader: ({ context, params }) =>
    Promise.all([
      ensureData(context.queryClient, ownRecordingQuery(params.id)).catch(unlessOffline),
      ensureData(context.queryClient, ownRecordingScoresQuery(params.id)).catch(() => undefined),
    ]),
  component: StudentAudioRoute,
});
