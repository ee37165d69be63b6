import { createFileRoute } from '@tanstack/react-router';
import { RoleLayout } from '@/components/layout/role-layout';
import { enterArea } from '@/lib/route-guard';

const NAV = [
  { label: 'Главная', to: '/admin/main' },
  { label: 'Ученики', to: '/admin/students' },
  { label: 'Учителя', to: '/admin/teachers' },
  { label: 'Выйти', to: '/login' },
];

export const Route = createFileRoute('/admin')({
  beforeLoad: () => enterArea(['ADMIN']),
  component: () => <RoleLayout items={NAV} profileTo="/admin/profile" />,
});
