import type { FastifyInstance } from 'fastify';
import { purgeIdleUploads } from './parts-upload';

const PURGE_INTERVAL_MS = 60 * 60_000;

/**
 * Removes resumable uploads abandoned for UPLOAD_PARTS_MAX_AGE_DAYS, at start and then hourly,
 * in the background. The timer never keeps the process alive and stops when the app closes.
 */
export async function uploadPartsPurgePlugin(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  let closed = false;
  const purge = () => {
    if (closed) return;
    ctx.background.run('upload-parts-purge', async () => {
      const removed = await purgeIdleUploads(ctx, ctx.config.uploadPartsMaxAgeDays);
      if (removed > 0) ctx.log.info({ removed }, 'abandoned upload parts removed');
    });
  };
  const timer = setInterval(purge, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => purge());
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
  });
}
