import { Outlet } from '@tanstack/react-router';
import { NavBar, type NavItem } from './nav-bar';
import { SyncIndicator } from './sync-indicator';

export function RoleLayout({ items, profileTo }: { items: NavItem[]; profileTo: string }) {
  return (
    <>
      <NavBar items={items} profileTo={profileTo} extra={<SyncIndicator />} />
      <Outlet />
    </>
  );
}
