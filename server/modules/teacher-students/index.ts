// The teacher-students module's entry: its routes, and which students a teacher may assign.
import type { Db } from '../../db/types';
import * as repo from './repository';

export { teacherStudentRoutes } from './routes';

/** Which of these ids are students who accepted the teacher. */
export const acceptedStudentIds = (db: Db, teacherId: number, ids: number[]) =>
  repo.acceptedStudentIds(db, teacherId, ids);
