// The variants module's entry: its routes, a variant as the players show it, which variants are a
// teacher's (for exams), and how another module (templates) makes one in its transaction.
import type { Db } from '../../db/types';
import * as repo from './repository';

export { variantRoutes } from './routes';
export { insertOwnVariant, toVariantDto } from './service';

/** Which of these ids are the teacher's own variants. */
export const findTeacherVariantIds = (db: Db, teacherId: number, ids: number[]) =>
  repo.findTeacherVariantIds(db, teacherId, ids);
