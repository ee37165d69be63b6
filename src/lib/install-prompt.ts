import { useSyncExternalStore } from 'react';

/** Chromium's install offer (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOffer =
  /** The browser offers installation: `install()` shows its dialog. */
  | { kind: 'prompt' }
  /** iOS Safari installs only by hand: Share, then 'На экран «Домой»'. */
  | { kind: 'ios' }
  | { kind: 'none' };

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

const standalone = () =>
  typeof window !== 'undefined' &&
  (window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true);

/** iPhone and iPad (iPadOS calls itself a Mac with touch), where only Safari's Share menu installs. */
const isIos = () =>
  typeof navigator !== 'undefined' &&
  (/iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1));

const noOffer: InstallOffer = { kind: 'none' };
const PROMPT: InstallOffer = { kind: 'prompt' };
const IOS: InstallOffer = { kind: 'ios' };

function current(): InstallOffer {
  if (installed || standalone()) return noOffer;
  if (deferred) return PROMPT;
  return isIos() ? IOS : noOffer;
}

/**
 * Keeps the browser's install offer for a button to use later. Called once at start: the event
 * fires early, before any screen is drawn.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Without this, Chromium shows its own mini-infobar on phones; the app offers it itself.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    changed();
  });
}

/** Shows the browser's install dialog; the offer goes away whatever the answer (it is single-use). */
export async function install(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') installed = true;
  changed();
  return outcome === 'accepted';
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribe, current, () => noOffer);
}

/** For tests: forget what was captured. */
export function resetInstallPrompt(): void {
  deferred = null;
  installed = false;
  changed();
}
