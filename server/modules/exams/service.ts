import type { SearchPageQuery } from '../../../src/shared/contract/common';
import type { ExamDto } from '../../../src/shared/contract/teacher';
import { AUTHORING_TEXT } from '../../../src/shared/messages';
import { searchColumn } from '../../../src/shared/search-text';
import type { AppContext } from '../../context';
import type { Updateable } from 'kysely';
import type { Db, ExamsTable } from '../../db/types';
import { badRequest, notFound } from '../../lib/http-error';
import { nowIso } from '../../lib/time';
import { examRecordingSummaries } from '../recordings';
import { deleteVoiceObjects, voiceKeys } from '../review';
import { acceptedStudentIds } from '../teacher-students';
import { findTeacherVariantIds } from '../variants';
import * as repo from './repository';

export interface ExamWrite {
  name: string;
  variants: number[];
  students: number[];
  /** How many times a student may take it; null: unlimited. Absent on an update keeps it. */
  attempts?: number | null;
  /** When it may be taken (ISO, an offset allowed); null: no bound. Absent on an update keeps it. */
  opensAt?: string | null;
  closesAt?: string | null;
}

/** A time as every stored time is: an ISO instant in UTC, so the databases compare it as text. */
const storedInstant = (iso: string | null | undefined) => (iso == null ? iso : new Date(iso).toISOString());

/** The rules a write sets: only the fields it carries (an absent one stays as it is). */
function rulesChanges(body: ExamWrite): Pick<Updateable<ExamsTable>, 'attempts' | 'opens_at' | 'closes_at'> {
  return {
    ...(body.attempts !== undefined && { attempts: body.attempts }),
    ...(body.opensAt !== undefined && { opens_at: storedInstant(body.opensAt) }),
    ...(body.closesAt !== undefined && { closes_at: storedInstant(body.closesAt) }),
  };
}

/** The window the exam will have must close after it opens, whichever write set each end. */
function assertWindowInOrder(opensAt: string | null, closesAt: string | null): void {
  if (opensAt !== null && closesAt !== null && Date.parse(opensAt) >= Date.parse(closesAt)) {
    throw badRequest(AUTHORING_TEXT.examWindowReversed);
  }
}

export async function listExams(ctx: AppContext, teacherId: number, q: SearchPageQuery) {
  return repo.teacherExamsPage(ctx.db, teacherId, q);
}

/** The teacher's own exam; anyone else's answers like a missing one (404). */
export async function requireTeacherExam(db: Db, teacherId: number, id: number): Promise<repo.ExamRow> {
  const exam = await repo.findTeacherExam(db, teacherId, id);
  if (!exam) throw notFound(AUTHORING_TEXT.examNotFound);
  return exam;
}

export async function getExam(ctx: AppContext, teacherId: number, id: number): Promise<ExamDto> {
  const exam = await requireTeacherExam(ctx.db, teacherId, id);
  const [variantsID, studentsID, audios] = await Promise.all([
    repo.examVariantIds(ctx.db, id),
    repo.examStudentIds(ctx.db, id),
    examRecordingSummaries(ctx.db, id),
  ]);
  return {
    id: exam.id,
    name: exam.name,
    attempts: exam.attempts,
    opensAt: exam.opens_at,
    closesAt: exam.closes_at,
    variantsID,
    studentsID,
    audios,
  };
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
    const rules = rulesChanges(body);
    assertWindowInOrder(rules.opens_at ?? null, rules.closes_at ?? null);
    const now = nowIso();
    const exam = await repo.insertExam(trx, {
      teacher_id: teacherId,
      name: body.name,
      search: searchColumn(body.name),
      ...rules,
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
    const exam = await repo.findTeacherExam(trx, teacherId, body.id);
    if (!exam) throw notFound(AUTHORING_TEXT.examNotFound);
    const rules = rulesChanges(body);
    // One end changed alone must still fit the other as stored.
    assertWindowInOrder(
      rules.opens_at !== undefined ? rules.opens_at : exam.opens_at,
      rules.closes_at !== undefined ? rules.closes_at : exam.closes_at,
    );
    await assertAssignable(trx, teacherId, body);
    const now = nowIso();
    await repo.updateTeacherExam(trx, teacherId, body.id, {
      name: body.name,
      search: searchColumn(body.name),
      ...rules,
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

/**
 * Deletes the exam with its recordings and their comments (rows cascade; stored audio and the
 * comments' voices are removed after).
 */
export async function deleteExam(ctx: AppContext, teacherId: number, id: number): Promise<void> {
  const { keys, voices } = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.findTeacherExam(trx, teacherId, id))) throw notFound(AUTHORING_TEXT.examNotFound);
    const storageKeys = await repo.recordingKeysOfExam(trx, id);
    const voiceStorageKeys = await voiceKeys(trx, { examId: id });
    await repo.deleteTeacherExam(trx, teacherId, id);
    return { keys: storageKeys, voices: voiceStorageKeys };
  });
  await deleteVoiceObjects(ctx, voices);
  for (const key of keys) {
    try {
      await ctx.storage.delete(key);
    } catch (err) {
      // The exam is gone either way; an orphaned object only costs space.
      ctx.log.warn({ err, key }, 'could not delete a recording of a deleted exam');
    }
  }
}
