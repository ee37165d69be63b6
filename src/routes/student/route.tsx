import { createFileRoute } from '@tanstack/react-router';
import { RoleLayout } from '@/components/layout/role-layout';
import { Suspense } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import { enterArea } from '@/lib/route-guard';

// The device's notices about recordings (read from its store) load after the screen draws.
const RefusedRecordings = lazyPart(() =>
  import('@/features/exam-session/components/refused-recordings').then((m) => m.RefusedRecordings),
);
const UnfinishedRecordings = lazyPart(() =>
  import('@/features/exam-session/components/unfinished-recordings').then((m) => m.UnfinishedRecordings),
);

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
        <Suspense fallback={null}>
          <RefusedRecordings />
          <UnfinishedRecordings />
        </Suspense>
      }
    />
  ),
});
