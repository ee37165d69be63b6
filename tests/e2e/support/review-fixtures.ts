import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';

/**
 * Set-up for the review tests, straight through the API: a teacher with a linked student, a
 * task with a file, a variant, an exam, and a real WebM recording of the student's. Takes the
 * server's address as an argument, so it does not need the test runner.
 */

export interface ReviewUser {
  id: number;
  username: string;
  password: string;
  email: string;
  name: string;
  surname: string;
  patronymic: string;
  token: string;
}

export interface ReviewSetup {
  teacher: ReviewUser;
  student: ReviewUser;
  /** More students of the teacher's, given the same exam (`classmates` in the options). */
  classmates: ReviewUser[];
  examId: number;
  examName: string;
  variantId: number;
  variantName: string;
  taskNames: string[];
  taskIds: number[];
}

/** A 1×1 PNG: the server takes a file by its bytes, not by its name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A tone as a 16 kHz mono PCM WAV: a task's or a question's audio, short so a test does not wait. */
export function toneWav(seconds: number, rate = 16_000): Buffer {
  const samples = Math.round(seconds * rate);
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) {
    out.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), 44 + i * 2);
  }
  return out;
}

/** An API call the server answered with an error status. */
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; form?: FormData } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new ApiCallError(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`, res.status);
  return data as T;
}

async function register(
  baseUrl: string,
  role: 'TEACHER' | 'STUDENT',
  tag: string,
  suffix: string,
  surname = role === 'TEACHER' ? `Учителева${suffix}` : `Ученков${suffix}`,
) {
  const user = {
    username: `${tag}_${suffix}`,
    password: `pass-${suffix}`,
    email: `${tag}.${suffix}@example.ru`,
    name: role === 'TEACHER' ? 'Анна' : 'Пётр',
    surname,
    patronymic: 'Ивановна',
  };
  const path = role === 'TEACHER' ? '/api/auth/register/teacher' : '/api/auth/register/student';
  const { id } = await call<{ id: number }>(baseUrl, 'POST', path, {
    json: { ...user, role: `ROLE_${role}` },
  });
  const { access_token: token } = await call<{ access_token: string }>(
    baseUrl,
    'POST',
    '/api/auth/authenticate',
    {
      json: { username: user.username, password: user.password },
    },
  );
  return { ...user, id, token };
}

export interface ExamSetupOptions {
  /** The first task is an AUDIO_TASK with a 2 s tone, heard before its answer starts. */
  audioTask?: boolean;
  preparationDuration?: number;
  duration?: number;
  /** Each task's grading criteria, in the tasks' order (none when absent). */
  criteria?: { name: string; maxPoints: number }[][];
  /** How many more students take the same exam (two students of a class on one device). */
  classmates?: number;
}

/** The teacher asks the student to join their list, and the student accepts. */
async function linkStudent(baseUrl: string, teacher: ReviewUser, student: ReviewUser): Promise<void> {
  await call(baseUrl, 'POST', `/api/teacher/student/${student.id}`, { token: teacher.token });
  const { requests } = await call<{ requests: { id: number }[] }>(
    baseUrl,
    'GET',
    '/api/student/requests?page_size=10&page_number=0',
    { token: student.token },
  );
  if (requests.length !== 1) throw new Error(`expected one request, got ${requests.length}`);
  await call(baseUrl, 'POST', `/api/student/request/${requests[0].id}`, { token: student.token });
}

/** Teacher and student (linked by request and acceptance), a file, two tasks, a variant, an exam. */
export async function setupReviewExam(
  baseUrl: string,
  suffix: string,
  options: ExamSetupOptions = {},
): Promise<ReviewSetup> {
  const teacher = await register(baseUrl, 'TEACHER', 'rvt', suffix);
  const student = await register(baseUrl, 'STUDENT', 'rvs', suffix);
  const t = { token: teacher.token };
  await linkStudent(baseUrl, teacher, student);
  const classmates: ReviewUser[] = [];
  for (let i = 1; i <= (options.classmates ?? 0); i++) {
    const classmate = await register(baseUrl, 'STUDENT', `rvs${i}`, suffix, `Соседов${i}${suffix}`);
    await linkStudent(baseUrl, teacher, classmate);
    classmates.push(classmate);
  }

  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), `Картинка-${suffix}.png`);
  if (options.audioTask) {
    form.append('files', new Blob([new Uint8Array(toneWav(2))], { type: 'audio/wav' }), `Речь-${suffix}.wav`);
  }
  const uploaded = await call<{ files: { id: number; name: string }[] }>(
    baseUrl,
    'POST',
    '/api/teacher/files?page_size=10&page_number=0',
    { ...t, form },
  );
  const fileId = uploaded.files.find((f) => f.name === `Картинка-${suffix}.png`)?.id;
  const audioId = uploaded.files.find((f) => f.name === `Речь-${suffix}.wav`)?.id;
  if (!fileId || (options.audioTask && !audioId)) throw new Error('the uploaded file is not in the answer');

  const taskNames = [`Описание-${suffix}`, `Монолог-${suffix}`];
  const taskIds: number[] = [];
  for (const [i, name] of taskNames.entries()) {
    const task = await call<{ id: number }>(baseUrl, 'POST', '/api/teacher/task', {
      ...t,
      json: {
        name,
        text: i === 0 ? '<p>Опишите <strong>картинку</strong></p>' : '<p>Расскажите о себе</p>',
        duration: options.duration ?? 3,
        preparationDuration: options.preparationDuration ?? 0,
        type: i === 0 && options.audioTask ? 'AUDIO_TASK' : 'TEXT_TASK',
        files: i === 0 ? [fileId, ...(audioId ? [audioId] : [])] : [],
        criteria: options.criteria?.[i] ?? [],
      },
    });
    taskIds.push(task.id);
  }
  const variantName = `Вариант-${suffix}`;
  const variant = await call<{ id: number }>(baseUrl, 'POST', '/api/teacher/variant', {
    ...t,
    json: { name: variantName, tasks: taskIds },
  });
  const examName = `Экзамен-${suffix}`;
  const exam = await call<{ id: number }>(baseUrl, 'POST', '/api/teacher/exam', {
    ...t,
    json: { name: examName, students: [student.id, ...classmates.map((c) => c.id)], variants: [variant.id] },
  });
  return {
    teacher,
    student,
    classmates,
    examId: exam.id,
    examName,
    variantId: variant.id,
    variantName,
    taskNames,
    taskIds,
  };
}

/**
 * The teacher gives the task at `taskIndex` a model answer: `text` (rich text) and a tone of
 * `seconds` uploaded to their library as `audioName`. Answers the audio file's id.
 */
export async function setModelAnswer(
  baseUrl: string,
  setup: ReviewSetup,
  taskIndex: number,
  answer: { text: string; audioName: string; seconds: number },
): Promise<number> {
  const t = { token: setup.teacher.token };
  const form = new FormData();
  form.append(
    'files',
    new Blob([new Uint8Array(toneWav(answer.seconds))], { type: 'audio/wav' }),
    answer.audioName,
  );
  const uploaded = await call<{ files: { id: number; name: string }[] }>(
    baseUrl,
    'POST',
    '/api/teacher/files?page_size=10&page_number=0',
    { ...t, form },
  );
  const fileId = uploaded.files.find((f) => f.name === answer.audioName)?.id;
  if (!fileId) throw new Error('the uploaded model answer is not in the answer');
  const id = setup.taskIds[taskIndex];
  // An update carries the whole task.
  const task = await call<{
    name: string;
    text: string;
    duration: number;
    preparationDuration: number;
    files: { id: number }[];
    criteria: { name: string; maxPoints: number }[];
  }>(baseUrl, 'GET', `/api/teacher/task/${id}`, t);
  await call(baseUrl, 'PATCH', '/api/teacher/task', {
    ...t,
    json: {
      id,
      name: task.name,
      text: task.text,
      duration: task.duration,
      preparationDuration: task.preparationDuration,
      files: task.files.map((f) => f.id),
      criteria: task.criteria.map((c) => ({ name: c.name, maxPoints: c.maxPoints })),
      modelAnswerText: answer.text,
      modelAnswerFileId: fileId,
    },
  });
  return fileId;
}

/** The teacher switches the recording's 'checked' mark (on when it was off). */
export async function switchChecked(baseUrl: string, setup: ReviewSetup, audioId: number): Promise<boolean> {
  const answer = await call<{ checked: boolean }>(baseUrl, 'POST', `/api/teacher/audios/${audioId}/switch`, {
    token: setup.teacher.token,
  });
  return answer.checked;
}

export interface RecordedAudio {
  bytes: Buffer;
  mime: string;
  /** Seconds, measured by decoding what was recorded. */
  duration: number;
  /** 100 peaks in [0, 1]. */
  peaks: number[];
}

/**
 * Records `ms` of the fake microphone (the speech WAV Chromium is launched with) through
 * MediaRecorder, as the exam runner does, and returns the WebM with its duration and peaks.
 * The page must be on the app's origin (a secure context).
 */
export async function recordWebm(page: Page, ms: number): Promise<RecordedAudio> {
  const result = await page.evaluate(async (length) => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const mime = 'audio/webm;codecs=opus';
    const recorder = new MediaRecorder(stream, { mimeType: mime, audioBitsPerSecond: 32_000 });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    const stopped = new Promise<void>((resolve) => {
      recorder.onstop = () => resolve();
    });
    recorder.start(1000);
    await new Promise((r) => setTimeout(r, length));
    recorder.stop();
    await stopped;
    stream.getTracks().forEach((track) => track.stop());
    const buffer = await new Blob(chunks, { type: mime }).arrayBuffer();

    const context = new AudioContext();
    const decoded = await context.decodeAudioData(buffer.slice(0));
    await context.close();
    const samples = decoded.getChannelData(0);
    const bins = 100;
    const size = Math.max(1, Math.floor(samples.length / bins));
    const peaks: number[] = [];
    for (let b = 0; b < bins; b += 1) {
      let max = 0;
      for (let i = b * size; i < Math.min(samples.length, (b + 1) * size); i += 1) {
        max = Math.max(max, Math.abs(samples[i]));
      }
      peaks.push(Math.round(Math.min(1, max) * 1000) / 1000);
    }

    const bytes = new Uint8Array(buffer);
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return { base64: btoa(binary), mime, duration: decoded.duration, peaks };
  }, ms);
  return {
    bytes: Buffer.from(result.base64, 'base64'),
    mime: result.mime,
    duration: result.duration,
    peaks: result.peaks,
  };
}

/** POST /api/student/exam/complete as the student: the recording as the exam runner sends it. */
export async function uploadRecording(
  baseUrl: string,
  setup: ReviewSetup,
  audio: RecordedAudio,
  taskStarts: number[],
): Promise<{ id: number; name: string }> {
  const form = new FormData();
  form.append('audio', new Blob([new Uint8Array(audio.bytes)], { type: 'audio/webm' }), 'recording.webm');
  form.append('examID', String(setup.examId));
  form.append('variantID', String(setup.variantId));
  form.append('mime', 'audio/webm');
  form.append('clientId', randomUUID());
  form.append('duration', String(Math.round(audio.duration * 1000) / 1000));
  form.append('taskStarts', JSON.stringify(taskStarts));
  form.append('peaks', JSON.stringify(audio.peaks));
  return call(baseUrl, 'POST', '/api/student/exam/complete', { token: setup.student.token, form });
}

/** The teacher comments on a recording (from its start, for a second). */
export async function addTeacherComment(
  baseUrl: string,
  setup: ReviewSetup,
  audioId: number,
  comment: string,
): Promise<void> {
  await call(baseUrl, 'POST', '/api/teacher/comment', {
    token: setup.teacher.token,
    json: { audioID: audioId, start: 0, end: 1, comment },
  });
}

/**
 * Uploads copies of `audio` as the student until the server refuses one (the per-exam recording
 * limit, whatever it is set to): answers how many the exam then holds and the refusal's status.
 */
export async function fillExamToLimit(
  baseUrl: string,
  setup: ReviewSetup,
  audio: RecordedAudio,
): Promise<{ kept: number; refusal: ApiCallError }> {
  for (let kept = 0; kept < 1000; kept++) {
    try {
      await uploadRecording(baseUrl, setup, audio, [0]);
    } catch (error) {
      if (error instanceof ApiCallError) return { kept, refusal: error };
      throw error;
    }
  }
  throw new Error('the server took 1000 recordings of one exam without refusing one');
}

/**
 * The teacher replaces the exam's variant with a copy and deletes the original for good: an
 * answer recorded on the original is then refused (409).
 */
export async function withdrawVariant(baseUrl: string, setup: ReviewSetup): Promise<void> {
  const t = { token: setup.teacher.token };
  const original = await call<{ tasks: { task: { id: number } }[] }>(
    baseUrl,
    'GET',
    `/api/teacher/variant/${setup.variantId}`,
    t,
  );
  const replacement = await call<{ id: number }>(baseUrl, 'POST', '/api/teacher/variant', {
    ...t,
    json: { name: `${setup.variantName}-новый`, tasks: original.tasks.map((e) => e.task.id) },
  });
  await call(baseUrl, 'PATCH', '/api/teacher/exam', {
    ...t,
    json: {
      id: setup.examId,
      name: setup.examName,
      studentsID: [setup.student.id, ...setup.classmates.map((c) => c.id)],
      variantsID: [replacement.id],
    },
  });
  await call(baseUrl, 'DELETE', `/api/teacher/variant/${setup.variantId}`, t);
}

/** The criteria of the grading tests: task 1 out of 3, task 2 out of 2. */
const GRADING_CRITERIA = [
  [{ name: 'Решение задачи', maxPoints: 3 }],
  [{ name: 'Произношение', maxPoints: 2 }],
];

/**
 * An exam whose two tasks are graded by criteria, and one recording of it recorded in `page`
 * (which is left on /login).
 */
export async function setupGradedRecording(
  baseUrl: string,
  page: Page,
  tag: string,
  ms: number,
  taskStarts: number[],
): Promise<{ setup: ReviewSetup; recording: { id: number; name: string } }> {
  const setup = await setupReviewExam(baseUrl, tag, { criteria: GRADING_CRITERIA });
  await page.goto('/login');
  const recording = await uploadRecording(baseUrl, setup, await recordWebm(page, ms), taskStarts);
  return { setup, recording };
}
