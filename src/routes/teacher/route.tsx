import { createFileRoute } from '@tanstack/react-router';
import { RoleLayout } from '@/components/layout/role-layout';
import { enterArea } from '@/lib/route-guard';

const NAV = [
  { label: 'Экзамены', to: '/teacher/exams' },
  { label: 'Варианты', to: '/teacher/variants' },
  { label: 'Задания', to: '/teacher/tasks' },
  { label: 'Ученики', to: '/teacher/students' },
  { label: 'Файлы', to: '/teacher/files' },
  { label: 'Выйти', to: '/login' },
];

export const Route = createFileRoute('/teacher')({
  beforeLoad: () => enterArea(['TEACHER']),
  component: () => <RoleLayout items={NAV} profileTo="/teacher/profile" />,
});
