import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { addSeconds, nowIso } from '../../lib/time';
import * as repo from './repository';

/** How often the purge runs besides once at start. */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** Used or expired recovery links stay this long in the admin's history, then go. */
export const RECOVERY_HISTORY_DAYS = 90;

export interface PurgeCounts {
  refreshTokens: number;
  loginFailures: number;
  loginThrottles: number;
  loginSlots: number;
  recoveryAttempts: number;
}

/**
 * Deletes what can no longer do anything: refresh tokens past their family's end or of a family
 * left unused past REFRESH_IDLE_DAYS, throttling counters, holds and failures whose window is
 * over, and recovery attempts long used or expired.
 */
export async function purgeExpired(ctx: AppContext, now: string = nowIso()): Promise<PurgeCounts> {
  const windowStart = addSeconds(now, -ctx.config.loginWindowMinutes * 60);
  return {
    refreshTokens: await repo.deleteExpiredRefreshTokens(
      ctx.db,
      now,
      addSeconds(now, -ctx.config.refreshIdleSeconds),
    ),
    loginFailures: await repo.deleteLoginFailuresBefore(ctx.db, windowStart),
    loginThrottles: await repo.deleteLoginThrottlesBefore(ctx.db, windowStart),
    loginSlots: await repo.deleteLoginSlotsBefore(ctx.db, windowStart),
    recoveryAttempts: await repo.deleteFinishedRecoveryAttempts(
      ctx.db,
      addSeconds(now, -RECOVERY_HISTORY_DAYS * 86_400),
    ),
  };
}

/** Runs the purge at start and then hourly; the timer never keeps the process alive. */
export async function purgePlugin(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  let closed = false;
  const run = () => {
    if (closed) return;
    ctx.background.run('purge', async () => {
      const counts = await purgeExpired(ctx);
      ctx.log.debug({ purged: counts }, 'expired sessions and attempts purged');
    });
  };
  const timer = setInterval(run, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => run());
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
  });
}
