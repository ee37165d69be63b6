// The tasks module's entry: its routes, and what variants and grading need of tasks.
import type { Db } from '../../db/types';
import * as repo from './repository';

export { taskRoutes } from './routes';
export { loadTaskDtos, parseCriteria } from './service';

/** Which of these ids are the teacher's own tasks. */
export const findTeacherTaskIds = (db: Db, teacherId: number, ids: number[]) =>
  repo.findTeacherTaskIds(db, teacherId, ids);
