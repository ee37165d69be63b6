import type { FastifyInstance } from 'fastify';
import { kickMailQueue, MAIL_QUEUE_INTERVAL_MS } from './service';

/**
 * Sends queued mail at start (what a previous run could not send) and then every minute, so a
 * failed mail is retried with backoff even when nothing new is queued. The timer never keeps
 * the process alive and stops when the app closes.
 */
export async function mailQueuePlugin(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  let closed = false;
  const timer = setInterval(() => {
    if (!closed) kickMailQueue(ctx);
  }, MAIL_QUEUE_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    if (!closed) kickMailQueue(ctx);
  });
  // Child hooks run before the root's: the timer stops before the database closes.
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
  });
}
