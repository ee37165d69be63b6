import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  announceSessionChange,
  onSessionChange,
  SESSION_CHANNEL_NAME,
  sessionChannel,
  setSessionChannel,
} from '@/lib/session-channel';

const opened: BroadcastChannel[] = [];
/** One tab's end of a channel (the browser delivers to every other end, never to the sender). */
const end = (name: string) => {
  const channel = new BroadcastChannel(name);
  opened.push(channel);
  return channel;
};

afterEach(() => {
  opened.splice(0).forEach((c) => c.close());
  setSessionChannel(undefined);
  vi.unstubAllGlobals();
});

describe('the session channel between tabs', () => {
  it('tells the other tabs who is signed in now, not the tab that said it', async () => {
    const name = `s-${Math.random()}`;
    const here = end(name);
    const other = end(name);
    const heardHere = vi.fn();
    const heardThere = vi.fn();
    onSessionChange(heardHere, here);
    onSessionChange(heardThere, other);
    announceSessionChange('22', here);
    announceSessionChange(null, here);
    await vi.waitFor(() => expect(heardThere.mock.calls).toEqual([['22'], [null]]));
    expect(heardHere).not.toHaveBeenCalled();
  });

  it('ignores what is not a session message, and stops listening when told', async () => {
    const name = `s-${Math.random()}`;
    const here = end(name);
    const other = end(name);
    const heard = vi.fn();
    const stop = onSessionChange(heard, other);
    here.postMessage({ type: 'outbox-sent' });
    here.postMessage('session-changed');
    announceSessionChange('7', here);
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    stop();
    // A listener still there hears '8': the one stopped would have heard it in the same dispatch.
    const still = vi.fn();
    onSessionChange(still, other);
    announceSessionChange('8', here);
    await vi.waitFor(() => expect(still).toHaveBeenCalledWith('8'));
    expect(heard.mock.calls).toEqual([['7']]);
  });

  it("uses the tab's one BroadcastChannel by the app's name, or a test's own", async () => {
    const own = sessionChannel();
    expect(own).toBeInstanceOf(BroadcastChannel);
    expect((own as BroadcastChannel).name).toBe(SESSION_CHANNEL_NAME);
    expect(sessionChannel()).toBe(own);
    const other = end(SESSION_CHANNEL_NAME);
    const heard = vi.fn();
    onSessionChange(heard, other);
    announceSessionChange('9');
    await vi.waitFor(() => expect(heard).toHaveBeenCalledWith('9'));
    (own as BroadcastChannel).close();
    const injected = end('x');
    setSessionChannel(injected);
    expect(sessionChannel()).toBe(injected);
  });

  it('does nothing where the browser has no BroadcastChannel (the tab checks when it comes to the front)', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    expect(sessionChannel()).toBeNull();
    expect(() => announceSessionChange('7')).not.toThrow();
    expect(onSessionChange(vi.fn())).toBeTypeOf('function');
  });
});
