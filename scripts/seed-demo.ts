/**
 * `npm run db:seed-demo`: a demo teacher and a demo student (linked), an image and an audio file,
 * a text task and an audio task with grading criteria, a variant of both and an exam for the
 * student with one answer already recorded, graded and commented; and a mock ЕГЭ English exam
 * made from the official format (the templates), one attempt, open for a week. It goes through
 * the server's own API (app.inject), so every rule, the storage and the search columns apply
 * exactly as in use. Reads the same settings as the server (DATA_DIR, DATABASE_URL, ...).
 * Run twice, it sees the demo teacher and leaves everything as it is.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { findUserByUsername } from '../server/modules/users/repository';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SPEECH_WAV = path.join(ROOT, 'tests/fixtures/speech-ru-48k.wav');
/**
 * The demo student's answer: 15.5 s of the speech fixture recorded by Chromium's MediaRecorder
 * (WebM/Opus), as the exam runner records it.
 */
const DEMO_ANSWER = path.join(ROOT, 'scripts/demo/answer.webm');
const DEMO_ANSWER_SECONDS = 15.48;
/** Seconds of the speech fixture kept for the demo audio file. */
const AUDIO_SECONDS = 8;

const TEACHER = {
  username: 'demo.teacher',
  email: 'demo.teacher@example.ru',
  name: 'Анна',
  surname: 'Демидова',
  patronymic: 'Сергеевна',
};
const STUDENT = {
  username: 'demo.student',
  email: 'demo.student@example.ru',
  name: 'Иван',
  surname: 'Учеников',
  patronymic: 'Петрович',
};

const newPassword = () => crypto.randomBytes(9).toString('base64url');

// ---- a small PNG, drawn here so the demo needs no image file ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 160×120 RGB picture: a sky-to-sea gradient with a sun, enough to see a thumbnail work. */
function demoPng(width = 160, height = 120): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const sun = (x - 120) ** 2 + (y - 30) ** 2 < 15 ** 2;
      const sea = y > height * 0.65;
      const [r, g, b] = sun
        ? [255, 205, 60]
        : sea
          ? [20, 90 + Math.round((y / height) * 60), 160]
          : [110 + Math.round((y / height) * 100), 170 + Math.round((y / height) * 60), 235];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- the first seconds of the speech fixture ----

/** A PCM WAV cut to its first `seconds` (the fixture is about 16 s; a demo needs less). */
function cutWav(wav: Buffer, seconds: number): Buffer {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a WAV file');
  }
  let offset = 12;
  let fmt: Buffer | null = null;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    const body = wav.subarray(offset + 8, offset + 8 + size);
    if (id === 'fmt ') fmt = Buffer.from(body);
    if (id === 'data') {
      if (!fmt) throw new Error('WAV without a fmt chunk before its data');
      const byteRate = fmt.readUInt32LE(8);
      const blockAlign = fmt.readUInt16LE(12);
      const keep = Math.min(body.length, Math.floor((byteRate * seconds) / blockAlign) * blockAlign);
      const out = Buffer.alloc(12 + 8 + fmt.length + 8 + keep);
      out.write('RIFF', 0, 'ascii');
      out.writeUInt32LE(out.length - 8, 4);
      out.write('WAVE', 8, 'ascii');
      out.write('fmt ', 12, 'ascii');
      out.writeUInt32LE(fmt.length, 16);
      fmt.copy(out, 20);
      const dataAt = 20 + fmt.length;
      out.write('data', dataAt, 'ascii');
      out.writeUInt32LE(keep, dataAt + 4);
      body.copy(out, dataAt + 8, 0, keep);
      return out;
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('WAV without a data chunk');
}

// ---- calls ----

async function call<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { token?: string; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const res = await app.inject({
    method,
    url,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.payload !== undefined ? { payload: options.payload as string } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

function multipart(
  files: { name: string; type: string; content: Buffer; field?: string }[],
  fields: Record<string, string> = {},
) {
  const boundary = `----ustno-demo-${crypto.randomBytes(8).toString('hex')}`;
  const texts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'files'}"; filename="${f.name}"\r\n` +
        `Content-Type: ${f.type}\r\n\r\n`,
    ),
    f.content,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...texts, ...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

interface FileRow {
  id: number;
  name: string;
  type: string;
}

async function seed(app: FastifyInstance): Promise<{ teacherPassword: string; studentPassword: string }> {
  const teacherPassword = newPassword();
  const studentPassword = newPassword();

  await call(app, 'POST', '/api/auth/register/teacher', {
    payload: { ...TEACHER, password: teacherPassword, role: 'ROLE_TEACHER' },
  });
  const { access_token: token } = await call<{ access_token: string }>(
    app,
    'POST',
    '/api/auth/authenticate',
    {
      payload: { username: TEACHER.username, password: teacherPassword },
    },
  );

  // A student the teacher creates is on the teacher's list at once (accepted).
  const student = await call<{ id: number }>(app, 'POST', '/api/teacher/students', {
    token,
    payload: { ...STUDENT, password: studentPassword },
  });

  const upload = multipart([
    { name: 'Морской пейзаж.png', type: 'image/png', content: demoPng() },
    {
      name: 'Образец речи.wav',
      type: 'audio/wav',
      content: cutWav(fs.readFileSync(SPEECH_WAV), AUDIO_SECONDS),
    },
  ]);
  const uploaded = await call<{ files: FileRow[]; errors: string[] }>(
    app,
    'POST',
    '/api/teacher/files?page_size=10&page_number=0',
    { token, payload: upload.payload, headers: { 'content-type': upload.contentType } },
  );
  if (uploaded.errors.length > 0) throw new Error(`upload refused: ${uploaded.errors.join('; ')}`);
  const image = uploaded.files.find((f) => f.type.startsWith('image'));
  const audio = uploaded.files.find((f) => f.type.startsWith('audio'));
  if (!image || !audio) throw new Error('the uploaded files are not in the answer');

  const textTask = await call<{ id: number }>(app, 'POST', '/api/teacher/task', {
    token,
    payload: {
      name: 'Описание фотографии',
      type: 'TEXT_TASK',
      duration: 120,
      preparationDuration: 60,
      text:
        '<p>Опишите фотографию. В ответе расскажите:</p>' +
        '<p><strong>где</strong> и <strong>когда</strong> она могла быть сделана;</p>' +
        '<p>что на ней изображено;</p>' +
        '<p>почему вы <u>выбрали бы</u> или <s>не выбрали бы</s> такое место для отдыха.</p>',
      files: [image.id],
      criteria: [
        { name: 'Решение коммуникативной задачи', maxPoints: 3 },
        { name: 'Организация высказывания', maxPoints: 2 },
        { name: 'Языковое оформление', maxPoints: 2 },
      ],
    },
  });
  const audioTask = await call<{ id: number }>(app, 'POST', '/api/teacher/task', {
    token,
    payload: {
      name: 'Ответ на аудиосообщение',
      type: 'AUDIO_TASK',
      duration: 90,
      preparationDuration: 30,
      text:
        '<p>Прослушайте аудиозапись и ответьте на вопрос собеседника.</p>' +
        '<p>Говорите <strong>полными предложениями</strong>, не меньше пяти фраз.</p>',
      files: [audio.id],
      criteria: [
        { name: 'Ответ на вопрос', maxPoints: 2 },
        { name: 'Языковое оформление', maxPoints: 1 },
      ],
    },
  });
  const variant = await call<{ id: number }>(app, 'POST', '/api/teacher/variant', {
    token,
    payload: { name: 'Демонстрационный вариант', tasks: [textTask.id, audioTask.id] },
  });
  const exam = await call<{ id: number }>(app, 'POST', '/api/teacher/exam', {
    token,
    payload: { name: 'Пробный устный экзамен', variants: [variant.id], students: [student.id] },
  });

  // The student's answer, already sent: graded and commented, so the review and the student's
  // page show what the product does with an answer.
  const { access_token: studentToken } = await call<{ access_token: string }>(
    app,
    'POST',
    '/api/auth/authenticate',
    { payload: { username: STUDENT.username, password: studentPassword } },
  );
  const answer = multipart(
    [{ name: 'answer.webm', type: 'audio/webm', content: fs.readFileSync(DEMO_ANSWER), field: 'audio' }],
    {
      examID: String(exam.id),
      variantID: String(variant.id),
      mime: 'audio/webm;codecs=opus',
      clientId: crypto.randomUUID(),
      duration: String(DEMO_ANSWER_SECONDS),
      taskStarts: JSON.stringify([0, 8]),
    },
  );
  const recording = await call<{ id: number }>(app, 'POST', '/api/student/exam/complete', {
    token: studentToken,
    payload: answer.payload,
    headers: { 'content-type': answer.contentType },
  });
  const now = new Date().toISOString();
  await call(app, 'PUT', `/api/teacher/audios/${recording.id}/scores`, {
    token,
    payload: {
      scores: [
        { position: 1, criterion: 0, points: 2 },
        { position: 1, criterion: 1, points: 2 },
        { position: 1, criterion: 2, points: 1 },
        { position: 2, criterion: 0, points: 2 },
        { position: 2, criterion: 1, points: 1 },
      ],
      clientUpdatedAt: now,
    },
  });
  for (const comment of [
    { start: 1, end: 4, comment: 'Хорошее начало: сразу сказано, где сделана фотография.' },
    { start: 9, end: 13, comment: 'Здесь лучше полным предложением: «Я бы выбрал это место, потому что…»' },
  ]) {
    await call(app, 'POST', '/api/teacher/comment', {
      token,
      payload: { ...comment, audioID: recording.id, clientId: crypto.randomUUID() },
    });
  }

  // A mock exam in the official format, ready to fill: one attempt, open for a week.
  const fromTemplate = await call<{ variantId: number }>(
    app,
    'POST',
    '/api/teacher/templates/ege-english-oral/variant',
    { token, payload: { name: 'ЕГЭ, английский язык: пробный вариант' } },
  );
  const week = 7 * 24 * 3600 * 1000;
  await call(app, 'POST', '/api/teacher/exam', {
    token,
    payload: {
      name: 'Пробный ЕГЭ по английскому (устная часть)',
      variants: [fromTemplate.variantId],
      students: [student.id],
      attempts: 1,
      opensAt: now,
      closesAt: new Date(Date.now() + week).toISOString(),
    },
  });
  return { teacherPassword, studentPassword };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config, {
    logger: false,
    // On a fresh data folder the admin is made here, not at the server's first start.
    onAdminCreated: (username, password) => console.log(`Admin account created: ${username}  ${password}`),
  });
  try {
    await app.ready();
    if (await findUserByUsername(app.ctx.db, TEACHER.username)) {
      console.log(`The demo teacher "${TEACHER.username}" exists already: nothing was added.`);
      return;
    }
    const { teacherPassword, studentPassword } = await seed(app);
    console.log('Demo data added (their passwords are shown only now):');
    console.log(`  teacher  ${TEACHER.username}  ${teacherPassword}`);
    console.log(`  student  ${STUDENT.username}  ${studentPassword}`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
