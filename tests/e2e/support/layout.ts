import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, ROOT } from './paths';

/** Every path the router can go to (`FileRoutesByTo` of the generated route tree). */
export function routerTargets(): string[] {
  const tree = fs.readFileSync(path.join(ROOT, 'src/routeTree.gen.ts'), 'utf8');
  const block = /export interface FileRoutesByTo \{([^}]*)\}/.exec(tree)?.[1];
  if (!block) throw new Error('FileRoutesByTo not found in src/routeTree.gen.ts');
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]);
}

/** Widths every screen is looked at: two phones, a tablet, a laptop. */
export const WIDTHS = [360, 390, 768, 1280] as const;

/** Below this width the navigation collapses into one compact bar. */
export const PHONE_MAX_WIDTH = 599;

export interface LayoutProblems {
  /** Pixels the page scrolls sideways (0 when it does not). */
  overflow: number;
  /** What sticks out past the right edge, for the message. */
  overflowing: string[];
  /** The top bar's height, or null when there is none. */
  barHeight: number | null;
  /** Visible controls smaller than 44 × 44 CSS pixels. */
  smallTargets: string[];
}

/** Measures the page as it is now: sideways scroll, the top bar, and (on phones) touch targets. */
export function measureLayout(page: Page, checkTargets: boolean): Promise<LayoutProblems> {
  return page.evaluate((targets) => {
    const describe = (el: Element) => {
      const label =
        el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? el.tagName.toLowerCase();
      const r = el.getBoundingClientRect();
      return `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')} "${label}" ${Math.round(r.width)}×${Math.round(r.height)}`;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };
    const width = window.innerWidth;
    const overflowing = [...document.body.querySelectorAll('*')]
      .filter((el) => visible(el) && el.getBoundingClientRect().right > width + 1)
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 1)
      .slice(0, 5)
      .map(describe);
    const bar = document.querySelector('header');
    const smallTargets = targets
      ? [...document.querySelectorAll('.MuiButtonBase-root, button, [role="button"]')]
          .filter(visible)
          // Controls a scrolling area hides are not there to tap; sliders' thumbs are dragged.
          .filter((el) => !el.closest('[aria-hidden="true"], .MuiSlider-root'))
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width < 43.5 || r.height < 43.5;
          })
          .slice(0, 10)
          .map(describe)
      : [];
    return {
      overflow: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
      overflowing,
      barHeight: bar ? bar.getBoundingClientRect().height : null,
      smallTargets,
    };
  }, checkTargets);
}

/** With E2E_SCREENSHOTS=1 the layout test saves every screen at every width here. */
export const SCREENSHOTS_DIR = path.join(ARTIFACTS_DIR, 'screens');
export const takeScreenshots = process.env.E2E_SCREENSHOTS === '1';

/**
 * With E2E_SCREENSHOTS=1, saves the open screen at 360 and 1280 px (then goes back to the width it
 * had) under SCREENSHOTS_DIR, for a person to look at; otherwise does nothing.
 */
export async function snapScreen(page: Page, name: string): Promise<void> {
  if (!takeScreenshots) return;
  const size = page.viewportSize();
  fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}
