import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write whose answer need not wait for the disk: a recording's part (the device keeps every
     * byte until its recording is confirmed, and sends again a part the server lost).
     */
    answersBeforeDiskFlush?: boolean;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write's successful answer goes once what it committed is on the disk (`ctx.flushCommits`, the
 * database's `commitFlusher`): a device deletes what the server confirmed (a recording, a
 * teacher's grade or comment from the outbox), so a confirmed write must survive the server's
 * machine crashing or losing power right after.
 */
export const durableAnswersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      // A refusal or a failure is never a confirmation a device deletes its copy on.
      if (reply.statusCode >= 400 || READS.has(request.method)) return payload;
      if (request.routeOptions.config?.answersBeforeDiskFlush) return payload;
      await app.ctx.flushCommits();
      return payload;
    });
  },
  { name: 'durable-answers', decorators: { fastify: ['ctx'] } },
);
