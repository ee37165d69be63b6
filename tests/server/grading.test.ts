import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchColumn } from '@/shared/search-text';
import { createExam, createTask, createVariant, linkStudent } from './helpers/authoring';
import { expectError } from './helpers/expect-error';
import { uploadOk } from './helpers/recordings';
import {
  as,
  createTestApp,
  DATABASES,
  registerAndLogin,
  type Caller,
  type TestApp,
} from './helpers/test-app';
import { readZip } from './helpers/zip';

const SPEAKING = [
  { name: 'Решение задачи', maxPoints: 1 },
  { name: 'Организация высказывания', maxPoints: 2 },
];
const READING = [{ name: 'Интонация', maxPoints: 3 }];

/** The CSV's rows as cells (the BOM checked and dropped). */
function parseCsv(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return body
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(';'));
}

describe.each(DATABASES)('grading on %s', (kind) => {
  let t: TestApp;
  let teacher: Caller;
  let other: Caller;
  let student: Awaited<ReturnType<typeof registerAndLogin>>;
  let absent: Awaited<ReturnType<typeof registerAndLogin>>;
  let stranger: Caller;
  let exam: { id: number };
  let variant: { id: number };
  let speaking: { id: number };
  let plain: { id: number };

  const call = (caller: Caller | null, method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    as(t.app, caller)({ method, url, ...(payload ? { payload } : {}) });
  const put = (caller: Caller, id: number, scores: object[], clientUpdatedAt = new Date().toISOString()) =>
    call(caller, 'PUT', `/api/teacher/audios/${id}/scores`, { scores, clientUpdatedAt });
  /** A PUT from a device whose clock is `skewMs` off: made `agoMs` ago, sent now (both by its clock). */
  const putFrom = (id: number, scores: object[], skewMs: number, agoMs = 0) => {
    const deviceNow = Date.now() + skewMs;
    return call(teacher, 'PUT', `/api/teacher/audios/${id}/scores`, {
      scores,
      clientUpdatedAt: new Date(deviceNow - agoMs).toISOString(),
      clientSentAt: new Date(deviceNow).toISOString(),
    });
  };
  const HOUR = 3_600_000;
  const upload = () => uploadOk(t.app, { student, exam, variant }, { duration: 60, taskStarts: [0, 20, 40] });

  beforeAll(async () => {
    t = await createTestApp(kind);
    teacher = await registerAndLogin(t.app, 'teacher');
    other = await registerAndLogin(t.app, 'teacher');
    student = await registerAndLogin(t.app, 'student', {
      surname: 'Авдеева',
      name: 'Анна',
      patronymic: 'Ильинична',
    });
    absent = await registerAndLogin(t.app, 'student', { surname: 'Борисов', name: '=Борис', patronymic: '' });
    stranger = await registerAndLogin(t.app, 'student');
    await linkStudent(t.app, teacher, student);
    await linkStudent(t.app, teacher, absent);
    speaking = await createTask(t.app, teacher, { name: 'Монолог', criteria: SPEAKING });
    plain = await createTask(t.app, teacher, { name: 'Без критериев' });
    const reading = await createTask(t.app, teacher, { name: 'Чтение', criteria: READING });
    variant = await createVariant(t.app, teacher, [speaking.id, plain.id, reading.id], 'Вариант 1');
    exam = await createExam(t.app, teacher, [variant.id], [student.id, absent.id], 'Устный экзамен');
  });
  afterAll(async () => {
    await t.close();
  });

  it('documents the grading paths in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/teacher/audios/{id}/scores'] ?? {}).sort()).toEqual(['get', 'put']);
    expect(paths['/api/student/audios/{id}/scores']).toHaveProperty('get');
    expect(paths['/api/teacher/exam/{id}/scores.csv']).toHaveProperty('get');
  });

  describe('criteria on a task', () => {
    it('are stored, answered and kept by an update that does not mention them', async () => {
      const got = await call(teacher, 'GET', `/api/teacher/task/${speaking.id}`);
      expect(got.json().criteria).toEqual(SPEAKING);
      expect((await call(teacher, 'GET', `/api/teacher/task/${plain.id}`)).json().criteria).toEqual([]);

      const task = await createTask(t.app, teacher, { name: 'Правка', criteria: SPEAKING });
      const base = { id: task.id, name: 'Правка', text: '', duration: 60, preparationDuration: 0, files: [] };
      const kept = await call(teacher, 'PATCH', '/api/teacher/task', base);
      expect(kept.json().criteria).toEqual(SPEAKING);
      const reordered = [{ name: '  Лексика ', maxPoints: 4 }, SPEAKING[0]];
      const changed = await call(teacher, 'PATCH', '/api/teacher/task', { ...base, criteria: reordered });
      expect(changed.json().criteria).toEqual([{ name: 'Лексика', maxPoints: 4 }, SPEAKING[0]]);
      const cleared = await call(teacher, 'PATCH', '/api/teacher/task', { ...base, criteria: [] });
      expect(cleared.json().criteria).toEqual([]);
    });

    it('are bounded: at most 10, names 1–100 characters, maxima whole numbers 1–20', async () => {
      const bad = [
        Array.from({ length: 11 }, (_, i) => ({ name: `К${i}`, maxPoints: 1 })),
        [{ name: '', maxPoints: 1 }],
        [{ name: 'я'.repeat(101), maxPoints: 1 }],
        [{ name: 'К', maxPoints: 0 }],
        [{ name: 'К', maxPoints: 21 }],
        [{ name: 'К', maxPoints: 1.5 }],
        [{ name: 'К' }],
      ];
      for (const criteria of bad) {
        const res = await as(
          t.app,
          teacher,
        )({
          method: 'POST',
          url: '/api/teacher/task',
          payload: { name: 'З', text: '', duration: 60, preparationDuration: 0, type: 'TEXT_TASK', criteria },
        });
        expectError(res, 400);
      }
      const ten = Array.from({ length: 10 }, (_, i) => ({ name: 'я'.repeat(100 - i), maxPoints: 20 }));
      expect((await createTask(t.app, teacher, { criteria: ten })).id).toBeGreaterThan(0);
    });
  });

  describe('scores of a recording', () => {
    it('answers every task of the variant with its criteria, ungraded', async () => {
      const rec = await upload();
      const res = await call(teacher, 'GET', `/api/teacher/audios/${rec.id}/scores`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        tasks: [
          {
            position: 1,
            taskId: speaking.id,
            taskName: 'Монолог',
            criteria: SPEAKING.map((c) => ({ ...c, points: null })),
          },
          { position: 2, taskId: plain.id, taskName: 'Без критериев', criteria: [] },
          {
            position: 3,
            taskId: expect.any(Number),
            taskName: 'Чтение',
            criteria: [{ ...READING[0], points: null }],
          },
        ],
        total: 0,
        maxTotal: 6,
        gradedAt: null,
      });
    });

    it('replaces the whole grade, marks the recording checked, and the student sees it', async () => {
      const rec = await upload();
      const first = await put(teacher, rec.id, [
        { position: 1, criterion: 0, points: 1 },
        { position: 1, criterion: 1, points: 2 },
        { position: 3, criterion: 0, points: 2 },
      ]);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ total: 5, maxTotal: 6, gradedAt: expect.any(String) });

      const second = await put(teacher, rec.id, [{ position: 3, criterion: 0, points: 3 }]);
      const grade = second.json();
      expect(grade.total).toBe(3);
      expect(grade.tasks[0].criteria.map((c: { points: number | null }) => c.points)).toEqual([null, null]);
      expect(grade.tasks[2].criteria[0].points).toBe(3);

      const seen = await call(student, 'GET', `/api/student/audios/${rec.id}/scores`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toEqual(grade);
      expect((await call(teacher, 'GET', `/api/teacher/audios/${rec.id}`)).json().checked).toBe(true);
      const list = await call(student, 'GET', '/api/student/audios?page_size=100&page_number=0');
      expect(list.json().audios.find((a: { id: number }) => a.id === rec.id)).toMatchObject({
        checked: true,
        total: 3,
        maxTotal: 6,
      });
      const examAudios = await call(teacher, 'GET', `/api/teacher/exam/${exam.id}`);
      expect(examAudios.json().audios.find((a: { id: number }) => a.id === rec.id)).toMatchObject({
        total: 3,
      });

      const cleared = await put(teacher, rec.id, []);
      expect(cleared.json()).toMatchObject({ total: 0, gradedAt: null });
      const after = await call(student, 'GET', '/api/student/audios?page_size=100&page_number=0');
      expect(after.json().audios.find((a: { id: number }) => a.id === rec.id)).toMatchObject({
        total: null,
        maxTotal: null,
      });
    });

    it('refuses points outside 0..max, unknown tasks and criteria, and a criterion scored twice', async () => {
      const rec = await upload();
      const bad = [
        [{ position: 1, criterion: 0, points: 2 }],
        [{ position: 1, criterion: 1, points: -1 }],
        [{ position: 1, criterion: 0, points: 0.5 }],
        [{ position: 2, criterion: 0, points: 0 }],
        [{ position: 4, criterion: 0, points: 0 }],
        [{ position: 0, criterion: 0, points: 0 }],
        [{ position: 1, criterion: 2, points: 0 }],
        [
          { position: 1, criterion: 0, points: 1 },
          { position: 1, criterion: 0, points: 0 },
        ],
      ];
      for (const scores of bad) expectError(await put(teacher, rec.id, scores), 400);
      expectError(await call(teacher, 'PUT', `/api/teacher/audios/${rec.id}/scores`, { scores: [] }), 400);
      const res = await call(teacher, 'GET', `/api/teacher/audios/${rec.id}/scores`);
      expect(res.json().gradedAt).toBeNull();
      expect((await call(teacher, 'GET', `/api/teacher/audios/${rec.id}`)).json().checked).toBe(false);
    });

    it('ignores a PUT older than the stored one and answers the stored grade', async () => {
      const rec = await upload();
      const newer = await put(
        teacher,
        rec.id,
        [{ position: 3, criterion: 0, points: 3 }],
        '2020-01-01T10:00:05.000Z',
      );
      const stale = await put(
        teacher,
        rec.id,
        [{ position: 3, criterion: 0, points: 1 }],
        '2020-01-01T10:00:04.999Z',
      );
      expect(stale.statusCode).toBe(200);
      expect(stale.json()).toEqual(newer.json());
      const replay = await put(
        teacher,
        rec.id,
        [{ position: 3, criterion: 0, points: 2 }],
        '2020-01-01T13:00:05+03:00',
      );
      expect(replay.json().total).toBe(2);
      const later = await put(
        teacher,
        rec.id,
        [{ position: 1, criterion: 0, points: 1 }],
        '2020-01-01T10:00:06.000Z',
      );
      expect(later.json().total).toBe(1);
    });

    it('orders grades by the device clock corrected by its offset: a phone an hour fast does not freeze the grade', async () => {
      const rec = await upload();
      const phone = await putFrom(rec.id, [{ position: 3, criterion: 0, points: 3 }], HOUR);
      expect(phone.json().total).toBe(3);
      // The laptop corrects it just after (a minute later in life): its edit is the newer one.
      const laptop = await putFrom(rec.id, [{ position: 3, criterion: 0, points: 1 }], 0);
      expect(laptop.statusCode, laptop.body).toBe(200);
      expect(laptop.json().total).toBe(1);
      expect((await call(teacher, 'GET', `/api/teacher/audios/${rec.id}/scores`)).json().total).toBe(1);
    });

    it('takes a grade stamped 2099 as made when it arrived, so a later one still wins', async () => {
      const rec = await upload();
      const future = await call(teacher, 'PUT', `/api/teacher/audios/${rec.id}/scores`, {
        scores: [{ position: 1, criterion: 0, points: 1 }],
        clientUpdatedAt: '2099-01-01T00:00:00.000Z',
        clientSentAt: '2099-01-01T00:00:00.000Z',
      });
      expect(future.json().total).toBe(1);
      const stampOnly = await put(
        teacher,
        rec.id,
        [{ position: 1, criterion: 1, points: 2 }],
        '2099-06-01T00:00:00Z',
      );
      expect(stampOnly.json().total).toBe(2);
      const later = await put(teacher, rec.id, [{ position: 3, criterion: 0, points: 3 }]);
      expect(later.json().total).toBe(3);
    });

    it('places an edit of a slow device where it was made: it beats an older one that came first, and loses to a newer one', async () => {
      const rec = await upload();
      // The laptop's edit, made a minute ago, arrives first.
      expect(
        (await putFrom(rec.id, [{ position: 1, criterion: 0, points: 1 }], 0, 60_000)).json().total,
      ).toBe(1);
      // A phone an hour slow made its edit 30 s ago: newer than the laptop's.
      const phone = await putFrom(rec.id, [{ position: 1, criterion: 1, points: 2 }], -HOUR, 30_000);
      expect(phone.json().total).toBe(2);
      // Its edit of 5 minutes ago, sent only now, is older than what is stored: the stored grade answers.
      const stale = await putFrom(rec.id, [{ position: 3, criterion: 0, points: 3 }], -HOUR, 300_000);
      expect(stale.statusCode).toBe(200);
      expect(stale.json()).toEqual(phone.json());
    });

    it('orders clearing a grade like any other edit', async () => {
      const rec = await upload();
      const graded = await put(teacher, rec.id, [{ position: 3, criterion: 0, points: 3 }]);
      expect(graded.json()).toMatchObject({ total: 3, gradedAt: expect.any(String) });
      // A clearing made before that grade, arriving after it, changes nothing.
      const staleClear = await putFrom(rec.id, [], 0, 60_000);
      expect(staleClear.json()).toEqual(graded.json());
      const cleared = await putFrom(rec.id, [], 0);
      expect(cleared.json()).toMatchObject({ total: 0, gradedAt: null });
      // A grade made before the clearing, arriving after it, does not bring the points back.
      const staleGrade = await putFrom(rec.id, [{ position: 1, criterion: 0, points: 1 }], 0, 60_000);
      expect(staleGrade.json()).toMatchObject({ total: 0, gradedAt: null });
      const regraded = await putFrom(rec.id, [{ position: 1, criterion: 0, points: 1 }], 0);
      expect(regraded.json()).toMatchObject({ total: 1, gradedAt: expect.any(String) });
    });

    it('refuses a clientSentAt that is no date', async () => {
      const rec = await upload();
      expectError(
        await call(teacher, 'PUT', `/api/teacher/audios/${rec.id}/scores`, {
          scores: [],
          clientUpdatedAt: new Date().toISOString(),
          clientSentAt: 'вчера',
        }),
        400,
      );
    });

    it('keeps the maximum a score was given against when the task changes later', async () => {
      const task = await createTask(t.app, teacher, {
        name: 'Диалог',
        criteria: [{ name: 'Ответы', maxPoints: 5 }],
      });
      const v = await createVariant(t.app, teacher, [task.id], 'Вариант 2');
      const e = await createExam(t.app, teacher, [v.id], [student.id], 'Диалоги');
      const rec = await uploadOk(t.app, { student, exam: e, variant: v }, { duration: 10, taskStarts: [0] });
      await put(teacher, rec.id, [{ position: 1, criterion: 0, points: 5 }]);
      const base = { id: task.id, name: 'Диалог', text: '', duration: 60, preparationDuration: 0, files: [] };
      const edited = await call(teacher, 'PATCH', '/api/teacher/task', {
        ...base,
        criteria: [
          { name: 'Ответы на вопросы', maxPoints: 3 },
          { name: 'Произношение', maxPoints: 2 },
        ],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const scores = (await call(teacher, 'GET', `/api/teacher/audios/${rec.id}/scores`)).json();
      expect(scores.tasks[0].criteria).toEqual([
        { name: 'Ответы на вопросы', maxPoints: 5, points: 5 },
        { name: 'Произношение', maxPoints: 2, points: null },
      ]);
      expect(scores).toMatchObject({ total: 5, maxTotal: 7 });
      // Saving the panel again keeps the 5 of 5; a new score is bounded by the current maximum.
      const again = await put(teacher, rec.id, [
        { position: 1, criterion: 0, points: 5 },
        { position: 1, criterion: 1, points: 2 },
      ]);
      expect(again.json()).toMatchObject({ total: 7, maxTotal: 7 });
      expectError(
        await put(teacher, rec.id, [
          { position: 1, criterion: 0, points: 5 },
          { position: 1, criterion: 1, points: 3 },
        ]),
        400,
      );
    });

    it('answers another teacher, another student and a missing recording 404', async () => {
      const rec = await upload();
      for (const url of [`/api/teacher/audios/${rec.id}/scores`, '/api/teacher/audios/999999/scores']) {
        expectError(await call(other, 'GET', url), 404);
      }
      expectError(await put(other, rec.id, []), 404);
      expectError(await call(stranger, 'GET', `/api/student/audios/${rec.id}/scores`), 404);
      expectError(await call(student, 'GET', `/api/teacher/audios/${rec.id}/scores`), 403);
      expectError(await call(teacher, 'GET', `/api/student/audios/${rec.id}/scores`), 403);
      expectError(await call(null, 'GET', `/api/student/audios/${rec.id}/scores`), 401);
    });
  });

  describe('exports and statistics', () => {
    let graded: { id: number; date: string };

    beforeAll(async () => {
      // The latest recording counts; it is graded 1 + 2 of task 1 and 3 of task 3.
      graded = await upload();
      await put(teacher, graded.id, [
        { position: 1, criterion: 0, points: 1 },
        { position: 1, criterion: 1, points: 2 },
        { position: 3, criterion: 0, points: 3 },
      ]);
    });

    it('statistics give each student the total of the latest recording, null when ungraded', async () => {
      const res = await call(
        teacher,
        'GET',
        `/api/teacher/exam/${exam.id}/statistics?page_size=10&page_number=0`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().sessions;
      expect(rows).toEqual([
        expect.objectContaining({
          student: expect.objectContaining({ id: student.id }),
          completed: true,
          total: 6,
          maxTotal: 6,
        }),
        expect.objectContaining({
          student: expect.objectContaining({ id: absent.id }),
          completed: false,
          total: null,
          maxTotal: null,
        }),
      ]);
    });

    it('scores.csv: UTF-8 with BOM, `;`, Russian headers, one row per assigned student', async () => {
      const res = await call(teacher, 'GET', `/api/teacher/exam/${exam.id}/scores.csv`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="scores.csv"');
      const rows = parseCsv(res.body);
      expect(rows[0]).toEqual([
        'Фамилия',
        'Имя',
        'Отчество',
        'Логин',
        'Завершен',
        'Загружено',
        'Задание 1',
        'Задание 2',
        'Задание 3',
        'Итого',
        'Максимум',
        'Попыток',
        'После закрытия',
        'Сверх попыток',
        'Состояние',
      ]);
      expect(rows).toHaveLength(3);
      const [, anna, boris] = rows;
      expect(anna.slice(0, 5)).toEqual(['Авдеева', 'Анна', 'Ильинична', student.fields.username, 'да']);
      expect(anna[5]).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
      // Then how many recordings she made of the exam, the latest one's flags and where her
      // answer stands on the exam day.
      const made = await t.app.ctx.db
        .selectFrom('recordings')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('exam_id', '=', exam.id)
        .where('student_id', '=', student.id)
        .executeTakeFirstOrThrow();
      expect(Number(made.n)).toBeGreaterThan(1);
      expect(anna.slice(6)).toEqual(['3', '', '3', '6', '6', String(made.n), 'нет', 'нет', 'Ответ получен']);
      // A value Excel would run as a formula is written as text.
      expect(boris).toEqual([
        'Борисов',
        "'=Борис",
        '',
        absent.fields.username,
        'нет',
        '',
        '',
        '',
        '',
        '',
        '',
        '0',
        'нет',
        'нет',
        'Не начинал',
      ]);
    });

    it('exam.zip holds the same scores.csv', async () => {
      const csv = await call(teacher, 'GET', `/api/teacher/exam/${exam.id}/scores.csv`);
      const zip = await call(teacher, 'GET', `/api/teacher/exam/${exam.id}/audios`);
      const entry = (await readZip(zip.rawPayload)).find((e) => e.name === 'scores.csv');
      expect(entry?.data.equals(csv.rawPayload)).toBe(true);
    });

    it('scores.csv is streamed batch by batch, every assigned student once, by surname', async () => {
      const COUNT = 450;
      const now = new Date().toISOString();
      const big = await createExam(t.app, teacher, [variant.id], [], 'Большой класс');
      const users = Array.from({ length: COUNT }, (_, i) => {
        const surname = `Ученик${String(i).padStart(3, '0')}`;
        const username = `bulk_${kind}_${i}`;
        return {
          role: 'STUDENT' as const,
          username,
          username_key: username,
          email: `${username}@example.ru`,
          email_key: `${username}@example.ru`,
          password_hash: 'not-a-hash',
          name: 'Имя',
          surname,
          patronymic: '',
          search: searchColumn(`${surname} Имя ${username}`),
          created_at: now,
          updated_at: now,
        };
      });
      const ids = await t.app.ctx.db.insertInto('users').values(users).returning('id').execute();
      await t.app.ctx.db
        .insertInto('exam_students')
        .values(ids.map((u) => ({ exam_id: big.id, student_id: u.id })))
        .execute();
      const res = await call(teacher, 'GET', `/api/teacher/exam/${big.id}/scores.csv`);
      expect(res.statusCode).toBe(200);
      // A stream: no length known up front.
      expect(res.headers['content-length']).toBeUndefined();
      const rows = parseCsv(res.body);
      expect(rows).toHaveLength(COUNT + 1);
      expect(rows.slice(1).map((r) => r[0])).toEqual(users.map((u) => u.surname));
    });

    it('scores.csv of another teacher’s exam answers 404, a student 403', async () => {
      expectError(await call(other, 'GET', `/api/teacher/exam/${exam.id}/scores.csv`), 404);
      expectError(await call(student, 'GET', `/api/teacher/exam/${exam.id}/scores.csv`), 403);
    });
  });
});
