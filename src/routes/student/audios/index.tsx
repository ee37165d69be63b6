import { createFileRoute } from '@tanstack/react-router';
import { OwnRecordingsList } from '@/features/student-recordings/components/own-recordings-list';

export const Route = createFileRoute('/student/audios/')({ component: OwnRecordingsList });
