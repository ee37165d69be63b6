import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORING_TEXT } from '@/shared/messages';
import { RICH_TEXT_TAGS } from '@/shared/rich-text';
import {
  createExam,
  createTask,
  createVariant,
  linkStudent,
  MP3,
  PNG,
  taskBody,
  uploadOne,
  wav,
  type FileDto,
} from './helpers/authoring';
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

/** Payloads that try to get script into a page that shows task text. */
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://ok.example/a.png" onload="alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="https://ok.example" onmouseover="alert(1)">ok</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="jav\nascript:alert(1)">',
  '<p style="width: expression(alert(1))">x</p>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
  '<video><source onerror="alert(1)"></video>',
  '<video src="javascript:alert(1)" onplay=alert(1) poster="javascript:alert(1)"></video>',
  '<body onload=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=import href="data:text/html,<script>alert(1)</script>">',
  '<details open ontoggle=alert(1)>x</details>',
  '<p>text<!--<img src=x onerror=alert(1)>--></p>',
  '<template><img src=x onerror=alert(1)></template>',
  '<span class="ql-size-large x-evil" id="location" name="cookie">t</span>',
  '<a href="https://ok.example" target="_top">t</a>',
  '<p><b onclick="alert(1)">b</b><i style="color:red">i</i></p>',
];

const SAFE_URL = /^(?:https?:\/\/|mailto:|data:image\/(?:png|jpe?g|gif|webp|avif);base64,)/i;

/** Walks the HTML as a browser would parse it: only allowed tags, no handlers, only safe URLs. */
function assertInert(html: string): void {
  const { window } = new JSDOM('<!DOCTYPE html>');
  const template = window.document.createElement('template');
  template.innerHTML = html;
  for (const el of Array.from(template.content.querySelectorAll('*'))) {
    expect(RICH_TEXT_TAGS, html).toContain(el.tagName.toLowerCase());
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name, html).not.toMatch(/^on/i);
      expect(['style', 'id', 'name', 'srcdoc', 'formaction', 'poster', 'xlink:href'], html).not.toContain(
        attr.name,
      );
      if (attr.name === 'href' || attr.name === 'src') expect(attr.value, html).toMatch(SAFE_URL);
    }
  }
  expect(html).not.toMatch(/<script|javascript:|vbscript:|expression\(|data:text\/html|onerror|onload/i);
}

describe.each(DATABASES)('teacher tasks on %s', (kind) => {
  let t: TestApp;
  let teacher: Caller;
  let other: Caller;
  let student: Caller;
  let image: FileDto;
  let audio: FileDto;
  let foreignFile: FileDto;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ teacher, other, student } = await registerTeachersAndStudent(t.app));
    image = await uploadOne(t.app, teacher, 'картинка.png', PNG);
    audio = await uploadOne(t.app, teacher, 'вопрос.mp3', MP3);
    foreignFile = await uploadOne(t.app, other, 'чужой.png', PNG);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = callerFor(() => t.app);

  it('creates a task with its files in order and reads it back', async () => {
    const res = await call(
      teacher,
      'POST',
      '/api/teacher/task',
      taskBody({
        name: 'Аудирование',
        type: 'AUDIO_TASK',
        files: [audio.id, image.id],
        duration: 1,
        preparationDuration: 0,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Аудирование',
      type: 'AUDIO_TASK',
      duration: 1,
      preparationDuration: 0,
      text: '<p>Расскажите о себе</p>',
    });
    expect(created.files.map((f: FileDto) => f.id)).toEqual([audio.id, image.id]);
    expect(created.files[0]).toMatchObject({ name: 'вопрос.mp3', type: 'audio/mpeg' });
    expect(created.files[0].access).toMatch(/^\/api\/files\/\d+\/content\?/);

    const read = await call(teacher, 'GET', `/api/teacher/task/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect({ ...read.json(), files: undefined }).toEqual({ ...created, files: undefined });
    // The signed address of a task file opens its content.
    const content = await call(null, 'GET', read.json().files[1].access);
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
  });

  it('refuses invalid task bodies with 400 and a Russian message', async () => {
    const bad: Array<Record<string, unknown>> = [
      taskBody({ type: undefined }),
      taskBody({ type: 'VIDEO_TASK' }),
      taskBody({ name: '' }),
      taskBody({ name: '   ' }),
      taskBody({ name: 'x'.repeat(201) }),
      taskBody({ duration: 0 }),
      taskBody({ duration: -5 }),
      taskBody({ duration: 86_401 }),
      taskBody({ duration: 1.5 }),
      taskBody({ duration: '60' }),
      taskBody({ preparationDuration: -1 }),
      taskBody({ preparationDuration: 86_401 }),
      taskBody({ text: 42 }),
      taskBody({ text: 'a'.repeat(100_001) }),
      taskBody({ files: 'all' }),
      taskBody({ files: [0] }),
      taskBody({ files: ['x'] }),
    ];
    for (const body of bad) {
      expectError(await call(teacher, 'POST', '/api/teacher/task', body), 400);
    }
    const noType = await call(teacher, 'POST', '/api/teacher/task', taskBody({ type: undefined }));
    expect(noType.json().message).toContain('Выберите тип задания');
    const list = await call(
      teacher,
      'GET',
      '/api/teacher/tasks/search?page_size=100&page_number=0&search_string=xxxxx',
    );
    expect(list.json().tasks).toEqual([]);
  });

  it('refuses another teacher’s or a missing file, writing nothing (404)', async () => {
    const before = (await call(teacher, 'GET', '/api/teacher/tasks?page_size=100&page_number=0')).json();
    expectError(
      await call(
        teacher,
        'POST',
        '/api/teacher/task',
        taskBody({ name: 'Чужой файл', files: [image.id, foreignFile.id] }),
      ),
      404,
    );
    expectError(
      await call(teacher, 'POST', '/api/teacher/task', taskBody({ name: 'Нет файла', files: [999999] })),
      404,
    );
    const after = (await call(teacher, 'GET', '/api/teacher/tasks?page_size=100&page_number=0')).json();
    // Signed addresses expire a fixed time after they are made: two reads a second apart differ.
    const unsigned = (page: unknown) =>
      JSON.parse(JSON.stringify(page).replace(/\?exp=\d+&sig=[\w-]+/g, '')) as unknown;
    expect(unsigned(after)).toEqual(unsigned(before));
  });

  it('updates everything but the type, and replaces the files', async () => {
    const task = await createTask(t.app, teacher, { name: 'До', files: [image.id] });
    const res = await call(teacher, 'PATCH', '/api/teacher/task', {
      id: task.id,
      name: 'После',
      text: '<p>Новый <u>текст</u></p>',
      duration: 120,
      preparationDuration: 10,
      type: 'AUDIO_TASK',
      files: [audio.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: task.id,
      name: 'После',
      text: '<p>Новый <u>текст</u></p>',
      duration: 120,
      preparationDuration: 10,
      type: 'TEXT_TASK',
    });
    expect(res.json().files.map((f: FileDto) => f.id)).toEqual([audio.id]);

    // A refused update leaves the task as it was.
    expectError(
      await call(teacher, 'PATCH', '/api/teacher/task', {
        ...taskBody({ name: 'Сломано', files: [foreignFile.id] }),
        id: task.id,
      }),
      404,
    );
    const read = await call(teacher, 'GET', `/api/teacher/task/${task.id}`);
    expect(read.json().name).toBe('После');
    expect(read.json().files.map((f: FileDto) => f.id)).toEqual([audio.id]);
  });

  it('refuses bad updates (400), foreign or missing tasks (404)', async () => {
    const task = await createTask(t.app, teacher);
    expectError(
      await call(teacher, 'PATCH', '/api/teacher/task', { ...taskBody({ duration: 0 }), id: task.id }),
      400,
    );
    expectError(await call(teacher, 'PATCH', '/api/teacher/task', taskBody()), 400);
    expectError(
      await call(other, 'PATCH', '/api/teacher/task', { ...taskBody({ name: 'Украдено' }), id: task.id }),
      404,
    );
    expectError(await call(teacher, 'PATCH', '/api/teacher/task', { ...taskBody(), id: 999999 }), 404);
    expect((await call(teacher, 'GET', `/api/teacher/task/${task.id}`)).json().name).toBe('Задание');
  });

  it('answers another teacher’s task exactly like a missing one', async () => {
    const task = await createTask(t.app, teacher);
    const foreign = await call(other, 'GET', `/api/teacher/task/${task.id}`);
    const missing = await call(other, 'GET', '/api/teacher/task/999999');
    expectError(foreign, 404);
    expect(foreign.json()).toEqual(missing.json());
    expectError(await call(other, 'DELETE', `/api/teacher/task/${task.id}`), 404);
    expectError(await call(teacher, 'GET', '/api/teacher/task/abc'), 400);
  });

  it('needs a teacher’s token for every task call', async () => {
    const task = await createTask(t.app, teacher);
    const calls: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?]> = [
      ['GET', '/api/teacher/tasks?page_size=5&page_number=0'],
      ['GET', '/api/teacher/tasks/search?page_size=5&page_number=0&search_string=a'],
      ['GET', `/api/teacher/task/${task.id}`],
      ['POST', '/api/teacher/task', taskBody()],
      ['PATCH', '/api/teacher/task', { ...taskBody(), id: task.id }],
      ['DELETE', `/api/teacher/task/${task.id}`],
    ];
    for (const [method, url, payload] of calls) {
      expectError(await call(null, method, url, payload), 401);
      expectError(await call(student, method, url, payload), 403);
    }
  });

  it('lists the teacher’s tasks by name and searches them with ё = е', async () => {
    const author = await registerAndLogin(t.app, 'teacher');
    for (const name of ['Вторая', 'Ёжик', 'Анкета']) await createTask(t.app, author, { name });
    await createTask(t.app, other, { name: 'Ежевика' });
    const list = await call(author, 'GET', '/api/teacher/tasks?page_size=2&page_number=0');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ page: 0, pages: 2 });
    expect(list.json().tasks.map((x: { name: string }) => x.name)).toEqual(['Анкета', 'Вторая']);
    const second = await call(author, 'GET', '/api/teacher/tasks?page_size=2&page_number=1');
    expect(second.json().tasks.map((x: { name: string }) => x.name)).toEqual(['Ёжик']);
    const search = await call(
      author,
      'GET',
      `/api/teacher/tasks/search?page_size=10&page_number=0&search_string=${encodeURIComponent('ЕЖ')}`,
    );
    expect(search.json().tasks.map((x: { name: string }) => x.name)).toEqual(['Ёжик']);
    expectError(await call(author, 'GET', '/api/teacher/tasks?page_size=0&page_number=0'), 400);
    expectError(await call(author, 'GET', '/api/teacher/tasks/search?page_number=0&search_string=a'), 400);
  });

  it('refuses to delete a task a variant uses (409 naming it), then deletes it once free', async () => {
    const task = await createTask(t.app, teacher, { name: 'Занятое' });
    const variant = await createVariant(t.app, teacher, [task.id], 'Вариант «Осень»');
    const busy = await call(teacher, 'DELETE', `/api/teacher/task/${task.id}`);
    expectError(busy, 409);
    expect(busy.json().message).toContain('Вариант «Осень»');

    expect((await call(teacher, 'DELETE', `/api/teacher/variant/${variant.id}`)).statusCode).toBe(200);
    const res = await call(teacher, 'DELETE', `/api/teacher/task/${task.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Задание удалено' });
    expectError(await call(teacher, 'GET', `/api/teacher/task/${task.id}`), 404);
    expectError(await call(teacher, 'DELETE', `/api/teacher/task/${task.id}`), 404);
  });

  it('drops a deleted file from the tasks that showed it', async () => {
    const spare = await uploadOne(t.app, teacher, 'временный.png', PNG);
    const task = await createTask(t.app, teacher, { files: [spare.id, image.id] });
    const del = await call(teacher, 'DELETE', `/api/teacher/file/${spare.id}?page_size=5&page_number=0`);
    expect(del.statusCode).toBe(200);
    const read = await call(teacher, 'GET', `/api/teacher/task/${task.id}`);
    expect(read.json().files.map((f: FileDto) => f.id)).toEqual([image.id]);
  });

  describe('questions', () => {
    interface Question {
      text: string | null;
      fileId: number | null;
      file: FileDto | null;
      answerSeconds: number;
    }
    const tasksUrl = '/api/teacher/tasks?page_size=100&page_number=0';
    const read = async (id: number) => (await call(teacher, 'GET', `/api/teacher/task/${id}`)).json();

    it('round-trips questions in order with their audio, and the duration is their answer times', async () => {
      const second = await uploadOne(t.app, teacher, 'вопрос-2.wav', wav(800));
      const res = await call(
        teacher,
        'POST',
        '/api/teacher/task',
        taskBody({
          name: 'Интервью',
          duration: 999,
          questions: [
            { text: '  Где вы живете?  ', fileId: audio.id, answerSeconds: 40 },
            { fileId: second.id, answerSeconds: 20 },
            { text: 'Без звука', answerSeconds: 5 },
            { text: '', fileId: null, answerSeconds: 600 },
          ],
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const created = res.json();
      expect(created.duration).toBe(40 + 20 + 5 + 600);
      const questions: Question[] = created.questions;
      expect(questions.map((q) => [q.text, q.fileId, q.answerSeconds])).toEqual([
        ['Где вы живете?', audio.id, 40],
        [null, second.id, 20],
        ['Без звука', null, 5],
        [null, null, 600],
      ]);
      expect(questions[0].file).toMatchObject({ id: audio.id, name: 'вопрос.mp3', type: 'audio/mpeg' });
      expect(questions[1].file).toMatchObject({ id: second.id, name: 'вопрос-2.wav', type: 'audio/wav' });
      expect(questions[2].file).toBeNull();
      // The question's audio is fetched through its signed address like a task file.
      expect(questions[0].file?.access).toMatch(
        new RegExp(`^/api/files/${audio.id}/content\\?exp=\\d+&sig=`),
      );
      const content = await call(null, 'GET', questions[1].file?.access ?? '');
      expect(content.statusCode).toBe(200);
      expect(content.headers['content-type']).toBe('audio/wav');

      // The detail and the list show the same questions.
      expect((await read(created.id)).questions).toEqual(
        questions.map((q) => ({ ...q, file: q.file && { ...q.file, access: expect.any(String) } })),
      );
      const listed = (await call(teacher, 'GET', tasksUrl))
        .json()
        .tasks.find((x: { id: number }) => x.id === created.id);
      expect(listed.questions.map((q: Question) => q.fileId)).toEqual([audio.id, second.id, null, null]);
    });

    it('keeps the questions on a PATCH without them (duration still their sum), and [] clears them', async () => {
      const task = await createTask(t.app, teacher, {
        questions: [
          { text: 'Первый', fileId: audio.id, answerSeconds: 30 },
          { text: 'Второй', answerSeconds: 15 },
        ],
      });
      const { type: _type, ...body } = taskBody({ name: 'Переименовано', duration: 77 });
      const kept = await call(teacher, 'PATCH', '/api/teacher/task', { ...body, id: task.id });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().name).toBe('Переименовано');
      expect(kept.json().duration).toBe(45);
      expect(kept.json().questions.map((q: Question) => [q.text, q.fileId, q.answerSeconds])).toEqual([
        ['Первый', audio.id, 30],
        ['Второй', null, 15],
      ]);

      const replaced = await call(teacher, 'PATCH', '/api/teacher/task', {
        ...body,
        id: task.id,
        questions: [{ text: 'Единственный', answerSeconds: 50 }],
      });
      expect(replaced.json().duration).toBe(50);
      expect(replaced.json().questions.map((q: Question) => q.text)).toEqual(['Единственный']);

      const cleared = await call(teacher, 'PATCH', '/api/teacher/task', {
        ...body,
        id: task.id,
        questions: [],
      });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json().questions).toEqual([]);
      // Without questions the task answers once for the duration given.
      expect(cleared.json().duration).toBe(77);
      expect((await read(task.id)).questions).toEqual([]);
    });

    it('takes up to 20 questions of 5 to 600 seconds, and refuses more or other times (400)', async () => {
      const q = (answerSeconds: unknown) => ({ text: 'Вопрос', answerSeconds });
      const twenty = Array.from({ length: 20 }, (_, i) => q(5 + i));
      const ok = await call(teacher, 'POST', '/api/teacher/task', taskBody({ questions: twenty }));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().questions).toHaveLength(20);
      expect(ok.json().duration).toBe(twenty.reduce((sum, x) => sum + (x.answerSeconds as number), 0));

      const before = (await call(teacher, 'GET', tasksUrl)).json();
      for (const questions of [
        [...twenty, q(5)],
        [q(4)],
        [q(601)],
        [q(0)],
        [q(-5)],
        [q(10.5)],
        [q('40')],
        [{ text: 'Без времени' }],
        [{ ...q(40), text: 'x'.repeat(1001) }],
        [{ ...q(40), fileId: 0 }],
        [{ ...q(40), fileId: 'звук' }],
        'вопросы',
      ]) {
        expectError(await call(teacher, 'POST', '/api/teacher/task', taskBody({ questions })), 400);
      }
      const task = await createTask(t.app, teacher);
      const { type: _type, ...body } = taskBody();
      expectError(
        await call(teacher, 'PATCH', '/api/teacher/task', { ...body, id: task.id, questions: [q(601)] }),
        400,
      );
      expect((await read(task.id)).questions).toEqual([]);
      expect((await call(teacher, 'GET', tasksUrl)).json().tasks).toHaveLength(before.tasks.length + 1);
    });

    it('refuses another teacher’s audio exactly like a missing file (404), writing nothing', async () => {
      const foreignAudio = await uploadOne(t.app, other, 'чужой-вопрос.mp3', MP3);
      const before = (await call(teacher, 'GET', tasksUrl)).json();
      const foreign = await call(
        teacher,
        'POST',
        '/api/teacher/task',
        taskBody({ questions: [{ fileId: foreignAudio.id, answerSeconds: 40 }] }),
      );
      const missing = await call(
        teacher,
        'POST',
        '/api/teacher/task',
        taskBody({ questions: [{ fileId: 1_999_999_999, answerSeconds: 40 }] }),
      );
      expectError(foreign, 404);
      expectError(missing, 404);
      expect(foreign.json().message.replace(String(foreignAudio.id), '<id>')).toBe(
        missing.json().message.replace('1999999999', '<id>'),
      );
      expect(foreign.json()).toEqual({ message: AUTHORING_TEXT.filesMissing([foreignAudio.id]) });

      const task = await createTask(t.app, teacher, { questions: [{ fileId: audio.id, answerSeconds: 40 }] });
      const { type: _type, ...body } = taskBody();
      expectError(
        await call(teacher, 'PATCH', '/api/teacher/task', {
          ...body,
          id: task.id,
          questions: [{ fileId: foreignAudio.id, answerSeconds: 40 }],
        }),
        404,
      );
      expect((await read(task.id)).questions.map((x: Question) => x.fileId)).toEqual([audio.id]);
      expect((await call(teacher, 'GET', tasksUrl)).json().tasks).toHaveLength(before.tasks.length + 1);
    });

    it('refuses a file that is not audio as a question’s sound (400 naming it)', async () => {
      const res = await call(
        teacher,
        'POST',
        '/api/teacher/task',
        taskBody({
          questions: [
            { fileId: audio.id, answerSeconds: 40 },
            { fileId: image.id, answerSeconds: 40 },
          ],
        }),
      );
      expectMessage(res, 400, AUTHORING_TEXT.questionFilesNotAudio(['картинка.png']));
      // An image stays welcome among the task's own files.
      const withImage = await call(teacher, 'POST', '/api/teacher/task', taskBody({ files: [image.id] }));
      expect(withImage.statusCode, withImage.body).toBe(200);
    });

    it('drops a deleted file from the questions that played it, keeping their text and time', async () => {
      const spare = await uploadOne(t.app, teacher, 'удалю.mp3', MP3);
      const task = await createTask(t.app, teacher, {
        questions: [
          { text: 'С удаляемым звуком', fileId: spare.id, answerSeconds: 40 },
          { text: 'С другим звуком', fileId: audio.id, answerSeconds: 20 },
        ],
      });
      const del = await call(teacher, 'DELETE', `/api/teacher/file/${spare.id}?page_size=5&page_number=0`);
      expect(del.statusCode, del.body).toBe(200);
      const after: Question[] = (await read(task.id)).questions;
      expect(after.map((q) => [q.text, q.fileId, q.file?.id ?? null, q.answerSeconds])).toEqual([
        ['С удаляемым звуком', null, null, 40],
        ['С другим звуком', audio.id, audio.id, 20],
      ]);
      // What is stored no longer names the file at all.
      const row = await t.app.ctx.db
        .selectFrom('tasks')
        .select('questions')
        .where('id', '=', task.id)
        .executeTakeFirst();
      expect(JSON.parse(row?.questions ?? '[]')).toEqual([
        { text: 'С удаляемым звуком', fileId: null, answerSeconds: 40 },
        { text: 'С другим звуком', fileId: audio.id, answerSeconds: 20 },
      ]);
      // Saving the task as shown keeps it working.
      const { type: _type, ...body } = taskBody();
      const saved = await call(teacher, 'PATCH', '/api/teacher/task', {
        ...body,
        id: task.id,
        questions: after.map(({ text, fileId, answerSeconds }) => ({ text, fileId, answerSeconds })),
      });
      expect(saved.statusCode, saved.body).toBe(200);
    });

    it('shows the questions with a fetchable signed audio address to a student given the exam', async () => {
      const task = await createTask(t.app, teacher, {
        name: 'Вопросы для ученика',
        questions: [
          { text: 'Послушайте вопрос', fileId: audio.id, answerSeconds: 40 },
          { text: 'Второй вопрос', answerSeconds: 20 },
        ],
      });
      const variant = await createVariant(t.app, teacher, [task.id], 'Вариант с вопросами');
      await linkStudent(t.app, teacher, student);
      const exam = await createExam(t.app, teacher, [variant.id], [student.id], 'Экзамен с вопросами');

      const res = await call(student, 'GET', `/api/student/exam/${exam.id}/variant/${variant.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const shown = res.json().tasks[0].task;
      expect(shown.duration).toBe(60);
      const questions: Question[] = shown.questions;
      expect(questions.map((q) => [q.text, q.fileId, q.answerSeconds])).toEqual([
        ['Послушайте вопрос', audio.id, 40],
        ['Второй вопрос', null, 20],
      ]);
      const access = questions[0].file?.access ?? '';
      expect(access).toMatch(new RegExp(`^/api/files/${audio.id}/content\\?exp=\\d+&sig=`));
      const content = await call(null, 'GET', access);
      expect(content.statusCode).toBe(200);
      expect(content.headers['content-type']).toBe('audio/mpeg');
      expect(content.rawPayload.equals(MP3)).toBe(true);
      // A forged signature opens nothing.
      expectError(await call(null, 'GET', access.replace(/sig=[^&]+/, 'sig=AAAA')), 403);

      // The teacher's variant detail carries the same questions.
      const detail = (await call(teacher, 'GET', `/api/teacher/variant/${variant.id}`)).json();
      expect(detail.tasks[0].task.questions.map((q: Question) => q.fileId)).toEqual([audio.id, null]);
    });
  });

  it('keeps Quill’s formatting and safe media', async () => {
    const html =
      '<h2>Заголовок</h2><p><strong>Жирный</strong> <em>курсив</em> <u>подчеркнутый</u> <s>зачеркнутый</s></p>' +
      '<ol><li data-list="bullet" class="ql-indent-1">раз</li></ol><blockquote>цитата</blockquote>' +
      '<p><a href="https://example.com/page" target="_blank">ссылка</a> <a href="mailto:a@b.ru">почта</a></p>' +
      '<p><img src="https://example.com/a.png"><img src="data:image/png;base64,iVBORw0KGgo="></p>' +
      '<video src="https://example.com/v.mp4" controls></video>';
    const task = await createTask(t.app, teacher, { text: html });
    const text: string = (await call(teacher, 'GET', `/api/teacher/task/${task.id}`)).json().text;
    for (const kept of [
      '<h2>Заголовок</h2>',
      '<strong>Жирный</strong>',
      '<em>курсив</em>',
      '<u>подчеркнутый</u>',
      '<s>зачеркнутый</s>',
      '<li data-list="bullet" class="ql-indent-1">раз</li>',
      '<blockquote>цитата</blockquote>',
      'href="https://example.com/page"',
      'target="_blank"',
      'rel="noopener noreferrer nofollow"',
      'href="mailto:a@b.ru"',
      '<img src="https://example.com/a.png">',
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
      '<video src="https://example.com/v.mp4" controls=""></video>',
    ]) {
      expect(text).toContain(kept);
    }
    assertInert(text);
  });

  it('stores nothing executable from an XSS corpus, on create and on update', async () => {
    const task = await createTask(t.app, teacher, { text: XSS_CORPUS.join('\n') });
    const created: string = (await call(teacher, 'GET', `/api/teacher/task/${task.id}`)).json().text;
    assertInert(created);
    for (const payload of XSS_CORPUS) {
      const res = await call(teacher, 'PATCH', '/api/teacher/task', {
        ...taskBody({ text: `<p>до</p>${payload}<p>после</p>` }),
        id: task.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      const stored: string = (await call(teacher, 'GET', `/api/teacher/task/${task.id}`)).json().text;
      assertInert(stored);
      // Text before the payload survives (what follows an unclosed <style> or <iframe> may not).
      expect(stored).toContain('<p>до</p>');
    }
    // Lists carry the same sanitised text.
    const list = await call(teacher, 'GET', '/api/teacher/tasks?page_size=100&page_number=0');
    for (const x of list.json().tasks as Array<{ text: string }>) assertInert(x.text);
  });
});
