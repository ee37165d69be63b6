import { createFileRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { NavBar } from '@/components/layout/nav-bar';

const PUBLIC_NAV = [
  { label: 'Главная', to: '/' },
  { label: 'Зарегистрироваться', to: '/register' },
  { label: 'Войти', to: '/login' },
];

function PublicLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <>
      {/* The profile icon leads to /profile, except on the landing page where it stays on /. */}
      <NavBar items={PUBLIC_NAV} profileTo={pathname === '/' ? '/' : '/profile'} />
      <Outlet />
    </>
  );
}

export const Route = createFileRoute('/_public')({ component: PublicLayout });
