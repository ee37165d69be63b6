import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORING_TEXT } from '@/shared/messages';
import { MP3, PNG, taskBody, uploadOne, type FileDto } from './helpers/authoring';
import { expectMessage } from './helpers/expect-error';
import { setupExam, uploadOk, type ExamSetup } from './helpers/recordings';
import {
  as,
  createTestApp,
  DATABASES,
  registerAndLogin,
  type Caller,
  type TestApp,
} from './helpers/test-app';

interface ModelAnswer {
  text: string | null;
  file: FileDto | null;
}
interface Task {
  id: number;
  modelAnswer: ModelAnswer | null;
}
interface VariantTask {
  task: Task;
}

/** A model answer with its file's address as a path: a signature differs from one second to the next. */
const stable = (m: ModelAnswer | null | undefined) =>
  m && { ...m, file: m.file && { ...m.file, access: m.file.access.split('?')[0] } };

describe.each(DATABASES)('model answers on %s', (kind) => {
  let t: TestApp;
  let s: ExamSetup;
  let audio: FileDto;
  let picture: FileDto;
  let otherTeacher: Caller;

  const call = (caller: Caller, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    as(t.app, caller)({ method, url, ...(payload ? { payload } : {}) });
  const postTask = async (body: Record<string, unknown>): Promise<Task> => {
    const res = await call(s.teacher, 'POST', '/api/teacher/task', taskBody(body));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const patchTask = (id: number, body: Record<string, unknown>, caller: Caller = s.teacher) =>
    call(caller, 'PATCH', '/api/teacher/task', { ...taskBody(body), id });
  const getTask = async (id: number): Promise<Task> =>
    (await call(s.teacher, 'GET', `/api/teacher/task/${id}`)).json();
  /** What the student sees of the setup's task: in the exam's variant and in their recording's detail. */
  const studentSees = async (recordingId: number) => {
    const variant = await call(s.student, 'GET', `/api/student/exam/${s.exam.id}/variant/${s.variant.id}`);
    expect(variant.statusCode, variant.body).toBe(200);
    const detail = await call(s.student, 'GET', `/api/student/audios/${recordingId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    return {
      inExam: (variant.json().tasks as VariantTask[])[0].task.modelAnswer,
      inRecording: (detail.json().variant.tasks as VariantTask[])[0].task.modelAnswer,
      checked: detail.json().checked as boolean,
    };
  };
  const teacherSees = async (recordingId: number) => {
    const detail = await call(s.teacher, 'GET', `/api/teacher/audios/${recordingId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    return (detail.json().variant.tasks as VariantTask[])[0].task.modelAnswer;
  };
  const switchChecked = async (recordingId: number) => {
    const res = await call(s.teacher, 'POST', `/api/teacher/audios/${recordingId}/switch`);
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await setupExam(t.app);
    audio = await uploadOne(t.app, s.teacher, 'образец.mp3', MP3);
    picture = await uploadOne(t.app, s.teacher, 'картинка.png', PNG);
    otherTeacher = await registerAndLogin(t.app, 'teacher');
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps a model answer of audio and sanitised text; every teacher answer carries it', async () => {
    const task = await postTask({
      name: 'С образцом',
      modelAnswerFileId: audio.id,
      modelAnswerText: '<p>Образец <b>ответа</b><script>alert(1)</script></p>',
    });
    expect(task.modelAnswer).toEqual({
      text: '<p>Образец <b>ответа</b></p>',
      file: {
        id: audio.id,
        name: 'образец.mp3',
        type: 'audio/mpeg',
        access: expect.stringMatching(new RegExp(`^/api/files/${audio.id}/content\\?exp=\\d+&sig=`)),
      },
    });
    // The file plays by its signed address, as a task's files do.
    const played = await t.app.inject({ method: 'GET', url: task.modelAnswer!.file!.access });
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.equals(MP3)).toBe(true);

    expect(stable((await getTask(task.id)).modelAnswer)).toEqual(stable(task.modelAnswer));
    const list = await call(
      s.teacher,
      'GET',
      '/api/teacher/tasks/search?page_size=100&page_number=0&search_string=образцом',
    );
    const listed = (list.json().tasks as Task[]).find((x) => x.id === task.id);
    expect(stable(listed?.modelAnswer)).toEqual(stable(task.modelAnswer));
    const variant = await call(s.teacher, 'POST', '/api/teacher/variant', {
      name: 'С образцом',
      tasks: [task.id],
    });
    const detail = await call(s.teacher, 'GET', `/api/teacher/variant/${variant.json().id}`);
    expect(stable((detail.json().tasks as VariantTask[])[0].task.modelAnswer)).toEqual(
      stable(task.modelAnswer),
    );
  });

  it('has none by default; a PATCH without the fields keeps it, null clears each part', async () => {
    const plain = await postTask({ name: 'Без образца' });
    expect(plain.modelAnswer).toBeNull();

    const task = await postTask({ modelAnswerFileId: audio.id, modelAnswerText: '<p>Текст</p>' });
    const kept = await patchTask(task.id, { name: 'Переименовано' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(stable(kept.json().modelAnswer)).toEqual(stable(task.modelAnswer));

    const noText = await patchTask(task.id, { modelAnswerText: null });
    expect(stable(noText.json().modelAnswer)).toEqual(stable({ text: null, file: task.modelAnswer!.file }));
    const textOnly = await patchTask(task.id, {
      modelAnswerFileId: null,
      modelAnswerText: '<p>Только текст</p>',
    });
    expect(textOnly.json().modelAnswer).toEqual({ text: '<p>Только текст</p>', file: null });
    const none = await patchTask(task.id, { modelAnswerText: null });
    expect(none.json().modelAnswer).toBeNull();
    // The editor's empty paragraph is no text.
    const blank = await patchTask(task.id, { modelAnswerText: '<p><br></p>' });
    expect(blank.json().modelAnswer).toBeNull();
  });

  it('takes only an audio file of the teacher’s own: another’s like a missing one (404), a picture 400', async () => {
    const foreign = await uploadOne(t.app, otherTeacher, 'чужой.mp3', MP3);
    const task = await postTask({ name: 'Проверка файла' });
    const theirs = await call(
      s.teacher,
      'POST',
      '/api/teacher/task',
      taskBody({ modelAnswerFileId: foreign.id }),
    );
    expectMessage(theirs, 404, AUTHORING_TEXT.filesMissing([foreign.id]));
    const missing = await call(
      s.teacher,
      'POST',
      '/api/teacher/task',
      taskBody({ modelAnswerFileId: 2_000_000_000 }),
    );
    expectMessage(missing, 404, AUTHORING_TEXT.filesMissing([2_000_000_000]));
    expectMessage(
      await patchTask(task.id, { modelAnswerFileId: foreign.id }),
      404,
      AUTHORING_TEXT.filesMissing([foreign.id]),
    );
    expectMessage(
      await patchTask(task.id, { modelAnswerFileId: picture.id }),
      400,
      AUTHORING_TEXT.modelAnswerFileNotAudio('картинка.png'),
    );
    expect((await getTask(task.id)).modelAnswer).toBeNull();
    // Another teacher cannot give the task one either: their PATCH finds no task.
    expectMessage(
      await patchTask(task.id, { modelAnswerFileId: foreign.id }, otherTeacher),
      404,
      AUTHORING_TEXT.taskNotFound,
    );
  });

  it('is hidden from the student until the recording is checked (in the exam, in the recording), shown after; the teacher always sees it', async () => {
    const res = await patchTask(s.task.id, {
      name: 'Монолог',
      modelAnswerFileId: audio.id,
      modelAnswerText: '<p>Вот как можно ответить</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const model = res.json().modelAnswer as ModelAnswer;
    const rec = await uploadOk(t.app, s, { duration: 30, taskStarts: [0] });

    expect(await studentSees(rec.id)).toEqual({ inExam: null, inRecording: null, checked: false });
    expect(stable(await teacherSees(rec.id))).toEqual(stable(model));

    await switchChecked(rec.id);
    const after = await studentSees(rec.id);
    expect({ ...after, inRecording: stable(after.inRecording) }).toEqual({
      inExam: null,
      inRecording: stable(model),
      checked: true,
    });
    // The student plays the model answer without a bearer token, like the task's files.
    const played = await t.app.inject({ method: 'GET', url: after.inRecording!.file!.access });
    expect(played.statusCode).toBe(200);

    // Another recording of the same exam, unchecked, still hides it; unchecking hides it again.
    const second = await uploadOk(t.app, s, { duration: 30, taskStarts: [0] });
    expect((await studentSees(second.id)).inRecording).toBeNull();
    await switchChecked(rec.id);
    expect(await studentSees(rec.id)).toEqual({ inExam: null, inRecording: null, checked: false });
    expect(stable(await teacherSees(rec.id))).toEqual(stable(model));
  });

  it('loses its audio with the file (the text stays); with no text left it is gone', async () => {
    const doomed = await uploadOne(t.app, s.teacher, 'удаляемый.mp3', MP3);
    const withText = await postTask({ modelAnswerFileId: doomed.id, modelAnswerText: '<p>Остается</p>' });
    const audioOnly = await postTask({ modelAnswerFileId: doomed.id });
    expect(audioOnly.modelAnswer?.file?.id).toBe(doomed.id);
    const deleted = await call(s.teacher, 'DELETE', `/api/teacher/file/${doomed.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await getTask(withText.id)).modelAnswer).toEqual({ text: '<p>Остается</p>', file: null });
    expect((await getTask(audioOnly.id)).modelAnswer).toBeNull();
    const rows = await t.app.ctx.db
      .selectFrom('tasks')
      .select('model_answer_file_id')
      .where('id', 'in', [withText.id, audioOnly.id])
      .execute();
    expect(rows.map((r) => r.model_answer_file_id)).toEqual([null, null]);
  });
});
