import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { AXE_SCRIPT } from './paths';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

type AxeWindow = Window & {
  axe?: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
};

/** Runs axe-core on the page as it is now; fails on any serious or critical violation. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // Mid-fade text has too little contrast: let finite transitions (dialogs, toasts) end first.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5000 },
  );
  if (!(await page.evaluate(() => Boolean((window as AxeWindow).axe))))
    // Evaluated, not added as a script element: the page's CSP refuses inline scripts.
    await page.evaluate(fs.readFileSync(AXE_SCRIPT, 'utf8'));
  const violations = await page.evaluate(async () => {
    const result = await (window as AxeWindow).axe!.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`),
      }));
  });
  if (violations.length > 0) {
    throw new Error(`axe found serious problems on ${what}:\n${JSON.stringify(violations, null, 2)}`);
  }
}
