import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt, install, resetInstallPrompt, useInstallOffer } from '@/lib/install-prompt';

captureInstallPrompt();

function fireBeforeInstallPrompt(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>;
    userChoice: Promise<{ outcome: string }>;
  };
  event.prompt = vi.fn(() => Promise.resolve());
  event.userChoice = Promise.resolve({ outcome });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

afterEach(() => {
  act(() => resetInstallPrompt());
  vi.unstubAllGlobals();
});

describe('install prompt', () => {
  it('offers nothing until the browser offers installation, and keeps its mini-infobar away', () => {
    const { result } = renderHook(() => useInstallOffer());
    expect(result.current.kind).toBe('none');
    const event = fireBeforeInstallPrompt('accepted');
    expect(event.defaultPrevented).toBe(true);
    expect(result.current.kind).toBe('prompt');
  });

  it('install() shows the browser dialog once; accepted, the offer is gone', async () => {
    const { result } = renderHook(() => useInstallOffer());
    const event = fireBeforeInstallPrompt('accepted');
    await act(async () => expect(await install()).toBe(true));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(result.current.kind).toBe('none');
    expect(await install()).toBe(false);
  });

  it('dismissed, the single-use offer is gone too', async () => {
    const { result } = renderHook(() => useInstallOffer());
    fireBeforeInstallPrompt('dismissed');
    await act(async () => expect(await install()).toBe(false));
    expect(result.current.kind).toBe('none');
  });

  it('once installed (appinstalled), nothing is offered', () => {
    const { result } = renderHook(() => useInstallOffer());
    fireBeforeInstallPrompt('accepted');
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(result.current.kind).toBe('none');
  });

  it('on an iPhone it offers the Share-menu hint', () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    });
    const { result } = renderHook(() => useInstallOffer());
    expect(result.current.kind).toBe('ios');
  });
});
