// The exam-day module's entry: its routes and the runtime (the change channel shared with the
// other instances, and the open event streams) for the app; for the recordings module, how a
// stored recording and an upload refused for good are told to the exam's live views; for the
// review module, the class's progress (the statistics and scores.csv show each student's state)
// and the recordings it is read from (the statistics read them once for grades and states).
import type { FastifyInstance } from 'fastify';
import { examDayRuntimePlugin } from './runtime';
import { examProgress } from './service';

export { studentExamDayRoutes, teacherExamDayRoutes } from './routes';
export { classProgress, noteExamChanged, noteRefusedUpload } from './service';
export { examRecordings } from './repository';

/** Starts the exam day's runtime with the app and stops it with the app (register it before the routes). */
export async function examDayPlugin(app: FastifyInstance): Promise<void> {
  await examDayRuntimePlugin(app, {
    snapshot: async (ctx, examId) => {
      const progress = await examProgress(ctx.db, examId);
      return progress && JSON.stringify(progress);
    },
  });
}
