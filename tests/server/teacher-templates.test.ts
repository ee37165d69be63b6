import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  examTemplatesSchema,
  taskCreateBodySchema,
  type ExamTemplate,
  type TaskDto,
} from '@/shared/contract/teacher';
import { AUTHORING_TEXT } from '@/shared/messages';
import { TEMPLATES } from '../../server/modules/templates/data';
import { MP3, uploadOne } from './helpers/authoring';
import { expectError, expectMessage } from './helpers/expect-error';
import {
  callerFor,
  createTestApp,
  DATABASES,
  registerAndLogin,
  registerTeachersAndStudent,
  type Caller,
  type TestApp,
} from './helpers/test-app';

const KEYS = ['ege-english-oral', 'oge-english-oral', 'russian-final-interview'];
const TASKS_URL = '/api/teacher/tasks?page_size=100&page_number=0';
const VARIANTS_URL = '/api/teacher/variants?page_size=100&page_number=0';

const criteriaSum = (criteria: Array<{ maxPoints: number }>) => criteria.reduce((s, c) => s + c.maxPoints, 0);

describe('the templates’ data', () => {
  it('makes every task a valid task body of the contract (names, times, criteria, questions)', () => {
    for (const template of TEMPLATES) {
      for (const task of template.tasks) {
        const parsed = taskCreateBodySchema.safeParse({
          name: task.name,
          text: task.text,
          type: 'TEXT_TASK',
          duration: task.duration,
          preparationDuration: task.preparationDuration,
          files: [],
          criteria: task.criteria,
          questions: task.questions,
        });
        expect(parsed.success, `${template.key} / ${task.name}: ${parsed.error?.message}`).toBe(true);
      }
    }
  });
});

describe.each(DATABASES)('teacher templates on %s', (kind) => {
  let t: TestApp;
  let teacher: Caller;
  let other: Caller;
  let student: Caller;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ teacher, other, student } = await registerTeachersAndStudent(t.app));
  });
  afterAll(async () => {
    await t.close();
  });

  const call = callerFor(() => t.app);
  const templates = async (): Promise<ExamTemplate[]> => {
    const res = await call(teacher, 'GET', '/api/teacher/templates');
    expect(res.statusCode, res.body).toBe(200);
    return examTemplatesSchema.parse(res.json()).templates;
  };

  it('lists the three formats with their tasks, times, questions and criteria', async () => {
    const list = await templates();
    expect(list.map((x) => x.key)).toEqual(KEYS);
    expect(list.map((x) => x.name)).toEqual([
      'ЕГЭ, английский язык, устная часть',
      'ОГЭ, английский язык, устная часть',
      'Итоговое собеседование по русскому языку',
    ]);
    for (const template of list) {
      // The total is what the criteria of its tasks add up to.
      expect(template.maxTotal).toBe(template.tasks.reduce((s, x) => s + criteriaSum(x.criteria), 0));
      for (const task of template.tasks) {
        expect(task.criteria.length).toBeGreaterThan(0);
        // A task with questions answers for their answer times together.
        if (task.questions) {
          expect(task.duration).toBe(task.questions.reduce((s, q) => s + q.answerSeconds, 0));
        }
      }
    }
    const [ege, oge, interview] = list;
    expect([ege.tasks.length, ege.maxTotal]).toEqual([4, 20]);
    expect(ege.tasks.map((x) => criteriaSum(x.criteria))).toEqual([1, 4, 5, 10]);
    expect(ege.tasks.map((x) => [x.preparationDuration, x.duration])).toEqual([
      [90, 90],
      [90, 80],
      [0, 200],
      [150, 180],
    ]);
    expect(ege.tasks.map((x) => x.questions?.map((q) => q.answerSeconds))).toEqual([
      undefined,
      [20, 20, 20, 20],
      [40, 40, 40, 40, 40],
      undefined,
    ]);
    expect([oge.tasks.length, oge.maxTotal]).toEqual([3, 15]);
    expect(oge.tasks.map((x) => criteriaSum(x.criteria))).toEqual([2, 6, 7]);
    expect(oge.tasks.map((x) => [x.preparationDuration, x.duration])).toEqual([
      [90, 120],
      [0, 240],
      [90, 120],
    ]);
    expect(oge.tasks[1].questions?.map((q) => q.answerSeconds)).toEqual([40, 40, 40, 40, 40, 40]);
    expect([interview.tasks.length, interview.maxTotal]).toEqual([4, 20]);
    // Reading and retelling with their norms 11, monologue and dialogue with theirs 9.
    const perTask = interview.tasks.map((x) => criteriaSum(x.criteria));
    expect(perTask[0] + perTask[1]).toBe(11);
    expect(perTask[2] + perTask[3]).toBe(9);
  });

  it('makes the teacher’s own text tasks and a variant of them in order, in one call', async () => {
    const author = await registerAndLogin(t.app, 'teacher');
    const list = await templates();
    for (const template of list) {
      const name = `Пробный ${template.key}`;
      const res = await call(author, 'POST', `/api/teacher/templates/${template.key}/variant`, { name });
      expect(res.statusCode, res.body).toBe(200);
      const { variantId, taskIds } = res.json() as { variantId: number; taskIds: number[] };
      expect(taskIds).toHaveLength(template.tasks.length);

      const variant = (await call(author, 'GET', `/api/teacher/variant/${variantId}`)).json();
      expect(variant.name).toBe(name);
      expect(variant.tasks.map((e: { sequence_number: number }) => e.sequence_number)).toEqual(
        template.tasks.map((_, i) => i),
      );
      const tasks: TaskDto[] = variant.tasks.map((e: { task: TaskDto }) => e.task);
      expect(tasks.map((x) => x.id)).toEqual(taskIds);
      tasks.forEach((task, i) => {
        const expected = template.tasks[i];
        expect(task).toMatchObject({
          name: expected.name,
          type: 'TEXT_TASK',
          preparationDuration: expected.preparationDuration,
          duration: expected.duration,
          criteria: expected.criteria,
          files: [],
        });
        expect(task.text).toMatch(/^<p>/);
        expect(task.questions.map((q) => q.answerSeconds)).toEqual(
          (expected.questions ?? []).map((q) => q.answerSeconds),
        );
        // No audio yet: the teacher adds it.
        for (const q of task.questions) expect([q.fileId, q.file]).toEqual([null, null]);
      });
    }
    const own = (await call(author, 'GET', TASKS_URL)).json().tasks as TaskDto[];
    expect(own).toHaveLength(4 + 3 + 4);
    expect((await call(author, 'GET', VARIANTS_URL)).json().variants).toHaveLength(3);
  });

  it('leaves the made tasks editable like any task: audio for a question, new times', async () => {
    const audio = await uploadOne(t.app, teacher, 'интервью-1.mp3', MP3);
    const res = await call(teacher, 'POST', '/api/teacher/templates/ege-english-oral/variant', {
      name: 'ЕГЭ для правки',
    });
    expect(res.statusCode, res.body).toBe(200);
    const interviewId: number = res.json().taskIds[2];
    const task: TaskDto = (await call(teacher, 'GET', `/api/teacher/task/${interviewId}`)).json();
    const questions = task.questions.map((q, i) => ({
      text: i === 0 ? 'Where do you live?' : q.text,
      fileId: i === 0 ? audio.id : q.fileId,
      answerSeconds: q.answerSeconds,
    }));
    const patched = await call(teacher, 'PATCH', '/api/teacher/task', {
      id: task.id,
      name: 'Интервью о спорте',
      text: '<p>Тема: спорт</p>',
      duration: task.duration,
      preparationDuration: 30,
      files: [],
      questions,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Интервью о спорте',
      preparationDuration: 30,
      duration: 200,
    });
    expect(patched.json().questions[0]).toMatchObject({ text: 'Where do you live?', fileId: audio.id });
    expect(patched.json().criteria).toEqual(task.criteria);
    // In its variant, as any task: deleting it is refused while the variant uses it.
    expectError(await call(teacher, 'DELETE', `/api/teacher/task/${interviewId}`), 409);
  });

  it('answers an unknown template 404 and makes nothing', async () => {
    const author = await registerAndLogin(t.app, 'teacher');
    for (const key of ['gia-unknown', 'EGE-ENGLISH-ORAL', '1']) {
      expectMessage(
        await call(author, 'POST', `/api/teacher/templates/${key}/variant`, { name: 'Вариант' }),
        404,
        AUTHORING_TEXT.templateNotFound,
      );
    }
    expectError(
      await call(author, 'POST', '/api/teacher/templates/ege-english-oral/variant', { name: ' ' }),
      400,
    );
    expectError(await call(author, 'POST', '/api/teacher/templates/ege-english-oral/variant', {}), 400);
    expectError(
      await call(author, 'POST', `/api/teacher/templates/${'x'.repeat(101)}/variant`, { name: 'Вариант' }),
      400,
    );
    expect((await call(author, 'GET', TASKS_URL)).json().tasks).toEqual([]);
    expect((await call(author, 'GET', VARIANTS_URL)).json().variants).toEqual([]);
  });

  it('documents both paths in OpenAPI under their own tag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json().paths as Record<string, Record<string, { tags?: string[] }>>;
    expect(paths['/api/teacher/templates']?.get?.tags).toEqual(['teacher: templates']);
    expect(paths['/api/teacher/templates/{key}/variant']?.post?.tags).toEqual(['teacher: templates']);
  });

  it('refuses a student (403) and no one (401)', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/teacher/templates', undefined],
      ['POST', '/api/teacher/templates/ege-english-oral/variant', { name: 'Вариант' }],
    ] as const) {
      expectError(await call(null, method, url, payload), 401);
      expectError(await call(student, method, url, payload), 403);
    }
  });

  it('gives the made tasks and variant to the calling teacher alone', async () => {
    const res = await call(teacher, 'POST', '/api/teacher/templates/russian-final-interview/variant', {
      name: 'Собеседование: мой вариант',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { variantId, taskIds } = res.json() as { variantId: number; taskIds: number[] };
    const rows = await t.app.ctx.db
      .selectFrom('tasks')
      .select(['id', 'teacher_id'])
      .where('id', 'in', taskIds)
      .execute();
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.teacher_id))).toEqual(new Set([teacher.id]));
    for (const id of taskIds) {
      const foreign = await call(other, 'GET', `/api/teacher/task/${id}`);
      expectError(foreign, 404);
      expect(foreign.json()).toEqual((await call(other, 'GET', '/api/teacher/task/1999999999')).json());
    }
    expectError(await call(other, 'GET', `/api/teacher/variant/${variantId}`), 404);
    const othersTasks = (await call(other, 'GET', TASKS_URL)).json().tasks as TaskDto[];
    expect(othersTasks.filter((x) => taskIds.includes(x.id))).toEqual([]);
  });
});
