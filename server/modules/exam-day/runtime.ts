import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { startExamChanges, type ExamChanges } from './events';
import { ProgressStreams } from './streams';

// What the exam day keeps running in an instance: the one channel of changes shared with the
// other instances, and the open event streams it feeds. Kept per app (tests build many in one
// process), found from the app's context by the services that tell of a change.

export interface ExamDayRuntime {
  changes: ExamChanges;
  streams: ProgressStreams;
}

const runtimes = new WeakMap<AppContext, ExamDayRuntime>();

/** The running exam day of this app; undefined where it was not started (nothing to tell). */
export function runtimeOf(ctx: AppContext): ExamDayRuntime | undefined {
  return runtimes.get(ctx);
}

/**
 * Starts the channel and the streams, and stops them with the app: the streams end before the
 * server stops (an open stream would hold its close), the channel before the database closes
 * (registered encapsulated, its onClose runs before the app's own).
 */
export async function examDayRuntimePlugin(
  app: FastifyInstance,
  opts: { snapshot: (ctx: AppContext, examId: number) => Promise<string | undefined> },
): Promise<void> {
  const { ctx } = app;
  const changes = await startExamChanges({
    db: ctx.db,
    log: ctx.log,
    redisUrl: ctx.config.redisUrl,
    pollMs: ctx.config.progressPollMs,
  });
  const streams = new ProgressStreams({
    log: ctx.log,
    heartbeatMs: ctx.config.progressHeartbeatMs,
    snapshot: (examId) => opts.snapshot(ctx, examId),
  });
  changes.onChange((examId) => streams.changed(examId));
  changes.onResync(() => streams.resync());
  runtimes.set(ctx, { changes, streams });
  app.addHook('preClose', (done) => {
    streams.close();
    done();
  });
  app.addHook('onClose', async () => {
    runtimes.delete(ctx);
    await changes.close();
  });
}
