import { createFileRoute } from '@tanstack/react-router';
import { RoleLayout } from '../../components/layout/role-layout';
import { UnfinishedRecordings } from '../../features/exam-session/components/unfinished-recordings';
import { requireRole } from '../../lib/route-guard';

const NAV = [
  { label: 'Экзамены', to: '/student/exams' },
  { label: 'Аудиозаписи', to: '/student/audios' },
  { label: 'Заявки', to: '/student/requests' },
  { label: 'Выйти', to: '/login' },
];

export const Route = createFileRoute('/student')({
  beforeLoad: () => requireRole(['STUDENT']),
  component: () => <RoleLayout items={NAV} profileTo="/student/profile" notice={<UnfinishedRecordings />} />,
});
