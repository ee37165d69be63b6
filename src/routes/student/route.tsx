import { createFileRoute } from '@tanstack/react-router';
import { RoleLayout } from '@/components/layout/role-layout';
import { RefusedRecordings } from '@/features/exam-session/components/refused-recordings';
import { UnfinishedRecordings } from '@/features/exam-session/components/unfinished-recordings';
import { enterArea } from '@/lib/route-guard';

const NAV = [
  { label: 'Экзамены', to: '/student/exams' },
  { label: 'Аудиозаписи', to: '/student/audios' },
  { label: 'Заявки', to: '/student/requests' },
  { label: 'Выйти', to: '/login' },
];

export const Route = createFileRoute('/student')({
  beforeLoad: () => enterArea(['STUDENT']),
  component: () => (
    <RoleLayout
      items={NAV}
      profileTo="/student/profile"
      notice={
        <>
          <RefusedRecordings />
          <UnfinishedRecordings />
        </>
      }
    />
  ),
});
