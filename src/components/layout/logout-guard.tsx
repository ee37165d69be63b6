import { useBlocker } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { lazyPart } from '@/lib/lazy-part';

// The dialog's code loads when it is asked for: every screen of the areas draws without it.
const loadDialog = () => import('../stay-or-leave-dialog/stay-or-leave-dialog');
const StayOrLeaveDialog = lazyPart(() => loadDialog().then((m) => m.StayOrLeaveDialog));

/**
 * The user's own unsent items (the badge's count), 0 when the session already expired. The sync
 * engine (with Dexie) is not loaded to draw a screen: it started after sign-in, so by the time
 * anyone logs out it is at hand.
 */
const unsentCount = async () => {
  const { syncEngine } = await import('@/lib/device-sync');
  const { pending, needsLogin } = syncEngine.getSnapshot();
  return needsLogin ? 0 : pending;
};

/**
 * 'Выйти' (any way to /login) with this user's work still on the device asks first: it stays
 * and goes once they log in again, but not while someone else is signed in.
 */
export function LogoutGuard() {
  const [unsent, setUnsent] = useState(0);
  const blocker = useBlocker({
    // Blocks only with the dialog's code at hand: a dialog that cannot load must not leave the
    // logout hanging (what is unsent stays on the device either way).
    shouldBlockFn: async ({ next }) => {
      if (next.pathname !== '/login') return false;
      const count = await unsentCount().catch(() => 0);
      if (count === 0) return false;
      setUnsent(count);
      return loadDialog().then(
        () => true,
        () => false,
      );
    },
    withResolver: true,
  });
  const open = blocker.status === 'blocked';
  return (
    <Suspense fallback={null}>
      {open && (
        <StayOrLeaveDialog
          open
          title="Выйти, не отправив данные?"
          text={`На устройстве есть неотправленные данные (${unsent}). Они останутся здесь и будут отправлены, когда вы снова войдете и появится сеть.`}
          leaveLabel="Выйти"
          onStay={() => blocker.reset?.()}
          onLeave={() => blocker.proceed?.()}
        />
      )}
    </Suspense>
  );
}
