// The files module's entry (a teacher's task files): its routes, and what tasks and media need.
import type { Db } from '../../db/types';
import * as repo from './repository';

export { fileRoutes } from './routes';

/** A stored file by id, whoever's (media checks the signed address instead). */
export const findFileById = (db: Db, id: number) => repo.findFileById(db, id);
/** These files (id, owner, name, type), whoever's: the caller checks the owner. */
export const findFilesByIds = (db: Db, ids: number[]) => repo.findFilesByIds(db, ids);
/** Which of these ids are the teacher's own files. */
export const findTeacherFileIds = (db: Db, teacherId: number, ids: number[]) =>
  repo.findTeacherFileIds(db, teacherId, ids);
