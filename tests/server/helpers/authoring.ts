import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { nowIso } from '../../../server/lib/time';
import { searchColumn } from '@/shared/search-text';
import { as, type Caller, type TestApp } from './test-app';

/** A 1×1 transparent PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);

/** A mono 16-bit PCM WAV whose samples are 0, 1, 2, … (mod 65536), so any byte range is checkable. */
export function wav(sampleCount: number, sampleRate = 8000): Buffer {
  const data = Buffer.alloc(sampleCount * 2);
  for (let i = 0; i < sampleCount; i++) data.writeUInt16LE(i % 65536, i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** ID3v2 tag followed by an MPEG-1 layer III frame header. */
export const MP3 = Buffer.concat([
  Buffer.from('ID3'),
  Buffer.from([4, 0, 0, 0, 0, 0, 0]),
  Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  Buffer.alloc(200),
]);

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body as a browser would send it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ustno${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.filename !== undefined) head += `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const file = (filename: string, data: Buffer | string, contentType?: string): Part => ({
  name: 'files',
  filename,
  data,
  contentType,
});

export async function upload(
  app: FastifyInstance,
  caller: Caller | null,
  parts: Part[],
  query = 'page_size=100&page_number=0',
): Promise<LightMyRequestResponse> {
  const body = multipart(parts);
  return as(app, caller)({ method: 'POST', url: `/api/teacher/files?${query}`, ...body });
}

export interface FileDto {
  id: number;
  name: string;
  type: string;
  access: string;
}

/** Uploads one file and answers its DTO. */
export async function uploadOne(
  app: FastifyInstance,
  teacher: Caller,
  filename: string,
  data: Buffer,
): Promise<FileDto> {
  const res = await upload(app, teacher, [file(filename, data)]);
  expect(res.statusCode, res.body).toBe(200);
  const files = (res.json() as { files: FileDto[] }).files.filter((f) => f.name === filename);
  return files[files.length - 1];
}

/** Every stored object's key, in the app's local folder or its bucket. */
export function storedObjects(t: TestApp): Promise<string[]> {
  return t.storedObjects();
}

export const taskBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Задание',
  text: '<p>Расскажите о себе</p>',
  duration: 60,
  preparationDuration: 30,
  type: 'TEXT_TASK',
  files: [],
  ...overrides,
});

export async function createTask(
  app: FastifyInstance,
  teacher: Caller,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; name: string }> {
  const res = await as(
    app,
    teacher,
  )({ method: 'POST', url: '/api/teacher/task', payload: taskBody(overrides) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function createVariant(
  app: FastifyInstance,
  teacher: Caller,
  tasks: number[],
  name = 'Вариант',
): Promise<{ id: number; name: string }> {
  const res = await as(
    app,
    teacher,
  )({ method: 'POST', url: '/api/teacher/variant', payload: { name, tasks } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function createExam(
  app: FastifyInstance,
  teacher: Caller,
  variants: number[],
  students: number[] = [],
  name = 'Экзамен',
): Promise<{ id: number; name: string }> {
  const res = await as(
    app,
    teacher,
  )({
    method: 'POST',
    url: '/api/teacher/exam',
    payload: { name, variants, students },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The teacher sends a request and the student accepts it. */
export async function linkStudent(app: FastifyInstance, teacher: Caller, student: Caller): Promise<void> {
  const sent = await as(app, teacher)({ method: 'POST', url: `/api/teacher/student/${student.id}` });
  expect(sent.statusCode, sent.body).toBe(200);
  const list = await as(
    app,
    student,
  )({ method: 'GET', url: '/api/student/requests?page_size=100&page_number=0' });
  const request = (list.json() as { requests: Array<{ id: number }> }).requests[0];
  const accepted = await as(app, student)({ method: 'POST', url: `/api/student/request/${request.id}` });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

/** A recording row as the (later) student upload would store it; the tests only need the row. */
export async function insertRecording(
  app: FastifyInstance,
  row: { examId: number; studentId: number; name: string; createdAt?: string; checked?: boolean },
): Promise<number> {
  const inserted = await app.ctx.db
    .insertInto('recordings')
    .values({
      client_id: crypto.randomUUID(),
      exam_id: row.examId,
      student_id: row.studentId,
      name: row.name,
      search: searchColumn(row.name),
      mime: 'audio/webm',
      size: 0,
      duration: 1,
      storage_key: `recordings/00/${crypto.randomUUID()}`,
      checked: row.checked ? 1 : 0,
      created_at: row.createdAt ?? nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
