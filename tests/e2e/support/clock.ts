import type { Page, Worker } from 'playwright-core';

/**
 * Moves the clock of one page or worker `ms` ahead (`Date.now()` and `new Date()`; timers are
 * left alone), as if that much time had passed: what the app computes from the time (a query gone
 * stale, a chunk older than a minute) sees it, and nothing else has to wait for it. Calls add up.
 */
export async function moveClock(target: Page | Worker, ms: number): Promise<void> {
  // The same function runs in a page and in a worker: `globalThis` is either.
  await (target as Worker).evaluate((offset) => {
    const scope = globalThis as unknown as { Date: DateConstructor; __e2eClockOffset?: number };
    const first = scope.__e2eClockOffset === undefined;
    scope.__e2eClockOffset = (scope.__e2eClockOffset ?? 0) + offset;
    if (!first) return;
    const RealDate = scope.Date;
    const realNow = RealDate.now.bind(RealDate);
    const shifted = () => realNow() + (scope.__e2eClockOffset ?? 0);
    class ShiftedDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(shifted());
        else super(...(args as [string]));
      }
      static override now() {
        return shifted();
      }
    }
    scope.Date = ShiftedDate as unknown as DateConstructor;
  }, ms);
}
