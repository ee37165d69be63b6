import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createExam, createTask, createVariant, linkStudent, multipart, type Part } from './authoring';
import { as, registerAndLogin, type Caller } from './test-app';

/**
 * Bytes the sniffer takes for WebM/Matroska: the EBML magic and padding (no decoder ever sees
 * them). The padding is a counter so any byte range is checkable.
 */
export function webm(size = 4096): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = i % 251;
  b.set([0x1a, 0x45, 0xdf, 0xa3], 0);
  return b;
}

/** An ISO-BMFF (MP4) head: a box size, `ftyp` at offset 4 and an audio brand. */
export function mp4(size = 4096): Buffer {
  const b = Buffer.alloc(size, 7);
  b.writeUInt32BE(24, 0);
  b.write('ftypM4A ', 4, 'ascii');
  return b;
}

export interface UploadFields {
  examID?: number | string;
  variantID?: number | string;
  mime?: string;
  clientId?: string;
  sessionID?: number | string;
  duration?: number | string;
  taskStarts?: unknown;
  questionStarts?: unknown;
  peaks?: unknown;
  interrupted?: string;
  recordedAt?: string;
  clientSentAt?: string;
}

/**
 * POST /api/student/exam/complete. By default the file part comes FIRST (as the spec's client
 * sends it); `fieldsFirst` puts the fields before it.
 */
export async function uploadMultipartRecording(
  app: FastifyInstance,
  caller: Caller | null,
  fields: UploadFields,
  audio: Buffer | null = webm(),
  opts: { fieldsFirst?: boolean; extraParts?: Part[] } = {},
): Promise<LightMyRequestResponse> {
  const fieldParts: Part[] = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([name, v]) => ({
      name,
      data: typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v),
    }));
  const filePart: Part[] = audio
    ? [{ name: 'audio', filename: 'blob', contentType: 'audio/webm', data: audio }]
    : [];
  const parts = opts.fieldsFirst ? [...fieldParts, ...filePart] : [...filePart, ...fieldParts];
  const body = multipart([...parts, ...(opts.extraParts ?? [])]);
  return as(app, caller)({ method: 'POST', url: '/api/student/exam/complete', ...body });
}

type Registered = Awaited<ReturnType<typeof registerAndLogin>>;

export interface ExamSetup {
  teacher: Registered;
  student: Registered;
  exam: { id: number; name: string };
  variant: { id: number; name: string };
  task: { id: number; name: string };
}

/** A teacher with one task, one variant and one exam assigned to one linked student. */
export async function setupExam(
  app: FastifyInstance,
  opts: { examName?: string; student?: Record<string, unknown>; teacher?: Record<string, unknown> } = {},
): Promise<ExamSetup> {
  const teacher = await registerAndLogin(app, 'teacher', opts.teacher ?? {});
  const student = await registerAndLogin(app, 'student', opts.student ?? {});
  await linkStudent(app, teacher, student);
  const task = await createTask(app, teacher, { name: 'Монолог' });
  const variant = await createVariant(app, teacher, [task.id], 'Вариант 1');
  const exam = await createExam(
    app,
    teacher,
    [variant.id],
    [student.id],
    opts.examName ?? 'Экзамен по истории',
  );
  return { teacher, student, exam, variant, task };
}

/** Who uploads for which exam and variant. */
export type Uploader = { student: Caller; exam: { id: number }; variant: { id: number } };

/** Valid upload fields for the setup's exam; a fresh clientId each call. */
export function validFields(s: Uploader, overrides: UploadFields = {}): UploadFields {
  return {
    examID: s.exam.id,
    variantID: s.variant.id,
    mime: 'audio/webm;codecs=opus',
    clientId: crypto.randomUUID(),
    duration: 42.5,
    taskStarts: [0, 20.25],
    peaks: [0, 0.5, -0.5, 1],
    ...overrides,
  };
}

/** Uploads and expects 200; answers the upload result. */
export async function uploadOk(
  app: FastifyInstance,
  s: Uploader,
  overrides: UploadFields = {},
  audio: Buffer = webm(),
): Promise<{ id: number; name: string; date: string; checked: boolean; duration: number }> {
  const res = await uploadMultipartRecording(app, s.student, validFields(s, overrides), audio);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** `POST /api/student/uploads/{clientId}/complete`: the upload's `parts` (of `size` bytes in all) become its recording. */
export function completeUpload(
  app: FastifyInstance,
  s: Uploader,
  clientId: string,
  upload: { parts: number; size: number },
): Promise<LightMyRequestResponse> {
  return as(
    app,
    s.student,
  )({
    method: 'POST',
    url: `/api/student/uploads/${clientId}/complete`,
    payload: {
      examID: s.exam.id,
      variantID: s.variant.id,
      mime: 'audio/webm;codecs=opus',
      duration: 10,
      parts: upload.parts,
      size: upload.size,
    },
  });
}
