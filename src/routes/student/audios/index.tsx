import { createFileRoute } from '@tanstack/react-router';
import { AudiosList } from '../../../features/student-recordings/components/audios-list';

export const Route = createFileRoute('/student/audios/')({ component: AudiosList });
