import { act, render, screen } from '@testing-library/react';
import { ToastHost } from '@/app/toast-host';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeLocks } from '../helpers/fake-locks';

let offerUpdate: (activate: () => Promise<void>) => void = () => undefined;
vi.mock('@/lib/service-worker', () => ({
  registerServiceWorker: (onUpdate: (activate: () => Promise<void>) => void) => {
    offerUpdate = onUpdate;
  },
}));

const { UpdatePrompt } = await import('@/app/update-prompt');
const { examFocus } = await import('@/lib/exam-focus');
const { holdRecordingLock, recordingLockName } = await import('@/lib/recording-lock');

const PROMPT = 'Доступна новая версия приложения';
let locks: FakeLocks;

beforeEach(() => {
  locks = new FakeLocks();
  Object.defineProperty(navigator, 'locks', { value: locks.api, configurable: true });
});
afterEach(() => {
  examFocus.set(false);
});

const renderPrompt = () =>
  render(
    <>
      <ToastHost />
      <UpdatePrompt />
    </>,
  );

describe('update prompt', () => {
  it('is not shown during an exam in this tab, and is offered once it ends', async () => {
    renderPrompt();
    act(() => examFocus.set(true));
    await act(async () => offerUpdate(async () => undefined));
    expect(screen.queryByText(PROMPT)).toBeNull();
    act(() => examFocus.set(false));
    expect(await screen.findByText(PROMPT)).toBeTruthy();
  });

  it('goes away when an exam starts, and waits while another tab records', async () => {
    renderPrompt();
    await act(async () => offerUpdate(async () => undefined));
    expect(await screen.findByText(PROMPT)).toBeTruthy();
    const release = await holdRecordingLock('other-tab', locks.api);
    act(() => examFocus.set(true));
    await vi.waitFor(() => expect(screen.queryByText(PROMPT)).toBeNull(), { timeout: 4000 });
    act(() => examFocus.set(false));
    // The prompt now waits on the other tab's recording lock.
    await vi.waitFor(async () =>
      expect((await locks.api.query()).pending).toEqual([
        expect.objectContaining({ name: recordingLockName('other-tab'), mode: 'shared' }),
      ]),
    );
    expect(screen.queryByText(PROMPT)).toBeNull();
    await act(async () => release());
    expect(await screen.findByText(PROMPT)).toBeTruthy();
  });
});
