import type { SearchPageQuery } from '../../../src/shared/contract/common';
import type { AudioSummary, ExamDto } from '../../../src/shared/contract/teacher';
import { AUTHORING_TEXT } from '../../../src/shared/messages';
import { searchColumn } from '../../../src/shared/search-text';
import type { AppContext } from '../../context';
import type { Db } from '../../db/types';
import { notFound } from '../../lib/http-error';
import { nowIso } from '../../lib/time';
import { acceptedStudentIds } from '../teacher-students/repository';
import { findTeacherVariantIds } from '../variants/repository';
import * as repo from './repository';

export interface ExamWrite {
  name: string;
  variants: number[];
  students: number[];
}

export function toAudioSummary(r: {
  id: number;
  name: string;
  created_at: string;
  checked: number;
  total: number | null;
  max_total: number | null;
  graded_at: string | null;
  interrupted: number;
  late: number;
}): AudioSummary {
  const graded = r.graded_at !== null;
  return {
    id: r.id,
    name: r.name,
    date: r.created_at,
    checked: r.checked === 1,
    total: graded ? r.total : null,
    maxTotal: graded ? r.max_total : null,
    interrupted: r.interrupted === 1,
    late: r.late === 1,
  };
}

export async function listExams(ctx: AppContext, teacherId: number, q: SearchPageQuery) {
  return repo.teacherExamsPage(ctx.db, teacherId, q);
}

export async function getExam(ctx: AppContext, teacherId: number, id: number): Promise<ExamDto> {
  const exam = await repo.findTeacherExam(ctx.db, teacherId, id);
  if (!exam) throw notFound(AUTHORING_TEXT.examNotFound);
  const [variantsID, studentsID, audios] = await Promise.all([
    repo.examVariantIds(ctx.db, id),
    repo.examStudentIds(ctx.db, id),
    repo.examRecordings(ctx.db, id),
  ]);
  return { id: exam.id, name: exam.name, variantsID, studentsID, audios: audios.map(toAudioSummary) };
}

/**
 * Only the teacher's own variants and only students who accepted the teacher; anything else
 * refuses the whole write, answering like a missing id.
 */
async function assertAssignable(db: Db, teacherId: number, body: ExamWrite): Promise<void> {
  const variants = await findTeacherVariantIds(db, teacherId, body.variants);
  const missingVariants = body.variants.filter((id) => !variants.has(id));
  if (missingVariants.length > 0) throw notFound(AUTHORING_TEXT.variantsMissing(missingVariants));
  const students = await acceptedStudentIds(db, teacherId, body.students);
  const strangers = body.students.filter((id) => !students.has(id));
  if (strangers.length > 0) throw notFound(AUTHORING_TEXT.studentsNotLinked(strangers));
}

export async function createExam(ctx: AppContext, teacherId: number, body: ExamWrite): Promise<ExamDto> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    await assertAssignable(trx, teacherId, body);
    const now = nowIso();
    const exam = await repo.insertExam(trx, {
      teacher_id: teacherId,
      name: body.name,
      search: searchColumn(body.name),
      created_at: now,
      updated_at: now,
    });
    await repo.setExamVariants(trx, exam.id, body.variants);
    await repo.setExamStudents(trx, exam.id, body.students);
    await repo.recordAssignments(trx, exam.id, now);
    return exam.id;
  });
  return getExam(ctx, teacherId, id);
}

export async function updateExam(
  ctx: AppContext,
  teacherId: number,
  body: ExamWrite & { id: number },
): Promise<ExamDto> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.findTeacherExam(trx, teacherId, body.id))) throw notFound(AUTHORING_TEXT.examNotFound);
    await assertAssignable(trx, teacherId, body);
    const now = nowIso();
    await repo.updateTeacherExam(trx, teacherId, body.id, {
      name: body.name,
      search: searchColumn(body.name),
      updated_at: now,
    });
    await repo.setExamVariants(trx, body.id, body.variants);
    // Recordings of a student taken off the exam stay with the exam, and so does what they were
    // given in it: their late answers are still taken.
    await repo.setExamStudents(trx, body.id, body.students);
    await repo.recordAssignments(trx, body.id, now);
  });
  return getExam(ctx, teacherId, body.id);
}

/** Deletes the exam with its recordings (rows cascade; stored audio is removed after). */
export async function deleteExam(ctx: AppContext, teacherId: number, id: number): Promise<void> {
  const keys = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.findTeacherExam(trx, teacherId, id))) throw notFound(AUTHORING_TEXT.examNotFound);
    const storageKeys = await repo.recordingKeysOfExam(trx, id);
    await repo.deleteTeacherExam(trx, teacherId, id);
    return storageKeys;
  });
  for (const key of keys) {
    try {
      await ctx.storage.delete(key);
    } catch (err) {
      // The exam is gone either way; an orphaned object only costs space.
      ctx.log.warn({ err, key }, 'could not delete a recording of a deleted exam');
    }
  }
}
