import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@/shared/roles';
import { linkStudent, multipart, PNG, taskBody, uploadOne } from './helpers/authoring';
import { webm } from './helpers/recordings';
import { answerJson, ustnoFile } from './helpers/ustno';
import { as, registerAndLogin, userFields, type Caller } from './helpers/test-app';

/**
 * The authorisation matrix's table: one entry per route (`METHOD /path` as Fastify registers
 * it). tests/server/authorisation-matrix.test.ts calls every route registered in the app as
 * no one, with an expired token, as each role, as the owner of the objects in the request and
 * as another user of the owner's role; a route with no entry here fails that test. Add your
 * routes' entries here.
 */

type Registered = Caller & { fields: ReturnType<typeof userFields> };

/** The accounts every entry may use; built once per database. */
export interface Actors {
  app: FastifyInstance;
  admin: Caller;
  /** Owns the teacher-side objects; `student` accepted their request. */
  teacher: Registered;
  otherTeacher: Registered;
  /** Assigned to the teacher's exam, owns its recording. */
  student: Registered;
  otherStudent: Registered;
  /** The teacher's world: file, task, variant, exam (assigned to `student`), a recording, a comment. */
  world: {
    fileId: number;
    fileAccess: string;
    taskId: number;
    variantId: number;
    examId: number;
    recordingId: number;
    recordingAccess: string;
    commentId: number;
    /** The signed address of a voice on another comment of the recording. */
    voiceAccess: string;
  };
}

/** Ids an entry puts in its request: numbers are swapped for missing ones in the "missing" case. */
export type Ids = Record<string, number>;

export interface MatrixRequest {
  url: string;
  payload?: object | Buffer | string;
  headers?: Record<string, string>;
  /** An event stream: judged by its head (it never ends by itself); a refusal is read whole. */
  stream?: boolean;
}

export interface MatrixEntry {
  /** Who may call it at all: 'public' (no token needed) or the roles. */
  access: 'public' | Role[];
  /**
   * Whose objects the ids are: that role's other user must get exactly what a missing id gets.
   * Without it, every user of an allowed role gets `ok`.
   */
  owner?: 'TEACHER' | 'STUDENT';
  /**
   * What that other user gets instead, where the request names no id but a client's key bound
   * to its owner (an upload's clientId: another account answers 409, never "missing").
   */
  other?: number;
  /** Creates what the request needs (fresh, as the owner's call may delete or change it). */
  prepare?: (a: Actors) => Promise<Ids>;
  /** The request; called anew for every caller. */
  request: (ids: Ids, a: Actors) => MatrixRequest;
  /** Status for an allowed caller (for 'public': for everyone). */
  ok: number;
  /** Runs after every other entry (password changes). */
  last?: boolean;
  /** A 200 ends the caller's other sessions and answers a new access token for the caller. */
  renewsSession?: boolean;
}

const q = 'page_size=5&page_number=0';
const search = `${q}&search_string=a`;
const json = (url: string, payload?: object): MatrixRequest => ({ url, payload });

async function post(app: FastifyInstance, caller: Caller, url: string, payload?: object) {
  const res = await as(app, caller)({ method: 'POST', url, ...(payload ? { payload } : {}) });
  if (res.statusCode !== 200) throw new Error(`matrix set-up: POST ${url} → ${res.statusCode} ${res.body}`);
  return res.json();
}

const newTask = async (a: Actors) =>
  (await post(a.app, a.teacher, '/api/teacher/task', taskBody())).id as number;
const newVariant = async (a: Actors) =>
  (await post(a.app, a.teacher, '/api/teacher/variant', { name: 'В', tasks: [a.world.taskId] })).id as number;
const newExam = async (a: Actors) =>
  (
    await post(a.app, a.teacher, '/api/teacher/exam', {
      name: 'Э',
      variants: [a.world.variantId],
      students: [a.student.id],
    })
  ).id as number;
const newComment = async (a: Actors) =>
  (
    await post(a.app, a.teacher, '/api/teacher/comment', {
      audioID: a.world.recordingId,
      start: 0,
      end: 1,
      comment: 'Хорошо',
    })
  ).id as number;

/** A spoken comment's raw body for `PUT /api/teacher/comment/:id/voice`. */
const voicePut = (id: number): MatrixRequest => ({
  url: `/api/teacher/comment/${id}/voice?duration=2`,
  payload: webm(2000),
  headers: { 'content-type': 'audio/webm' },
});

/** Gives the comment a voice; answers its signed address. */
async function putVoice(a: Actors, commentId: number): Promise<string> {
  const res = await as(a.app, a.teacher)({ method: 'PUT', ...voicePut(commentId) });
  if (res.statusCode !== 200) throw new Error(`matrix set-up: voice → ${res.statusCode} ${res.body}`);
  return res.json().voice.access as string;
}

/** The student's upload of a recording for the teacher's exam, as multipart. */
export function recordingUpload(examId: number, variantId: number): MatrixRequest {
  const body = multipart([
    { name: 'audio', filename: 'blob', contentType: 'audio/webm', data: webm(2000) },
    { name: 'examID', data: String(examId) },
    { name: 'variantID', data: String(variantId) },
    { name: 'clientId', data: crypto.randomUUID() },
    { name: 'duration', data: '3' },
  ]);
  return { url: '/api/student/exam/complete', payload: body.payload, headers: body.headers };
}

/** The student's answer to the exam as a `.ustno` file, brought in by `role` (a fresh clientId each call). */
function answerImport(role: 'teacher' | 'student', examId: number, a: Actors): MatrixRequest {
  const answer = answerJson({ exam: { id: examId }, variant: { id: a.world.variantId }, student: a.student });
  const body = multipart([{ name: 'files', filename: 'ответ.ustno', data: ustnoFile(answer, webm(2000)) }]);
  return { url: `/api/${role}/exam/${examId}/import`, payload: body.payload, headers: body.headers };
}

/** A pending request to `student` from a new teacher; its id as the student sees it. */
async function pendingRequest(a: Actors): Promise<number> {
  const sender = await registerAndLogin(a.app, 'teacher');
  await post(a.app, sender, `/api/teacher/student/${a.student.id}`);
  const list = await as(
    a.app,
    a.student,
  )({ method: 'GET', url: '/api/student/requests?page_size=100&page_number=0' });
  const rows = (list.json() as { requests: Array<{ id: number; teacher_surname: string }> }).requests;
  return Math.max(...rows.map((r) => r.id));
}

const profileBody = () => {
  const f = userFields();
  return { username: f.username, email: f.email, name: f.name, surname: f.surname, patronymic: f.patronymic };
};

/** Every actor's password (userFields), which an own profile change carries as the current one. */
const CURRENT = 'Ustno-test-pass-1';
const ownProfileBody = () => ({ ...profileBody(), currentPassword: CURRENT });

/** The clientId whose part the complete entry's set-up stored. */
let uploadClientId = '';

/** A fresh upload clientId bound to the student by a status call. */
async function boundUpload(a: Actors): Promise<string> {
  const clientId = crypto.randomUUID();
  const res = await as(a.app, a.student)({ method: 'GET', url: `/api/student/uploads/${clientId}` });
  if (res.statusCode !== 200) throw new Error(`matrix set-up: status → ${res.statusCode} ${res.body}`);
  return clientId;
}

const T: Role[] = ['TEACHER'];
const S: Role[] = ['STUDENT'];
const A: Role[] = ['ADMIN'];

export const MATRIX: Record<string, MatrixEntry> = {
  // ---- public ----
  'POST /api/auth/register/teacher': {
    access: 'public',
    request: () => json('/api/auth/register/teacher', { ...userFields(), role: 'ROLE_TEACHER' }),
    ok: 200,
  },
  'POST /api/auth/register/student': {
    access: 'public',
    request: () => json('/api/auth/register/student', { ...userFields(), role: 'ROLE_STUDENT' }),
    ok: 200,
  },
  'POST /api/auth/authenticate': {
    access: 'public',
    request: (_, a) =>
      json('/api/auth/authenticate', {
        username: a.otherStudent.fields.username,
        password: a.otherStudent.fields.password,
      }),
    ok: 200,
  },
  // An access token is no refresh token, whoever sends it.
  'POST /api/auth/refresh-token': {
    access: 'public',
    request: () => json('/api/auth/refresh-token'),
    ok: 401,
  },
  // Always 204: it ends the session of the refresh token it is given, if any (an access token is none).
  'POST /api/auth/logout': { access: 'public', request: () => json('/api/auth/logout'), ok: 204 },
  'POST /api/auth/recover': {
    access: 'public',
    request: () => json('/api/auth/recover', { email: 'nobody@example.ru' }),
    ok: 200,
  },
  'POST /api/auth/recover/:recoverID': {
    access: 'public',
    request: () =>
      json(`/api/auth/recover/${crypto.randomBytes(24).toString('base64url')}`, {
        password: 'Ustno-test-pass-1',
      }),
    ok: 404,
  },
  // The signature in the address is the permission: the same for everyone who has it.
  'GET /api/files/:id/content': { access: 'public', request: (_, a) => json(a.world.fileAccess), ok: 200 },
  'GET /api/recordings/:id/content': {
    access: 'public',
    request: (_, a) => json(a.world.recordingAccess),
    ok: 200,
  },
  'GET /api/voices/:id/content': {
    access: 'public',
    request: (_, a) => json(a.world.voiceAccess),
    ok: 200,
  },
  'GET /api/docs': { access: 'public', request: () => json('/api/docs'), ok: 200 },
  // Swagger UI's pages, built at the first of these requests (the smoke test walks each of them).
  'GET /api/docs/*': { access: 'public', request: () => json('/api/docs/json'), ok: 200 },

  // ---- any signed-in user ----
  'GET /api/auth/role': {
    access: ['ADMIN', 'TEACHER', 'STUDENT'],
    request: () => json('/api/auth/role'),
    ok: 200,
  },

  // ---- admin ----
  'GET /api/admin/metrics': { access: A, request: () => json('/api/admin/metrics'), ok: 200 },
  'GET /api/admin/students': { access: A, request: () => json(`/api/admin/students?${q}`), ok: 200 },
  'GET /api/admin/students/search': {
    access: A,
    request: () => json(`/api/admin/students/search?${search}`),
    ok: 200,
  },
  'GET /api/admin/teachers': { access: A, request: () => json(`/api/admin/teachers?${q}`), ok: 200 },
  'GET /api/admin/teachers/search': {
    access: A,
    request: () => json(`/api/admin/teachers/search?${search}`),
    ok: 200,
  },
  'GET /api/admin/students/:id': {
    access: A,
    prepare: async (a) => ({ id: a.student.id }),
    request: ({ id }) => json(`/api/admin/students/${id}`),
    ok: 200,
  },
  'GET /api/admin/teachers/:id': {
    access: A,
    prepare: async (a) => ({ id: a.teacher.id }),
    request: ({ id }) => json(`/api/admin/teachers/${id}`),
    ok: 200,
  },
  'POST /api/admin/student': { access: A, request: () => json('/api/admin/student', userFields()), ok: 200 },
  'POST /api/admin/teacher': { access: A, request: () => json('/api/admin/teacher', userFields()), ok: 200 },
  'PATCH /api/admin/student': {
    access: A,
    prepare: async (a) => ({ id: (await post(a.app, a.admin, '/api/admin/student', userFields())).id }),
    request: ({ id }) => json('/api/admin/student', { ...userFields(), id }),
    ok: 200,
  },
  'PATCH /api/admin/teacher': {
    access: A,
    prepare: async (a) => ({ id: (await post(a.app, a.admin, '/api/admin/teacher', userFields())).id }),
    request: ({ id }) => json('/api/admin/teacher', { ...userFields(), id }),
    ok: 200,
  },
  'GET /api/admin/metrics/logins/:userID': {
    access: A,
    prepare: async (a) => ({ id: a.student.id }),
    request: ({ id }) => json(`/api/admin/metrics/logins/${id}?${q}`),
    ok: 200,
  },
  'GET /api/admin/metrics/recoveries/:userID': {
    access: A,
    prepare: async (a) => ({ id: a.student.id }),
    request: ({ id }) => json(`/api/admin/metrics/recoveries/${id}?${q}`),
    ok: 200,
  },

  // ---- teacher: files ----
  'GET /api/teacher/files': { access: T, request: () => json(`/api/teacher/files?${q}`), ok: 200 },
  'GET /api/teacher/files/search': {
    access: T,
    request: () => json(`/api/teacher/files/search?${search}`),
    ok: 200,
  },
  'POST /api/teacher/files': {
    access: T,
    request: () => {
      const body = multipart([
        { name: 'files', filename: 'картинка.png', contentType: 'image/png', data: PNG },
      ]);
      return { url: `/api/teacher/files?${q}`, payload: body.payload, headers: body.headers };
    },
    ok: 200,
  },
  'PATCH /api/teacher/files': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.world.fileId }),
    request: ({ id }) => json(`/api/teacher/files?${q}`, { id, name: 'Новое имя.png' }),
    ok: 200,
  },
  'DELETE /api/teacher/file/:id': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: (await uploadOne(a.app, a.teacher, 'удалить.png', PNG)).id }),
    request: ({ id }) => json(`/api/teacher/file/${id}?${q}`),
    ok: 200,
  },

  // ---- teacher: tasks ----
  'GET /api/teacher/tasks': { access: T, request: () => json(`/api/teacher/tasks?${q}`), ok: 200 },
  'GET /api/teacher/tasks/search': {
    access: T,
    request: () => json(`/api/teacher/tasks/search?${search}`),
    ok: 200,
  },
  'POST /api/teacher/task': {
    access: T,
    owner: 'TEACHER',
    // The file in the body is the owner's: another teacher's task may not take it.
    prepare: async (a) => ({ file: a.world.fileId }),
    request: ({ file }) => json('/api/teacher/task', taskBody({ files: [file] })),
    ok: 200,
  },
  'PATCH /api/teacher/task': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: await newTask(a), file: a.world.fileId }),
    request: ({ id, file }) => {
      const { type: _type, ...body } = taskBody({ files: [file] });
      return json('/api/teacher/task', { ...body, id });
    },
    ok: 200,
  },
  'GET /api/teacher/task/:id': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.world.taskId }),
    request: ({ id }) => json(`/api/teacher/task/${id}`),
    ok: 200,
  },
  'DELETE /api/teacher/task/:id': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: await newTask(a) }),
    request: ({ id }) => json(`/api/teacher/task/${id}`),
    ok: 200,
  },

  // ---- teacher: variants ----
  'GET /api/teacher/variants': { access: T, request: () => json(`/api/teacher/variants?${q}`), ok: 200 },
  'GET /api/teacher/variants/search': {
    access: T,
    request: () => json(`/api/teacher/variants/search?${search}`),
    ok: 200,
  },
  'POST /api/teacher/variant': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ task: a.world.taskId }),
    request: ({ task }) => json('/api/teacher/variant', { name: 'Вариант', tasks: [task] }),
    ok: 200,
  },
  'PATCH /api/teacher/variant': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: await newVariant(a), task: a.world.taskId }),
    request: ({ id, task }) => json('/api/teacher/variant', { id, name: 'Вариант 2', tasks: [task] }),
    ok: 200,
  },
  'GET /api/teacher/variant/:id': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.world.variantId }),
    request: ({ id }) => json(`/api/teacher/variant/${id}`),
    ok: 200,
  },
  'DELETE /api/teacher/variant/:id': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: await newVariant(a) }),
    request: ({ id }) => json(`/api/teacher/variant/${id}`),
    ok: 200,
  },

  // ---- teacher: templates ----
  'GET /api/teacher/templates': { access: T, request: () => json('/api/teacher/templates'), ok: 200 },
  'POST /api/teacher/templates/:key/variant': {
    access: T,
    // Every teacher makes their own tasks and variant from a template: nobody's ids are in it.
    request: () => json('/api/teacher/templates/oge-english-oral/variant', { name: 'Из шаблона' }),
    ok: 200,
  },

  // ---- teacher: exams ----
  'GET /api/teacher/exams': { access: T, request: () => json(`/api/teacher/exams?${q}`), ok: 200 },
  'GET /api/teacher/exams/search': {
    access: T,
    request: () => json(`/api/teacher/exams/search?${search}`),
    ok: 200,
  },
  'POST /api/teacher/exam': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ variant: a.world.variantId, student: a.student.id }),
    request: ({ variant, student }) =>
      json('/api/teacher/exam', { name: 'Экзамен', variants: [variant], students: [student] }),
    ok: 200,
  },
  'PATCH /api/teacher/exam': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: await newExam(a), variant: a.world.variantId, student: a.student.id }),
    request: ({ id, variant, student }) =>
      json('/api/teacher/exam', { id, name: 'Экзамен 2', variantsID: [variant], studentsID: [student] }),
    ok: 200,
  },
  'GET /api/teacher/exam/:id': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.world.examId }),
    request: ({ id }) => json(`/api/teacher/exam/${id}`),
    ok: 200,
  },
  'DELETE /api/teacher/exam/:id': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: await newExam(a) }),
    request: ({ id }) => json(`/api/teacher/exam/${id}`),
    ok: 200,
  },
  'GET /api/teacher/exam/:id/statistics': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.world.examId }),
    request: ({ id }) => json(`/api/teacher/exam/${id}/statistics?${q}`),
    ok: 200,
  },
  'GET /api/teacher/exam/:id/audios': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.world.examId }),
    request: ({ id }) => json(`/api/teacher/exam/${id}/audios`),
    ok: 200,
  },

  // ---- teacher: students ----
  'GET /api/teacher/students': { access: T, request: () => json(`/api/teacher/students?${q}`), ok: 200 },
  'GET /api/teacher/students/search': {
    access: T,
    request: () => json(`/api/teacher/students/search?${search}`),
    ok: 200,
  },
  'GET /api/teacher/students/global': {
    access: T,
    request: () => json(`/api/teacher/students/global?${q}`),
    ok: 200,
  },
  'GET /api/teacher/students/global/search': {
    access: T,
    request: () => json(`/api/teacher/students/global/search?${search}`),
    ok: 200,
  },
  'POST /api/teacher/students': {
    access: T,
    request: () => json('/api/teacher/students', { ...profileBody(), password: 'Ustno-test-pass-1' }),
    ok: 200,
  },
  'GET /api/teacher/students/:id': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.student.id }),
    request: ({ id }) => json(`/api/teacher/students/${id}`),
    ok: 200,
  },
  'GET /api/teacher/students/:id/exams': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.student.id }),
    request: ({ id }) => json(`/api/teacher/students/${id}/exams?${q}`),
    ok: 200,
  },
  'GET /api/teacher/students/:id/exams/search': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.student.id }),
    request: ({ id }) => json(`/api/teacher/students/${id}/exams/search?${search}`),
    ok: 200,
  },
  'GET /api/teacher/students/:id/audios': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.student.id }),
    request: ({ id }) => json(`/api/teacher/students/${id}/audios?${q}`),
    ok: 200,
  },
  'GET /api/teacher/students/:id/audios/search': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.student.id }),
    request: ({ id }) => json(`/api/teacher/students/${id}/audios/search?${search}`),
    ok: 200,
  },
  // Any teacher may ask any student; each teacher's request is their own.
  'POST /api/teacher/student/:id': {
    access: T,
    prepare: async (a) => ({ id: (await registerAndLogin(a.app, 'student')).id }),
    request: ({ id }) => json(`/api/teacher/student/${id}`),
    ok: 200,
  },
  'DELETE /api/teacher/student/:id': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => {
      const s = await registerAndLogin(a.app, 'student');
      await linkStudent(a.app, a.teacher, s);
      return { id: s.id };
    },
    request: ({ id }) => json(`/api/teacher/student/${id}`),
    ok: 200,
  },

  // ---- teacher: review ----
  'GET /api/teacher/audios/:audioID': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.world.recordingId }),
    request: ({ id }) => json(`/api/teacher/audios/${id}`),
    ok: 200,
  },
  'POST /api/teacher/audios/:id/switch': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.world.recordingId }),
    request: ({ id }) => json(`/api/teacher/audios/${id}/switch`),
    ok: 200,
  },
  'DELETE /api/teacher/audio/:id': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => {
      const res = await as(
        a.app,
        a.student,
      )({
        method: 'POST',
        ...recordingUpload(a.world.examId, a.world.variantId),
      });
      if (res.statusCode !== 200) throw new Error(`matrix set-up: upload → ${res.statusCode} ${res.body}`);
      return { id: res.json().id };
    },
    request: ({ id }) => json(`/api/teacher/audio/${id}`),
    ok: 200,
  },
  'POST /api/teacher/comment': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ audio: a.world.recordingId }),
    request: ({ audio }) =>
      json('/api/teacher/comment', { audioID: audio, start: 0, end: 1, comment: 'Хорошо' }),
    ok: 200,
  },
  'PATCH /api/teacher/comment': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.world.commentId }),
    request: ({ id }) => json('/api/teacher/comment', { id, start: 0, end: 2, comment: 'Лучше' }),
    ok: 200,
  },
  'PUT /api/teacher/comment/:id/voice': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: await newComment(a) }),
    request: ({ id }) => voicePut(id),
    ok: 200,
  },
  'DELETE /api/teacher/comment/:id/voice': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => {
      const id = await newComment(a);
      await putVoice(a, id);
      return { id };
    },
    request: ({ id }) => json(`/api/teacher/comment/${id}/voice`),
    ok: 200,
  },
  'DELETE /api/teacher/comment/:id': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: await newComment(a) }),
    request: ({ id }) => json(`/api/teacher/comment/${id}`),
    ok: 200,
  },

  // ---- teacher: grading ----
  'GET /api/teacher/audios/:id/scores': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.world.recordingId }),
    request: ({ id }) => json(`/api/teacher/audios/${id}/scores`),
    ok: 200,
  },
  'PUT /api/teacher/audios/:id/scores': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.world.recordingId }),
    request: ({ id }) =>
      json(`/api/teacher/audios/${id}/scores`, { scores: [], clientUpdatedAt: new Date().toISOString() }),
    ok: 200,
  },
  // ---- teacher: the exam day ----
  'GET /api/teacher/exam/:id/progress': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.world.examId }),
    request: ({ id }) => json(`/api/teacher/exam/${id}/progress`),
    ok: 200,
  },
  'GET /api/teacher/exam/:id/progress/events': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.world.examId }),
    request: ({ id }) => ({ ...json(`/api/teacher/exam/${id}/progress/events`), stream: true }),
    ok: 200,
  },
  'POST /api/teacher/exam/:id/import': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.world.examId }),
    request: ({ id }, a) => answerImport('teacher', id, a),
    ok: 200,
  },
  'GET /api/teacher/exam/:id/scores.csv': {
    access: T,
    owner: 'TEACHER',
    prepare: async (a) => ({ id: a.world.examId }),
    request: ({ id }) => json(`/api/teacher/exam/${id}/scores.csv`),
    ok: 200,
  },

  // ---- teacher: own profile ----
  'GET /api/teacher/profile': { access: T, request: () => json('/api/teacher/profile'), ok: 200 },
  'PATCH /api/teacher/data': {
    access: T,
    request: () => json('/api/teacher/data', ownProfileBody()),
    ok: 200,
  },
  'PATCH /api/teacher/password': {
    access: T,
    request: () => json('/api/teacher/password', { password: 'Ustno-test-pass-2', currentPassword: CURRENT }),
    ok: 200,
    last: true,
    renewsSession: true,
  },

  // ---- student ----
  'GET /api/student/exams': { access: S, request: () => json(`/api/student/exams?${q}`), ok: 200 },
  'GET /api/student/exams/search': {
    access: S,
    request: () => json(`/api/student/exams/search?${search}`),
    ok: 200,
  },
  'GET /api/student/exam/:id': {
    access: S,
    owner: 'STUDENT',
    prepare: async (a) => ({ id: a.world.examId }),
    request: ({ id }) => json(`/api/student/exam/${id}`),
    ok: 200,
  },
  'GET /api/student/exam/:examID/extended': {
    access: S,
    owner: 'STUDENT',
    prepare: async (a) => ({ id: a.world.examId }),
    request: ({ id }) => json(`/api/student/exam/${id}/extended`),
    ok: 200,
  },
  'GET /api/student/exam/:examID/variant/:variantID': {
    access: S,
    owner: 'STUDENT',
    prepare: async (a) => ({ exam: a.world.examId, variant: a.world.variantId }),
    request: ({ exam, variant }) => json(`/api/student/exam/${exam}/variant/${variant}`),
    ok: 200,
  },
  'GET /api/student/exam/:id/audios': {
    access: S,
    owner: 'STUDENT',
    prepare: async (a) => ({ id: a.world.examId }),
    request: ({ id }) => json(`/api/student/exam/${id}/audios?${q}`),
    ok: 200,
  },
  'POST /api/student/session/:examID/start': {
    access: S,
    owner: 'STUDENT',
    prepare: async (a) => ({ id: a.world.examId }),
    request: ({ id }) => json(`/api/student/session/${id}/start`),
    ok: 200,
  },
  'POST /api/student/session/:sessionID/complete': {
    access: S,
    owner: 'STUDENT',
    prepare: async (a) => ({
      id: (await post(a.app, a.student, `/api/student/session/${a.world.examId}/start`)).session_id,
    }),
    request: ({ id }) => json(`/api/student/session/${id}/complete`),
    ok: 200,
  },
  'POST /api/student/exam/complete': {
    access: S,
    owner: 'STUDENT',
    prepare: async (a) => ({ exam: a.world.examId, variant: a.world.variantId }),
    request: ({ exam, variant }) => recordingUpload(exam, variant),
    ok: 200,
  },
  'POST /api/student/exam/:id/progress': {
    access: S,
    owner: 'STUDENT',
    prepare: async (a) => ({ id: a.world.examId }),
    request: ({ id }) =>
      json(`/api/student/exam/${id}/progress`, {
        clientId: crypto.randomUUID(),
        state: 'recording',
        task: 1,
        at: new Date().toISOString(),
      }),
    ok: 204,
  },
  'POST /api/student/exam/:id/import': {
    access: S,
    owner: 'STUDENT',
    prepare: async (a) => ({ id: a.world.examId }),
    request: ({ id }, a) => answerImport('student', id, a),
    ok: 200,
  },
  'GET /api/student/audios/:id/scores': {
    access: S,
    owner: 'STUDENT',
    prepare: async (a) => ({ id: a.world.recordingId }),
    request: ({ id }) => json(`/api/student/audios/${id}/scores`),
    ok: 200,
  },
  // An upload's clientId is bound to the student who sent its first part or asked its status:
  // another student gets 409 for it.
  'PUT /api/student/uploads/:clientId/parts/:part': {
    access: S,
    owner: 'STUDENT',
    other: 409,
    prepare: async (a) => {
      uploadClientId = await boundUpload(a);
      return {};
    },
    request: () => ({
      url: `/api/student/uploads/${uploadClientId}/parts/0`,
      payload: webm(1000),
      headers: { 'content-type': 'application/octet-stream' },
    }),
    ok: 200,
  },
  'GET /api/student/uploads/:clientId': {
    access: S,
    owner: 'STUDENT',
    other: 409,
    prepare: async (a) => {
      uploadClientId = await boundUpload(a);
      return {};
    },
    request: () => json(`/api/student/uploads/${uploadClientId}`),
    ok: 200,
  },
  'POST /api/student/uploads/:clientId/complete': {
    access: S,
    owner: 'STUDENT',
    other: 409,
    prepare: async (a) => {
      uploadClientId = crypto.randomUUID();
      const res = await as(
        a.app,
        a.student,
      )({
        method: 'PUT',
        url: `/api/student/uploads/${uploadClientId}/parts/0`,
        payload: webm(1000),
        headers: { 'content-type': 'application/octet-stream' },
      });
      if (res.statusCode !== 200) throw new Error(`matrix set-up: part → ${res.statusCode} ${res.body}`);
      return { exam: a.world.examId, variant: a.world.variantId };
    },
    request: ({ exam, variant }) =>
      json(`/api/student/uploads/${uploadClientId}/complete`, {
        examID: exam,
        variantID: variant,
        duration: 3,
        parts: 1,
        size: 1000,
      }),
    ok: 200,
  },
  'GET /api/student/audios': { access: S, request: () => json(`/api/student/audios?${q}`), ok: 200 },
  'GET /api/student/audios/search': {
    access: S,
    request: () => json(`/api/student/audios/search?${search}`),
    ok: 200,
  },
  'GET /api/student/audios/:audioID': {
    access: S,
    owner: 'STUDENT',
    prepare: async (a) => ({ id: a.world.recordingId }),
    request: ({ id }) => json(`/api/student/audios/${id}`),
    ok: 200,
  },
  'GET /api/student/requests': { access: S, request: () => json(`/api/student/requests?${q}`), ok: 200 },
  'POST /api/student/request/:id': {
    access: S,
    owner: 'STUDENT',
    prepare: async (a) => ({ id: await pendingRequest(a) }),
    request: ({ id }) => json(`/api/student/request/${id}`),
    ok: 200,
  },
  'DELETE /api/student/request/:id': {
    access: S,
    owner: 'STUDENT',
    prepare: async (a) => ({ id: await pendingRequest(a) }),
    request: ({ id }) => json(`/api/student/request/${id}`),
    ok: 200,
  },
  'GET /api/student/profile': { access: S, request: () => json('/api/student/profile'), ok: 200 },
  'PATCH /api/student/data': {
    access: S,
    request: () => json('/api/student/data', ownProfileBody()),
    ok: 200,
  },
  'PATCH /api/student/password': {
    access: S,
    request: () => json('/api/student/password', { password: 'Ustno-test-pass-2', currentPassword: CURRENT }),
    ok: 200,
    last: true,
    renewsSession: true,
  },
};

/** Builds the accounts and the teacher's world the entries refer to. */
/**
 * More requests of a route than its entry's, keyed `METHOD /path (what)`: run like the entries.
 * The late-answer path: an answer only goes into an exam the student was given (now or before)
 * with a variant of that exam; otherwise it is refused like a missing exam, for everyone.
 */
export const CASES: Record<string, MatrixEntry> = {
  'POST /api/student/exam/complete (an exam of the teacher never given to the student)': {
    access: S,
    prepare: async (a) => ({
      exam: (
        await post(a.app, a.teacher, '/api/teacher/exam', {
          name: 'Не выдан',
          variants: [a.world.variantId],
          students: [],
        })
      ).id as number,
      variant: a.world.variantId,
    }),
    request: ({ exam, variant }) => recordingUpload(exam, variant),
    ok: 404,
  },
  'POST /api/student/exam/complete (the student’s exam with a variant never in it)': {
    access: S,
    prepare: async (a) => ({ exam: a.world.examId, variant: await newVariant(a) }),
    request: ({ exam, variant }) => recordingUpload(exam, variant),
    ok: 404,
  },
};

export async function buildActors(app: FastifyInstance, admin: Caller): Promise<Actors> {
  const teacher = await registerAndLogin(app, 'teacher');
  const otherTeacher = await registerAndLogin(app, 'teacher');
  const student = await registerAndLogin(app, 'student');
  const otherStudent = await registerAndLogin(app, 'student');
  await linkStudent(app, teacher, student);
  const file = await uploadOne(app, teacher, 'мир.png', PNG);
  const taskId = (await post(app, teacher, '/api/teacher/task', taskBody({ files: [file.id] }))).id as number;
  const variantId = (await post(app, teacher, '/api/teacher/variant', { name: 'Мир', tasks: [taskId] }))
    .id as number;
  const examId = (
    await post(app, teacher, '/api/teacher/exam', {
      name: 'Мир',
      variants: [variantId],
      students: [student.id],
    })
  ).id as number;
  const uploaded = await as(app, student)({ method: 'POST', ...recordingUpload(examId, variantId) });
  if (uploaded.statusCode !== 200) throw new Error(`matrix set-up: upload → ${uploaded.statusCode}`);
  const recordingId = uploaded.json().id as number;
  const detail = await as(app, teacher)({ method: 'GET', url: `/api/teacher/audios/${recordingId}` });
  const actors: Actors = {
    app,
    admin,
    teacher,
    otherTeacher,
    student,
    otherStudent,
    world: {
      fileId: file.id,
      fileAccess: file.access,
      taskId,
      variantId,
      examId,
      recordingId,
      recordingAccess: detail.json().access as string,
      commentId: 0,
      voiceAccess: '',
    },
  };
  actors.world.commentId = await newComment(actors);
  actors.world.voiceAccess = await putVoice(actors, await newComment(actors));
  return actors;
}
