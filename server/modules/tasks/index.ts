// The tasks module's entry: its routes, what variants and grading need of tasks (with or without
// their model answers), what files needs when one of them is deleted, and how another module
// (templates) makes tasks in its transaction.
import type { Db } from '../../db/types';
import * as repo from './repository';

export { taskRoutes } from './routes';
export {
  forgetModelAnswerFile,
  forgetQuestionFile,
  insertOwnTask,
  loadTaskDtos,
  parseCriteria,
  prepareTaskWrite,
  type TaskDtoOptions,
} from './service';

/** Which of these ids are the teacher's own tasks. */
export const findTeacherTaskIds = (db: Db, teacherId: number, ids: number[]) =>
  repo.findTeacherTaskIds(db, teacherId, ids);
