import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { NavBar, type NavItem } from './nav-bar';
import { SyncIndicator } from './sync-indicator';

export function RoleLayout({
  items,
  profileTo,
  notice,
}: {
  items: NavItem[];
  profileTo: string;
  notice?: ReactNode;
}) {
  return (
    <>
      <NavBar items={items} profileTo={profileTo} extra={<SyncIndicator />} />
      {notice}
      <Outlet />
    </>
  );
}
