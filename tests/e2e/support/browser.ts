import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_PATH, FAKE_AUDIO } from './paths';

/** Debian's Chromium, headless, quiet, with a fake microphone playing a WAV. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${FAKE_AUDIO}`,
];

/** Playwright gives every launch a fresh temporary profile (--user-data-dir) and removes it after. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 60_000,
  });
}
