import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  examProgressSchema,
  type ExamProgress,
  type ExamProgressStudent,
  type ProgressReportBody,
} from '@/shared/contract/progress';
import { createExam, createTask, createVariant, linkStudent } from './authoring';
import { as, registerAndLogin } from './test-app';
import { TEST_JWT_SECRET } from './tokens';

// The exam day's tests: a class taking an exam, its devices' reports and the teacher's view.

export type Registered = Awaited<ReturnType<typeof registerAndLogin>>;

/** A known secret (tokens signed by the tests), short beats and polls (waited for in milliseconds). */
export const ENV = {
  JWT_SECRET: TEST_JWT_SECRET,
  PROGRESS_HEARTBEAT_SECONDS: '0.2',
  PROGRESS_POLL_SECONDS: '0.1',
};

export interface Class {
  teacher: Registered;
  students: Registered[];
  variant: { id: number };
  exam: { id: number; name: string };
}

/** A teacher, students by these surnames (linked and assigned), one exam of a two-task variant. */
export async function setupClass(app: FastifyInstance, surnames: string[]): Promise<Class> {
  const teacher = await registerAndLogin(app, 'teacher');
  const students: Registered[] = [];
  for (const surname of surnames) {
    const student = await registerAndLogin(app, 'student', { surname, name: 'Ученик' });
    await linkStudent(app, teacher, student);
    students.push(student);
  }
  const first = await createTask(app, teacher, { name: 'Чтение' });
  const second = await createTask(app, teacher, { name: 'Монолог' });
  const variant = await createVariant(app, teacher, [first.id, second.id]);
  const exam = await createExam(
    app,
    teacher,
    [variant.id],
    students.map((s) => s.id),
    'Пробный экзамен',
  );
  return { teacher, students, variant, exam };
}

/** A variant of the teacher's that the exam does not hold. */
export async function variantNotInExam(app: FastifyInstance, c: Class) {
  const task = await createTask(app, c.teacher, { name: 'Другое' });
  return createVariant(app, c.teacher, [task.id], 'Не в экзамене');
}

export const report = (
  app: FastifyInstance,
  student: Registered,
  examId: number,
  body: Partial<ProgressReportBody>,
) => as(app, student)({ method: 'POST', url: `/api/student/exam/${examId}/progress`, payload: body });

export async function reportOk(
  app: FastifyInstance,
  student: Registered,
  examId: number,
  body: Partial<ProgressReportBody>,
) {
  const res = await report(app, student, examId, body);
  expect(res.statusCode, res.body).toBe(204);
  expect(res.body).toBe('');
}

export async function progressOf(app: FastifyInstance, c: Class): Promise<ExamProgress> {
  const res = await as(app, c.teacher)({ method: 'GET', url: `/api/teacher/exam/${c.exam.id}/progress` });
  expect(res.statusCode, res.body).toBe(200);
  return examProgressSchema.parse(res.json());
}

export const rowOf = (p: ExamProgress, student: { id: number }) =>
  p.students.find((s) => s.id === student.id) as ExamProgressStudent;
