import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
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

/** The steps of one scenario: its shared setup, and one test per story told on the way. */
export interface ScenarioSteps {
  /** Shared setup, run once before the first story (in the order given). */
  before(body: (ctx: E2eContext) => Promise<void>): void;
  /**
   * One story of the scenario. The stories run in order on one browser context, each going on
   * from where the one before left the device; once one fails, the ones after it are skipped
   * (they would fail for its reason), so a failure names the story that broke.
   */
  test(name: string, body: (ctx: E2eContext) => Promise<void>, timeout?: number): void;
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

/** A fresh context (storage, service worker, IndexedDB) whose pages' console goes to `log`. */
async function openContext(browser: Browser, env: E2eEnv, device: DeviceOptions, log: string[]) {
  const context = await browser.newContext({ baseURL: env.baseUrl, locale: 'ru-RU', ...device });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  const listen = (page: Page) => {
    page.on('console', (m) => log.push(`[${m.type()}] ${m.text()}`));
    page.on('pageerror', (e) => log.push(`[pageerror] ${e.message}`));
    page.on('requestfailed', (r) => log.push(`[failed] ${r.method()} ${r.url()} ${r.failure()?.errorText}`));
    page.on('response', (r) => {
      if (r.url().includes('/api/')) log.push(`[${r.status()}] ${r.request().method()} ${r.url()}`);
    });
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) log.push(`[navigated] ${f.url()}`);
    });
  };
  context.on('page', listen);
  const page = await context.newPage();
  return { context, page };
}

/**
 * After a failure: a screenshot of the page still open last (the test's first one may have been
 * closed on purpose) and the pages' console in tests/e2e/artifacts/; says so in the error when the
 * server no longer answers.
 */
async function keepArtifacts(
  context: BrowserContext,
  name: string,
  log: string[],
  env: E2eEnv,
  error: unknown,
): Promise<void> {
  const base = path.join(ARTIFACTS_DIR, name);
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const page = context.pages().at(-1);
  await page?.screenshot({ path: `${base}.png`, fullPage: true }).catch(() => undefined);
  fs.writeFileSync(`${base}.log`, `${page?.url() ?? '(no page open)'}\n${log.join('\n')}\n`);
  if (!(await serverAnswers(env.baseUrl)) && error instanceof Error) {
    error.message += `\n(the server at ${env.baseUrl} does not answer: see tests/e2e/artifacts/server.log)`;
  }
}

/**
 * One browser per test file and a fresh context (storage, service worker, IndexedDB) per test,
 * emulating `device` (a desktop screen unless told). A failing test leaves a screenshot and the
 * page's console in tests/e2e/artifacts/.
 *
 * `scenario` tells one long scenario as a series of tests, one per story, on one context with its
 * expensive setup done once.
 */
export function setupE2e(file: string, { device = DESKTOP }: { device?: DeviceOptions } = {}) {
  let browser: Browser | undefined;
  const env = e2eEnv();
  const fileName = safeName(path.basename(file));
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const started = () => {
    if (!browser) throw new Error('the browser did not start');
    return browser;
  };

  function test(name: string, body: (ctx: E2eContext) => Promise<void>, timeout?: number) {
    it(
      name,
      async () => {
        const log: string[] = [];
        const { context, page } = await openContext(started(), env, device, log);
        try {
          await body({ page, context, env });
        } catch (error) {
          await keepArtifacts(context, `${fileName}--${safeName(name)}`, log, env, error);
          throw error;
        } finally {
          await context.close();
        }
      },
      timeout,
    );
  }

  function scenario(title: string, define: (steps: ScenarioSteps) => void) {
    describe(title, () => {
      const befores: Array<(ctx: E2eContext) => Promise<void>> = [];
      const log: string[] = [];
      let ctx: E2eContext | undefined;
      let failed: string | undefined;
      const fail = async (name: string, error: unknown) => {
        failed = name;
        if (ctx)
          await keepArtifacts(
            ctx.context,
            `${fileName}--${safeName(title)}--${safeName(name)}`,
            log,
            env,
            error,
          );
      };

      beforeAll(async () => {
        const opened = await openContext(started(), env, device, log);
        ctx = { ...opened, env };
        try {
          for (const before of befores) await before(ctx);
        } catch (error) {
          await fail('setup', error);
          throw error;
        }
      });
      afterAll(async () => {
        await ctx?.context.close();
      });

      define({
        before: (body) => {
          befores.push(body);
        },
        test: (name, body, timeout) => {
          it(
            name,
            async ({ skip }) => {
              if (failed) skip(`an earlier story of this scenario failed: ${failed}`);
              if (!ctx) throw new Error('the scenario has no browser context');
              try {
                await body(ctx);
              } catch (error) {
                await fail(name, error);
                throw error;
              }
            },
            timeout,
          );
        },
      });
    });
  }

  return { test, scenario, env };
}

/** A short unique suffix for usernames and e-mails: test files share one server. */
export const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
