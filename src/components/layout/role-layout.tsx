import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useExamFocus } from '@/lib/exam-focus';
import { LogoutGuard } from './logout-guard';
import { NavBar } from './nav-bar';
import type { NavItem } from './nav-items';
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
  // During an exam the screen shows only the exam: no link can end the recording by a tap.
  const examRunning = useExamFocus();
  return (
    <>
      {!examRunning && <NavBar items={items} profileTo={profileTo} extra={<SyncIndicator />} />}
      {!examRunning && notice}
      <Outlet />
      <LogoutGuard />
    </>
  );
}
