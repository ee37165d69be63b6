import { Outlet } from '@tanstack/react-router';
import { type ReactNode, Suspense } from 'react';
import { useExamFocus } from '@/lib/exam-focus';
import { lazyPart } from '@/lib/lazy-part';
import { LogoutGuard } from './logout-guard';
import { NavBar } from './nav-bar';
import type { NavItem } from './nav-items';

// The indicator (its tooltips and the outbox's store) loads after the screen draws: the exam's
// first open on a cheap phone waits for less. A failed load shows no indicator, not a broken page.
const SyncIndicator = lazyPart(() => import('./sync-indicator').then((m) => m.SyncIndicator));

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
      {!examRunning && (
        <NavBar
          items={items}
          profileTo={profileTo}
          extra={
            <Suspense fallback={null}>
              <SyncIndicator />
            </Suspense>
          }
        />
      )}
      {!examRunning && notice}
      <Outlet />
      <LogoutGuard />
    </>
  );
}
