import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { launchBrowser } from './browser';
import { type E2eEnv, e2eEnv } from './env';
import { ARTIFACTS_DIR } from './paths';

/** What the browser context emulates: the screen, and touch for a phone. */
export interface DeviceOptions {
  viewport: { width: number; height: number };
  hasTouch?: boolean;
  isMobile?: boolean;
  deviceScaleFactor?: number;
  userAgent?: string;
  /** 'block' leaves the page alone to send (the worker's own requests escape page.route). */
  serviceWorkers?: 'allow' | 'block';
}

export const DESKTOP: DeviceOptions = { viewport: { width: 1280, height: 800 } };

/** A common phone held upright: 390 × 844 CSS pixels, touch, the mobile viewport rules. */
export const PHONE: DeviceOptions = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
};

export interface E2eContext {
  page: Page;
  context: BrowserContext;
  env: E2eEnv;
}

const safeName = (name: string) =>
  name
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);

async function serverAnswers(baseUrl: string): Promise<boolean> {
  try {
    await fetch(baseUrl, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * One browser per test file and a fresh context (storage, service worker, IndexedDB) per test,
 * emulating `device` (a desktop screen unless told). A failing test leaves a screenshot and the
 * page's console in tests/e2e/artifacts/.
 */
export function setupE2e(file: string, { device = DESKTOP }: { device?: DeviceOptions } = {}) {
  let browser: Browser | undefined;
  const env = e2eEnv();
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  function test(name: string, body: (ctx: E2eContext) => Promise<void>, timeout?: number) {
    it(
      name,
      async () => {
        if (!browser) throw new Error('the browser did not start');
        const context = await browser.newContext({
          baseURL: env.baseUrl,
          locale: 'ru-RU',
          ...device,
        });
        context.setDefaultTimeout(10_000);
        context.setDefaultNavigationTimeout(20_000);
        const page = await context.newPage();
        const pageLog: string[] = [];
        page.on('console', (m) => pageLog.push(`[${m.type()}] ${m.text()}`));
        page.on('pageerror', (e) => pageLog.push(`[pageerror] ${e.message}`));
        page.on('requestfailed', (r) =>
          pageLog.push(`[failed] ${r.method()} ${r.url()} ${r.failure()?.errorText}`),
        );
        page.on('response', (r) => {
          if (r.url().includes('/api/')) pageLog.push(`[${r.status()}] ${r.request().method()} ${r.url()}`);
        });
        page.on('framenavigated', (f) => {
          if (f === page.mainFrame()) pageLog.push(`[navigated] ${f.url()}`);
        });
        try {
          await body({ page, context, env });
        } catch (error) {
          const base = path.join(ARTIFACTS_DIR, `${safeName(path.basename(file))}--${safeName(name)}`);
          fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
          await page.screenshot({ path: `${base}.png`, fullPage: true }).catch(() => undefined);
          fs.writeFileSync(`${base}.log`, `${page.url()}\n${pageLog.join('\n')}\n`);
          if (!(await serverAnswers(env.baseUrl)) && error instanceof Error) {
            error.message += `\n(the server at ${env.baseUrl} does not answer: see tests/e2e/artifacts/server.log)`;
          }
          throw error;
        } finally {
          await context.close();
        }
      },
      timeout,
    );
  }

  return { test, env };
}

/** A short unique suffix for usernames and e-mails: test files share one server. */
export const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
