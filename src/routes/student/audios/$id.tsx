import { createFileRoute } from '@tanstack/react-router';
import { audioQuery } from '../../../features/student-recordings/api/get-audio';
import { AudioPage } from '../../../features/student-recordings/components/audio-page';
import { parseIdParam } from '../../../lib/id-param';

function StudentAudioRoute() {
  const { audioId } = Route.useRouteContext();
  return <AudioPage audioId={audioId} />;
}

export const Route = createFileRoute('/student/audios/$id')({
  beforeLoad: ({ params }) => ({ audioId: parseIdParam(params.id, '/student/exams') }),
  // The cached answer at once (the screen refreshes it); a failure is the screen's to show.
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(audioQuery(context.audioId)).catch(() => undefined),
  component: StudentAudioRoute,
});
