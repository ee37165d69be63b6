import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { LandingPage } from './pages/landing-page';
import { PHONE, setupE2e } from './support/e2e';

const { test, env } = setupE2e(import.meta.url);

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;

interface Manifest {
  shortcuts: { name: string; url: string; icons: { src: string }[] }[];
  screenshots: { src: string; sizes: string; type: string; form_factor: string; label: string }[];
}

async function manifestOf(page: Page): Promise<Manifest> {
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  return (await (await fetch(`${env.baseUrl}${href}`)).json()) as Manifest;
}

/**
 * What Chromium does when the app is installable: a `beforeinstallprompt` whose prompt() shows
 * the install dialog. Headless Chromium never fires it, so the test fires one and records the calls.
 */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed') {
  await page.evaluate((choice) => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    (window as unknown as { prompted: number }).prompted = 0;
    event.prompt = async () => {
      (window as unknown as { prompted: number }).prompted += 1;
    };
    event.userChoice = Promise.resolve({ outcome: choice });
    window.dispatchEvent(event);
  }, outcome);
}

const timesPrompted = (page: Page) =>
  page.evaluate(() => (window as unknown as { prompted: number }).prompted);

describe('installing the app', () => {
  test('the manifest has shortcuts for both roles and real screenshots, narrow and wide', async ({
    page,
  }) => {
    await new LandingPage(page).goto();
    const manifest = await manifestOf(page);
    expect(manifest.shortcuts.map((s) => s.url)).toEqual([
      '/student/exams',
      '/teacher/exams',
      '/teacher/students',
    ]);
    for (const shortcut of manifest.shortcuts) {
      expect(shortcut.name.length).toBeGreaterThan(0);
      expect((await fetch(`${env.baseUrl}${shortcut.icons[0].src}`)).status).toBe(200);
    }
    expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of manifest.screenshots) {
      const res = await fetch(`${env.baseUrl}${shot.src}`);
      expect(res.status, shot.src).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await res.arrayBuffer())), shot.src).toBe(shot.sizes);
      expect(shot.label.length).toBeGreaterThan(0);
    }
    // Screenshots are for the install dialog: the service worker does not store them on every device.
    const precached = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      const names = await caches.keys();
      const urls = await Promise.all(
        names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url)),
      );
      return urls.flat();
    });
    expect(precached.some((u) => u.includes('/index.html') || u.endsWith('/'))).toBe(true);
    expect(precached.filter((u) => u.includes('/screenshots/'))).toEqual([]);
  });

  test("where the browser offers it, 'Установить приложение' opens the browser's dialog once", async ({
    page,
  }) => {
    await new LandingPage(page).goto();
    const action = page.getByRole('button', { name: 'Установить приложение' });
    expect(await action.count()).toBe(0);
    await offerInstall(page, 'accepted');
    await action.click();
    expect(await timesPrompted(page)).toBe(1);
    await action.waitFor({ state: 'detached' });
  });

  test('on a phone the action sits in the menu', async ({ context }) => {
    const phone = await context.browser()!.newContext({ baseURL: env.baseUrl, locale: 'ru-RU', ...PHONE });
    try {
      const page = await phone.newPage();
      await new LandingPage(page).goto();
      await offerInstall(page, 'dismissed');
      await page.getByRole('button', { name: 'Меню' }).tap();
      await page.getByRole('button', { name: 'Установить приложение' }).tap();
      expect(await timesPrompted(page)).toBe(1);
      // Dismissed: the offer was used up, the menu closed.
      await page.getByRole('navigation', { name: 'Основное меню' }).waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Меню' }).tap();
      expect(await page.getByRole('button', { name: 'Установить приложение' }).count()).toBe(0);
    } finally {
      await phone.close();
    }
  });

  test("on an iPhone the action explains Share → 'На экран «Домой»'", async ({ context }) => {
    const iphone = await context.browser()!.newContext({
      baseURL: env.baseUrl,
      locale: 'ru-RU',
      ...PHONE,
      userAgent: IPHONE_SAFARI,
    });
    try {
      const page = await iphone.newPage();
      await new LandingPage(page).goto();
      await page.getByRole('button', { name: 'Меню' }).tap();
      await page.getByRole('button', { name: 'Установить приложение' }).tap();
      const hint = page.getByRole('dialog', { name: 'Установить приложение' });
      await hint.waitFor();
      expect(await hint.textContent()).toContain('«Поделиться»');
      expect(await hint.textContent()).toContain('На экран «Домой»');
      await hint.getByRole('button', { name: 'Понятно' }).tap();
      await hint.waitFor({ state: 'detached' });
    } finally {
      await iphone.close();
    }
  });
});
