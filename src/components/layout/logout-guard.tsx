import { useBlocker } from '@tanstack/react-router';
import { Suspense } from 'react';
import { syncEngine } from '@/lib/device-sync';
import { lazyPart } from '@/lib/lazy-part';

// The dialog's code loads when it is asked for: every screen of the areas draws without it.
const loadDialog = () => import('../stay-or-leave-dialog/stay-or-leave-dialog');
const StayOrLeaveDialog = lazyPart(() => loadDialog().then((m) => m.StayOrLeaveDialog));

/** The user's own unsent items (the badge's count), unless the session already expired. */
const hasUnsent = () => {
  const { pending, needsLogin } = syncEngine.getSnapshot();
  return pending > 0 && !needsLogin;
};

/**
 * 'Выйти' (any way to /login) with this user's work still on the device asks first: it stays
 * and goes once they log in again, but not while someone else is signed in.
 */
export function LogoutGuard() {
  const blocker = useBlocker({
    // Blocks only with the dialog's code at hand: a dialog that cannot load must not leave the
    // logout hanging (what is unsent stays on the device either way).
    shouldBlockFn: async ({ next }) =>
      next.pathname === '/login' &&
      hasUnsent() &&
      loadDialog().then(
        () => true,
        () => false,
      ),
    withResolver: true,
  });
  const open = blocker.status === 'blocked';
  return (
    <Suspense fallback={null}>
      {open && (
        <StayOrLeaveDialog
          open
          title="Выйти, не отправив данные?"
          text={`На устройстве есть неотправленные данные (${syncEngine.getSnapshot().pending}). Они останутся здесь и будут отправлены, когда вы снова войдете и появится сеть.`}
          leaveLabel="Выйти"
          onStay={() => blocker.reset?.()}
          onLeave={() => blocker.proceed?.()}
        />
      )}
    </Suspense>
  );
}
