import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { IMPORT_FILES_FIELD, importResultsSchema, type UstnoAnswerInput } from '@/shared/contract/progress';
import { multipart, type Part } from './authoring';
import { as, type Caller } from './test-app';

/** A zip with its entries stored (no compression), as 'Сохранить файл' writes a `.ustno` file. */
export function storedZip(entries: Array<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const fileName = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** answer.json for the student's answer to the exam's variant; a fresh clientId unless given. */
export function answerJson(
  s: { exam: { id: number }; variant: { id: number }; student: { id: number } },
  overrides: Partial<UstnoAnswerInput> & Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    version: 1,
    examID: s.exam.id,
    variantID: s.variant.id,
    studentId: s.student.id,
    clientId: crypto.randomUUID(),
    mime: 'audio/webm;codecs=opus',
    duration: 12.5,
    taskStarts: [0],
    questionStarts: [[1, 5]],
    recordedAt: new Date().toISOString(),
    interrupted: false,
    ...overrides,
  };
}

/** A `.ustno` file of the description and the audio (answer.webm unless named otherwise). */
export function ustnoFile(answer: object, audio: Buffer, audioName = 'answer.webm'): Buffer {
  return storedZip([
    { name: 'answer.json', data: Buffer.from(JSON.stringify(answer)) },
    { name: audioName, data: audio },
  ]);
}

/** POSTs the files to the role's import of the exam. */
export function importFiles(
  app: FastifyInstance,
  caller: Caller,
  role: 'teacher' | 'student',
  examId: number,
  files: Array<{ name: string; data: Buffer }>,
  extra: Part[] = [],
): Promise<LightMyRequestResponse> {
  const body = multipart([
    ...files.map((f) => ({
      name: IMPORT_FILES_FIELD,
      filename: f.name,
      contentType: 'application/octet-stream',
      data: f.data,
    })),
    ...extra,
  ]);
  return as(app, caller)({ method: 'POST', url: `/api/${role}/exam/${examId}/import`, ...body });
}

/** The import's results, parsed by the contract (and 200 expected). */
export function importResults(res: LightMyRequestResponse) {
  if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body}`);
  return importResultsSchema.parse(res.json()).results;
}
