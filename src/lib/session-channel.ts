/**
 * The tabs of one device tell each other that the signed-in user changed (a logout, another
 * user's login), so that a tab still holding the former user's answers drops them at once. The
 * tokens themselves are in localStorage, shared by the tabs: the message only says "look now".
 */
export interface SessionChange {
  type: 'session-changed';
  /** Who is signed in now (null: nobody). */
  userId: string | null;
}

/** What is used of a BroadcastChannel (a test brings its own). */
export interface SessionChannel {
  postMessage(message: SessionChange): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export const SESSION_CHANNEL_NAME = 'ustno-session';

let channel: SessionChannel | null | undefined;

/**
 * The tab's one channel (a BroadcastChannel never hears its own messages, so the tab that
 * changed the session is not told), or null where the browser has none: a tab then finds out
 * when it next comes to the front or saves.
 */
export function sessionChannel(): SessionChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL_NAME) : null;
  }
  return channel;
}

/** Replaces the tab's channel (tests); undefined goes back to the browser's. */
export function setSessionChannel(next: SessionChannel | null | undefined): void {
  channel = next;
}

/** Tells the other tabs that `userId` is now the one signed in (null: nobody). */
export function announceSessionChange(userId: string | null, to = sessionChannel()): void {
  try {
    to?.postMessage({ type: 'session-changed', userId });
  } catch (error) {
    // A closed channel: the other tabs still find out when they come to the front or save.
    console.warn('session change not announced', error);
  }
}

/** Listens to the other tabs' session changes; returns how to stop. */
export function onSessionChange(
  listener: (userId: string | null) => void,
  from = sessionChannel(),
): () => void {
  if (!from) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    const data = event.data as Partial<SessionChange> | null;
    if (typeof data === 'object' && data?.type === 'session-changed') listener(data.userId ?? null);
  };
  from.addEventListener('message', onMessage);
  return () => from.removeEventListener('message', onMessage);
}
