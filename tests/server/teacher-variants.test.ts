import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExam, createTask, createVariant, PNG, uploadOne } from './helpers/authoring';
import { expectError } from './helpers/expect-error';
import {
  callerFor,
  createTestApp,
  DATABASES,
  registerAndLogin,
  registerTeachersAndStudent,
  type Caller,
  type TestApp,
} from './helpers/test-app';

describe.each(DATABASES)('teacher variants on %s', (kind) => {
  let t: TestApp;
  let teacher: Caller;
  let other: Caller;
  let student: Caller;
  let first: { id: number };
  let second: { id: number };
  let foreignTask: { id: number };

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ teacher, other, student } = await registerTeachersAndStudent(t.app));
    const image = await uploadOne(t.app, teacher, 'схема.png', PNG);
    first = await createTask(t.app, teacher, { name: 'Первое', files: [image.id] });
    second = await createTask(t.app, teacher, { name: 'Второе', type: 'AUDIO_TASK' });
    foreignTask = await createTask(t.app, other, { name: 'Чужое' });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = callerFor(() => t.app);

  it('creates a variant with its tasks in the given order, a task possibly twice', async () => {
    const res = await call(teacher, 'POST', '/api/teacher/variant', {
      name: 'Вариант 1',
      tasks: [second.id, first.id, second.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const variant = res.json();
    expect(variant.name).toBe('Вариант 1');
    expect(variant.tasks.map((e: { sequence_number: number }) => e.sequence_number)).toEqual([0, 1, 2]);
    expect(variant.tasks.map((e: { task: { id: number } }) => e.task.id)).toEqual([
      second.id,
      first.id,
      second.id,
    ]);
    expect(variant.tasks[1].task).toMatchObject({
      name: 'Первое',
      type: 'TEXT_TASK',
      duration: 60,
      preparationDuration: 30,
    });
    expect(variant.tasks[1].task.files[0]).toMatchObject({ name: 'схема.png', type: 'image/png' });
    expect(variant.tasks[1].task.files[0].access).toMatch(/^\/api\/files\//);

    const read = await call(teacher, 'GET', `/api/teacher/variant/${variant.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().tasks.map((e: { id: number }) => e.id)).toEqual(
      variant.tasks.map((e: { id: number }) => e.id),
    );
  });

  it('refuses a variant with a foreign or missing task as a whole (404), writing nothing', async () => {
    const before = (await call(teacher, 'GET', '/api/teacher/variants?page_size=100&page_number=0')).json();
    const foreign = await call(teacher, 'POST', '/api/teacher/variant', {
      name: 'Смешанный',
      tasks: [first.id, foreignTask.id],
    });
    expectError(foreign, 404);
    expectError(
      await call(teacher, 'POST', '/api/teacher/variant', { name: 'Пропавший', tasks: [first.id, 999999] }),
      404,
    );
    expect((await call(teacher, 'GET', '/api/teacher/variants?page_size=100&page_number=0')).json()).toEqual(
      before,
    );
    const rows = await t.app.ctx.db
      .selectFrom('variants')
      .select('id')
      .where('name', 'in', ['Смешанный', 'Пропавший'])
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses invalid bodies with 400', async () => {
    for (const body of [
      { name: '', tasks: [first.id] },
      { name: 'Без заданий', tasks: [] },
      { name: 'Нет списка' },
      { name: 'Не список', tasks: first.id },
      { name: 'Плохой id', tasks: ['a'] },
      { name: 'Ноль', tasks: [0] },
      { name: 'x'.repeat(201), tasks: [first.id] },
      { tasks: [first.id] },
    ]) {
      expectError(await call(teacher, 'POST', '/api/teacher/variant', body), 400);
    }
    expectError(
      await call(teacher, 'PATCH', '/api/teacher/variant', { name: 'Без id', tasks: [first.id] }),
      400,
    );
  });

  it('updates the name and replaces the tasks; a refused update changes nothing', async () => {
    const variant = await createVariant(t.app, teacher, [first.id], 'До');
    const res = await call(teacher, 'PATCH', '/api/teacher/variant', {
      id: variant.id,
      name: 'После',
      tasks: [second.id, first.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('После');
    expect(res.json().tasks.map((e: { task: { id: number } }) => e.task.id)).toEqual([second.id, first.id]);

    expectError(
      await call(teacher, 'PATCH', '/api/teacher/variant', {
        id: variant.id,
        name: 'Сломано',
        tasks: [foreignTask.id],
      }),
      404,
    );
    const read = (await call(teacher, 'GET', `/api/teacher/variant/${variant.id}`)).json();
    expect(read.name).toBe('После');
    expect(read.tasks.map((e: { task: { id: number } }) => e.task.id)).toEqual([second.id, first.id]);

    expectError(
      await call(other, 'PATCH', '/api/teacher/variant', {
        id: variant.id,
        name: 'Украдено',
        tasks: [foreignTask.id],
      }),
      404,
    );
    expectError(
      await call(teacher, 'PATCH', '/api/teacher/variant', { id: 999999, name: 'Нет', tasks: [first.id] }),
      404,
    );
  });

  it('answers another teacher’s variant like a missing one', async () => {
    const variant = await createVariant(t.app, teacher, [first.id]);
    const foreign = await call(other, 'GET', `/api/teacher/variant/${variant.id}`);
    expectError(foreign, 404);
    expect(foreign.json()).toEqual((await call(other, 'GET', '/api/teacher/variant/999999')).json());
    expectError(await call(other, 'DELETE', `/api/teacher/variant/${variant.id}`), 404);
    expectError(await call(teacher, 'GET', '/api/teacher/variant/-1'), 400);
  });

  it('lists and searches the teacher’s variants by name', async () => {
    const author = await registerAndLogin(t.app, 'teacher');
    const task = await createTask(t.app, author);
    for (const name of ['Б-вариант', 'А-вариант', 'Вариант Ёлки'])
      await createVariant(t.app, author, [task.id], name);
    const list = await call(author, 'GET', '/api/teacher/variants?page_size=2&page_number=0');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      page: 0,
      pages: 2,
      variants: [
        expect.objectContaining({ name: 'А-вариант' }),
        expect.objectContaining({ name: 'Б-вариант' }),
      ],
    });
    const search = await call(
      author,
      'GET',
      `/api/teacher/variants/search?page_size=5&page_number=0&search_string=${encodeURIComponent('елки')}`,
    );
    expect(search.json().variants.map((v: { name: string }) => v.name)).toEqual(['Вариант Ёлки']);
    expectError(await call(author, 'GET', '/api/teacher/variants?page_size=abc&page_number=0'), 400);
  });

  it('refuses to delete a variant an exam uses (409 naming it), then deletes it', async () => {
    const variant = await createVariant(t.app, teacher, [first.id], 'Используемый');
    const exam = await createExam(t.app, teacher, [variant.id], [], 'Зимняя сессия');
    const busy = await call(teacher, 'DELETE', `/api/teacher/variant/${variant.id}`);
    expectError(busy, 409);
    expect(busy.json().message).toContain('Зимняя сессия');

    expect((await call(teacher, 'DELETE', `/api/teacher/exam/${exam.id}`)).statusCode).toBe(200);
    const res = await call(teacher, 'DELETE', `/api/teacher/variant/${variant.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Вариант удален' });
    expectError(await call(teacher, 'GET', `/api/teacher/variant/${variant.id}`), 404);
    // Its tasks stay.
    expect((await call(teacher, 'GET', `/api/teacher/task/${first.id}`)).statusCode).toBe(200);
  });

  it('needs a teacher’s token for every variant call', async () => {
    const variant = await createVariant(t.app, teacher, [first.id]);
    const calls: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?]> = [
      ['GET', '/api/teacher/variants?page_size=5&page_number=0'],
      ['GET', '/api/teacher/variants/search?page_size=5&page_number=0&search_string=a'],
      ['GET', `/api/teacher/variant/${variant.id}`],
      ['POST', '/api/teacher/variant', { name: 'x', tasks: [first.id] }],
      ['PATCH', '/api/teacher/variant', { id: variant.id, name: 'x', tasks: [first.id] }],
      ['DELETE', `/api/teacher/variant/${variant.id}`],
    ];
    for (const [method, url, payload] of calls) {
      expectError(await call(null, method, url, payload), 401);
      expectError(await call(student, method, url, payload), 403);
    }
  });
});
