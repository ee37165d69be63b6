import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentDraftError } from '@/features/review/model/comment-rules';
import { COMMENT_END_SLACK_SECONDS, COMMENT_MAX_LENGTH } from '@/shared/contract/review';
import { RECORDING_TEXT } from '@/shared/messages';
import { expectError, expectMessage } from './helpers/expect-error';
import { setupExam, uploadOk, type ExamSetup } from './helpers/recordings';
import {
  as,
  createTestApp,
  DATABASES,
  registerAndLogin,
  type Caller,
  type TestApp,
} from './helpers/test-app';

describe.each(DATABASES)('comments on %s', (kind) => {
  let t: TestApp;
  let s: ExamSetup;
  let rec: { id: number };
  let otherTeacher: Caller;

  const create = (caller: Caller | null, payload: Record<string, unknown>) =>
    as(t.app, caller)({ method: 'POST', url: '/api/teacher/comment', payload });
  const patch = (payload: Record<string, unknown>) =>
    as(t.app, s.teacher)({ method: 'PATCH', url: '/api/teacher/comment', payload });
  /** An edit from a device whose clock is `skewMs` off: made `agoMs` ago, sent now (both by its clock). */
  const patchFrom = (id: number, comment: string, skewMs: number, agoMs = 0) => {
    const deviceNow = Date.now() + skewMs;
    return patch({
      id,
      start: 1,
      end: 2,
      comment,
      clientUpdatedAt: new Date(deviceNow - agoMs).toISOString(),
      clientSentAt: new Date(deviceNow).toISOString(),
    });
  };
  const HOUR = 3_600_000;
  const textOf = async (id: number) =>
    ((await comments(rec.id)) as Array<{ id: number; comment: string }>).find((c) => c.id === id)?.comment;
  const comments = async (audioId: number) =>
    (await as(t.app, s.student)({ method: 'GET', url: `/api/student/audios/${audioId}` })).json().comments;

  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await setupExam(t.app);
    rec = await uploadOk(t.app, s, { duration: 60, taskStarts: [0] });
    otherTeacher = await registerAndLogin(t.app, 'teacher');
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, edits and deletes a comment; the student sees it', async () => {
    const res = await create(s.teacher, {
      audioID: rec.id,
      start: 1.5,
      end: 4.25,
      comment: '  Хорошее начало  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    expect(c).toEqual({
      id: expect.any(Number),
      start: 1.5,
      end: 4.25,
      comment: 'Хорошее начало',
      voice: null,
    });
    expect(await comments(rec.id)).toContainEqual(c);

    const edited = await as(
      t.app,
      s.teacher,
    )({
      method: 'PATCH',
      url: '/api/teacher/comment',
      payload: { id: c.id, start: 0, end: 60, comment: 'Весь ответ' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({ id: c.id, start: 0, end: 60, comment: 'Весь ответ', voice: null });

    const del = await as(t.app, s.teacher)({ method: 'DELETE', url: `/api/teacher/comment/${c.id}` });
    expectMessage(del, 200, RECORDING_TEXT.commentDeleted);
    expect((await comments(rec.id)).map((x: { id: number }) => x.id)).not.toContain(c.id);
    expectMessage(
      await as(t.app, s.teacher)({ method: 'DELETE', url: `/api/teacher/comment/${c.id}` }),
      404,
      RECORDING_TEXT.commentNotFound,
    );
  });

  it('takes every edit the page accepts and refuses every one it refuses: one rule, one slack past the end', async () => {
    // The page once allowed 0.05 s past the end and the server 0.001 s: an edit ending at
    // 60.03 s was queued, refused for good and stayed blocked in the outbox.
    const created = await create(s.teacher, { audioID: rec.id, start: 1, end: 2, comment: 'Граница' });
    const id = created.json().id as number;
    const ends = [59.9, 60, 60.001, 60.03, 60.049, 60 + COMMENT_END_SLACK_SECONDS, 60.051, 60.1, 61];
    for (const end of ends) {
      const draft = { start: 1, end, comment: 'Граница' };
      const pageSays = commentDraftError(draft, 60);
      const res = await as(
        t.app,
        s.teacher,
      )({ method: 'PATCH', url: '/api/teacher/comment', payload: { id, ...draft } });
      expect({ end, status: res.statusCode }).toEqual({ end, status: pageSays === null ? 200 : 400 });
      if (pageSays !== null) expect(res.json().message).toBe(pageSays);
    }
    const late = await create(s.teacher, { audioID: rec.id, start: 59, end: 60.03, comment: 'В конце' });
    expect(late.statusCode, late.body).toBe(200);
  });

  it('is idempotent per clientId (an offline replay answers the same comment)', async () => {
    const clientId = crypto.randomUUID();
    const body = { audioID: rec.id, start: 2, end: 3, comment: 'Повтор', clientId };
    const first = await create(s.teacher, body);
    const again = await create(s.teacher, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = await t.app.ctx.db
      .selectFrom('comments')
      .selectAll()
      .where('client_id', '=', clientId)
      .execute();
    expect(rows).toHaveLength(1);

    // The same clientId for another recording or by another teacher is a conflict.
    const mine = await uploadOk(t.app, s, { duration: 60 });
    expectMessage(
      await create(s.teacher, { ...body, audioID: mine.id }),
      409,
      RECORDING_TEXT.commentClientIdTaken,
    );
    expectMessage(await create(otherTeacher, body), 409, RECORDING_TEXT.commentClientIdTaken);
  });

  it.each([
    ['a negative start', { start: -0.1, end: 1 }],
    ['an end past the recording', { start: 0, end: 60.5 }],
    ['a start after the end', { start: 5, end: 4 }],
    ['an empty text', { comment: '' }],
    ['a blank text', { comment: '   \n ' }],
    ['a text that is too long', { comment: 'я'.repeat(COMMENT_MAX_LENGTH + 1) }],
    ['no text', { comment: undefined }],
    ['a start that is no number', { start: 'abc' }],
    ['no end', { end: undefined }],
    ['a clientId that is no UUID', { clientId: 'x' }],
    ['a bad audioID', { audioID: 'x' }],
  ])('refuses %s with a Russian 400', async (_label, overrides) => {
    const before = (await comments(rec.id)).length;
    const body = { audioID: rec.id, start: 1, end: 2, comment: 'Текст', ...overrides };
    expectError(await create(s.teacher, body), 400);
    expect(await comments(rec.id)).toHaveLength(before);
  });

  it('applies the same rules to an edit', async () => {
    const c = (await create(s.teacher, { audioID: rec.id, start: 1, end: 2, comment: 'Правка' })).json();
    for (const overrides of [
      { start: -1 },
      { end: 61 },
      { start: 3, end: 2 },
      { comment: ' ' },
      { comment: 'я'.repeat(COMMENT_MAX_LENGTH + 1) },
    ]) {
      const res = await as(
        t.app,
        s.teacher,
      )({
        method: 'PATCH',
        url: '/api/teacher/comment',
        payload: { id: c.id, start: 1, end: 2, comment: 'Правка', ...overrides },
      });
      expectError(res, 400);
    }
    const end = await as(
      t.app,
      s.teacher,
    )({
      method: 'PATCH',
      url: '/api/teacher/comment',
      payload: { id: c.id, start: 1, end: 61, comment: 'Правка' },
    });
    expect(end.json().message).toBe(RECORDING_TEXT.commentEndAfterDuration('01:00'));
    // A zero-length mark and the text at its longest are fine.
    const edge = await as(
      t.app,
      s.teacher,
    )({
      method: 'PATCH',
      url: '/api/teacher/comment',
      payload: { id: c.id, start: 60, end: 60, comment: 'я'.repeat(COMMENT_MAX_LENGTH) },
    });
    expect(edge.statusCode, edge.body).toBe(200);
  });

  describe('edits from devices whose clocks disagree', () => {
    let id: number;
    beforeAll(async () => {
      id = (await create(s.teacher, { audioID: rec.id, start: 1, end: 2, comment: 'Начало' })).json().id;
    });

    it('an older edit arriving after a newer one answers the comment as it stands, unchanged', async () => {
      const newer = await patchFrom(id, 'Новая правка', 0);
      expect(newer.json()).toMatchObject({ id, comment: 'Новая правка' });
      const older = await patchFrom(id, 'Старая правка', 0, 60_000);
      expect(older.statusCode, older.body).toBe(200);
      expect(older.json()).toEqual(newer.json());
      expect(await textOf(id)).toBe('Новая правка');
    });

    it('a phone an hour fast does not freeze the comment: the laptop’s later edit wins', async () => {
      expect((await patchFrom(id, 'С телефона', HOUR)).json().comment).toBe('С телефона');
      expect((await patchFrom(id, 'С ноутбука', 0)).json().comment).toBe('С ноутбука');
      expect(await textOf(id)).toBe('С ноутбука');
    });

    it('an edit stamped 2099 counts as made when it arrived', async () => {
      const future = await patch({
        id,
        start: 1,
        end: 2,
        comment: 'Из будущего',
        clientUpdatedAt: '2099-01-01T00:00:00+03:00',
      });
      expect(future.json().comment).toBe('Из будущего');
      expect((await patchFrom(id, 'Сейчас', 0)).json().comment).toBe('Сейчас');
    });

    it('an edit without the fields (a client written to the spec) applies in arrival order', async () => {
      expect((await patchFrom(id, 'С отметкой', 0)).json().comment).toBe('С отметкой');
      const plain = await patch({ id, start: 1, end: 2, comment: 'Без отметки' });
      expect(plain.json().comment).toBe('Без отметки');
      expect(await textOf(id)).toBe('Без отметки');
      // An edit made before that arrival loses to it.
      expect((await patchFrom(id, 'Раньше', 0, 60_000)).json().comment).toBe('Без отметки');
    });

    it('an edit made offline long before the comment’s creation arrived still applies', async () => {
      const fresh = (
        await create(s.teacher, { audioID: rec.id, start: 1, end: 2, comment: 'Создан' })
      ).json();
      const edit = await patchFrom(fresh.id, 'Правка офлайн', 0, 10 * 60_000);
      expect(edit.json()).toMatchObject({ id: fresh.id, comment: 'Правка офлайн' });
    });

    it('refuses a clientUpdatedAt or clientSentAt that is no date', async () => {
      expectError(await patch({ id, start: 1, end: 2, comment: 'x', clientUpdatedAt: 'вчера' }), 400);
      expectError(
        await patch({
          id,
          start: 1,
          end: 2,
          comment: 'x',
          clientUpdatedAt: new Date().toISOString(),
          clientSentAt: 5,
        }),
        400,
      );
    });
  });

  it('a deleted comment leaves its clientId behind: a replayed create answers 404 and nothing reappears', async () => {
    const clientId = crypto.randomUUID();
    const body = { audioID: rec.id, start: 5, end: 6, comment: 'Удалю', clientId };
    const c = (await create(s.teacher, body)).json();
    expectMessage(
      await as(t.app, s.teacher)({ method: 'DELETE', url: `/api/teacher/comment/${c.id}` }),
      200,
      RECORDING_TEXT.commentDeleted,
    );
    expectMessage(await create(s.teacher, body), 404, RECORDING_TEXT.commentNotFound);
    expectMessage(await create(s.teacher, body), 404, RECORDING_TEXT.commentNotFound);
    expectMessage(
      await patch({ id: c.id, start: 5, end: 6, comment: 'Правка после удаления' }),
      404,
      RECORDING_TEXT.commentNotFound,
    );
    const rows = await t.app.ctx.db
      .selectFrom('comments')
      .select('id')
      .where('client_id', '=', clientId)
      .execute();
    expect(rows).toHaveLength(0);
    expect((await comments(rec.id)).map((x: { id: number }) => x.id)).not.toContain(c.id);
    // Another teacher's create with that clientId is a conflict, as it was while the comment lived.
    expectMessage(await create(otherTeacher, body), 409, RECORDING_TEXT.commentClientIdTaken);
  });

  it('answers a foreign teacher 404 like a missing id, and a student 403', async () => {
    const c = (await create(s.teacher, { audioID: rec.id, start: 1, end: 2, comment: 'Моё' })).json();
    expectMessage(
      await create(otherTeacher, { audioID: rec.id, start: 1, end: 2, comment: 'Чужое' }),
      404,
      RECORDING_TEXT.recordingNotFound,
    );
    expectMessage(
      await create(s.teacher, { audioID: 999999, start: 1, end: 2, comment: 'Нет' }),
      404,
      RECORDING_TEXT.recordingNotFound,
    );
    expectMessage(
      await as(
        t.app,
        otherTeacher,
      )({
        method: 'PATCH',
        url: '/api/teacher/comment',
        payload: { id: c.id, start: 1, end: 2, comment: 'Чужое' },
      }),
      404,
      RECORDING_TEXT.commentNotFound,
    );
    expectMessage(
      await as(t.app, otherTeacher)({ method: 'DELETE', url: `/api/teacher/comment/${c.id}` }),
      404,
      RECORDING_TEXT.commentNotFound,
    );
    expect((await comments(rec.id)).find((x: { id: number }) => x.id === c.id)).toEqual(c);

    expectError(await create(s.student, { audioID: rec.id, start: 1, end: 2, comment: 'Ученик' }), 403);
    expectError(
      await as(
        t.app,
        s.student,
      )({
        method: 'PATCH',
        url: '/api/teacher/comment',
        payload: { id: c.id, start: 1, end: 2, comment: 'Ученик' },
      }),
      403,
    );
    expectError(await create(null, { audioID: rec.id, start: 1, end: 2, comment: 'Никто' }), 401);
  });
});
