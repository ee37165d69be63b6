import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOICE_MAX_BYTES, VOICE_MAX_SECONDS } from '@/shared/contract/review';
import { RECORDING_TEXT } from '@/shared/messages';
import { PNG } from './helpers/authoring';
import { expectError, expectMessage } from './helpers/expect-error';
import { mp4, setupExam, uploadOk, webm, type ExamSetup } from './helpers/recordings';
import {
  as,
  createTestApp,
  registerAndLogin,
  STORAGE_BACKENDS,
  type Caller,
  type TestApp,
} from './helpers/test-app';

const M4A = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/recording-opus.m4a'));

interface Voice {
  access: string;
  duration: number;
  mime: string;
}
interface Comment {
  id: number;
  start: number;
  end: number;
  comment: string;
  voice: Voice | null;
}

describe.each(STORAGE_BACKENDS)('voice comments on %s', (kind) => {
  let t: TestApp;
  let s: ExamSetup;
  let rec: { id: number };
  let otherTeacher: Caller;

  const newComment = async (audioId = rec.id, extra: Record<string, unknown> = {}): Promise<Comment> => {
    const res = await as(
      t.app,
      s.teacher,
    )({
      method: 'POST',
      url: '/api/teacher/comment',
      payload: { audioID: audioId, start: 1, end: 2, comment: 'Послушайте', ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const putVoice = (
    caller: Caller | null,
    id: number,
    bytes: Buffer,
    { type = 'audio/webm;codecs=opus', query = 'duration=12.3' }: { type?: string; query?: string } = {},
  ) =>
    as(
      t.app,
      caller,
    )({
      method: 'PUT',
      url: `/api/teacher/comment/${id}/voice${query ? `?${query}` : ''}`,
      headers: { 'content-type': type },
      payload: bytes,
    });
  const putVoiceOk = async (id: number, bytes: Buffer, opts?: Parameters<typeof putVoice>[3]) => {
    const res = await putVoice(s.teacher, id, bytes, opts);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Comment;
  };
  const deleteVoice = (caller: Caller | null, id: number) =>
    as(t.app, caller)({ method: 'DELETE', url: `/api/teacher/comment/${id}/voice` });
  const fetchMedia = (access: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: access, headers });
  const commentsAs = async (caller: Caller, role: 'teacher' | 'student', audioId = rec.id) => {
    const res = await as(t.app, caller)({ method: 'GET', url: `/api/${role}/audios/${audioId}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().comments as Comment[];
  };
  const voices = async () => (await t.storedObjects()).filter((k) => k.startsWith('voices/'));

  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await setupExam(t.app);
    rec = await uploadOk(t.app, s, { duration: 60, taskStarts: [0] });
    otherTeacher = await registerAndLogin(t.app, 'teacher');
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps a WebM voice on the comment: both players get it at a signed address, fetched whole or by Range', async () => {
    const c = await newComment();
    expect(c.voice).toBeNull();
    const before = await voices();
    const bytes = webm(6000);
    const answered = await putVoiceOk(c.id, bytes);
    expect(answered).toEqual({
      ...c,
      voice: {
        access: expect.stringMatching(/^\/api\/voices\/\d+\/content\?exp=\d+&sig=/),
        duration: 12.3,
        mime: 'audio/webm;codecs=opus',
      },
    });
    expect(await voices()).toHaveLength(before.length + 1);

    const teacherSees = (await commentsAs(s.teacher, 'teacher')).find((x) => x.id === c.id);
    const studentSees = (await commentsAs(s.student, 'student')).find((x) => x.id === c.id);
    expect(teacherSees?.voice).toMatchObject({ duration: 12.3, mime: 'audio/webm;codecs=opus' });
    expect(studentSees?.voice).toMatchObject({ duration: 12.3, mime: 'audio/webm;codecs=opus' });

    // No bearer token: the signature is the permission, as for a recording.
    const full = await fetchMedia(studentSees!.voice!.access);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('audio/webm;codecs=opus');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.rawPayload.equals(bytes)).toBe(true);
    const part = await fetchMedia(answered.voice!.access, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const beyond = await fetchMedia(answered.voice!.access, { range: 'bytes=999999-' });
    expect(beyond.statusCode).toBe(416);
  });

  it('takes MP4 (a real AAC recording and bare MP4 bytes) and stores the type the bytes show', async () => {
    const c = await newComment();
    const real = await putVoiceOk(c.id, M4A, { type: 'audio/mp4', query: 'duration=3' });
    expect(real.voice).toMatchObject({ duration: 3, mime: 'audio/mp4' });
    const served = await fetchMedia(real.voice!.access);
    expect(served.rawPayload.equals(M4A)).toBe(true);
    // Declared WebM, the bytes MP4: the bytes decide, and the codecs of another container are dropped.
    const claimed = await putVoiceOk(c.id, mp4(3000), { type: 'audio/webm;codecs=opus' });
    expect(claimed.voice?.mime).toBe('audio/mp4');
  });

  it('replaces the voice with the next one: a new address, the old one gone with its object', async () => {
    const c = await newComment();
    const first = await putVoiceOk(c.id, webm(3000));
    const stored = await voices();
    const second = await putVoiceOk(c.id, webm(5000), { query: 'duration=40' });
    expect(second.voice?.access).not.toBe(first.voice?.access);
    expect(second.voice?.duration).toBe(40);
    expect(await voices()).toHaveLength(stored.length);
    expect((await fetchMedia(first.voice!.access)).statusCode).toBe(404);
    const now = await fetchMedia(second.voice!.access);
    expect(now.statusCode).toBe(200);
    expect(now.rawPayload.length).toBe(5000);
    // A replay of the same call (the outbox sending it again) leaves one voice, as sent.
    const replay = await putVoiceOk(c.id, webm(5000), { query: 'duration=40' });
    expect(replay.voice?.duration).toBe(40);
    expect(await voices()).toHaveLength(stored.length);
    const rows = await t.app.ctx.db
      .selectFrom('comment_voices')
      .selectAll()
      .where('comment_id', '=', c.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses bytes that are no WebM or MP4, a body of another type and one over 2 MB, storing nothing', async () => {
    const c = await newComment();
    const before = await voices();
    expectMessage(await putVoice(s.teacher, c.id, PNG), 415, RECORDING_TEXT.voiceTypeRefused);
    expectMessage(await putVoice(s.teacher, c.id, Buffer.alloc(0)), 415, RECORDING_TEXT.voiceTypeRefused);
    for (const type of ['audio/ogg', 'application/octet-stream', 'image/png']) {
      expectError(await putVoice(s.teacher, c.id, webm(), { type }), 415);
    }
    const tooLarge = await putVoice(s.teacher, c.id, webm(VOICE_MAX_BYTES + 1));
    expectMessage(tooLarge, 413, RECORDING_TEXT.voiceTooLarge(2));
    expect(await voices()).toEqual(before);
    expect((await commentsAs(s.teacher, 'teacher')).find((x) => x.id === c.id)?.voice).toBeNull();
    // Exactly the cap is taken.
    const atCap = await putVoiceOk(c.id, webm(VOICE_MAX_BYTES));
    expect(atCap.voice).not.toBeNull();
  });

  it.each([
    ['no duration', ''],
    ['a zero duration', 'duration=0'],
    ['a negative duration', 'duration=-1'],
    ['a duration over two minutes', `duration=${VOICE_MAX_SECONDS + 0.1}`],
    ['a duration that is no number', 'duration=abc'],
  ])('refuses %s with a Russian 400, storing nothing', async (_label, query) => {
    const c = await newComment();
    const before = await voices();
    const res = await putVoice(s.teacher, c.id, webm(), { query });
    expectMessage(res, 400, RECORDING_TEXT.voiceDuration(VOICE_MAX_SECONDS));
    expect(await voices()).toEqual(before);
  });

  it('takes two minutes exactly', async () => {
    const c = await newComment();
    expect((await putVoiceOk(c.id, webm(), { query: `duration=${VOICE_MAX_SECONDS}` })).voice?.duration).toBe(
      VOICE_MAX_SECONDS,
    );
  });

  it('deletes the voice (again: nothing to do) and keeps the comment', async () => {
    const c = await newComment();
    const voiced = await putVoiceOk(c.id, webm());
    const before = await voices();
    const res = await deleteVoice(s.teacher, c.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...c, voice: null });
    expect(await voices()).toHaveLength(before.length - 1);
    expect((await fetchMedia(voiced.voice!.access)).statusCode).toBe(404);
    const again = await deleteVoice(s.teacher, c.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ ...c, voice: null });
    expect((await commentsAs(s.student, 'student')).find((x) => x.id === c.id)).toEqual({
      ...c,
      voice: null,
    });
  });

  it('answers another teacher’s comment as a missing one (404), storing and removing nothing', async () => {
    const c = await newComment();
    await putVoiceOk(c.id, webm());
    const before = await voices();
    const foreign = await putVoice(otherTeacher, c.id, webm());
    const missing = await putVoice(s.teacher, 2_000_000_000, webm());
    expectMessage(foreign, 404, RECORDING_TEXT.commentNotFound);
    expect(foreign.body).toBe(missing.body);
    const foreignDelete = await deleteVoice(otherTeacher, c.id);
    expectMessage(foreignDelete, 404, RECORDING_TEXT.commentNotFound);
    expect(foreignDelete.body).toBe((await deleteVoice(s.teacher, 2_000_000_000)).body);
    expect(await voices()).toEqual(before);
    expect((await commentsAs(s.teacher, 'teacher')).find((x) => x.id === c.id)?.voice).not.toBeNull();
  });

  it('is the teacher’s alone: a student answers 403, no token 401', async () => {
    const c = await newComment();
    expectError(await putVoice(s.student, c.id, webm()), 403);
    expectError(await deleteVoice(s.student, c.id), 403);
    expectError(await putVoice(null, c.id, webm()), 401);
  });

  it('answers 404 for a deleted comment (the outbox then drops the voice), storing nothing', async () => {
    const clientId = crypto.randomUUID();
    const c = await newComment(rec.id, { clientId });
    const deleted = await as(t.app, s.teacher)({ method: 'DELETE', url: `/api/teacher/comment/${c.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const before = await voices();
    expectMessage(await putVoice(s.teacher, c.id, webm()), 404, RECORDING_TEXT.commentNotFound);
    expectMessage(await deleteVoice(s.teacher, c.id), 404, RECORDING_TEXT.commentNotFound);
    expect(await voices()).toEqual(before);
  });

  it('gives the voice in every answer that returns the comment: a replayed create and an edit', async () => {
    const clientId = crypto.randomUUID();
    const c = await newComment(rec.id, { clientId });
    const voiced = await putVoiceOk(c.id, webm(), { query: 'duration=7.5' });
    const replay = await as(
      t.app,
      s.teacher,
    )({
      method: 'POST',
      url: '/api/teacher/comment',
      payload: { audioID: rec.id, start: 1, end: 2, comment: 'Послушайте', clientId },
    });
    expect(replay.json().voice).toMatchObject({ duration: 7.5, mime: voiced.voice!.mime });
    const edited = await as(
      t.app,
      s.teacher,
    )({
      method: 'PATCH',
      url: '/api/teacher/comment',
      payload: { id: c.id, start: 3, end: 4, comment: 'Еще раз послушайте' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ start: 3, end: 4, voice: { duration: 7.5 } });
    // The edit left the voice where it was: the same object still plays.
    expect((await fetchMedia(edited.json().voice.access)).statusCode).toBe(200);
  });

  it('refuses a forged or expired address of a voice with 403', async () => {
    const c = await newComment();
    const voiced = await putVoiceOk(c.id, webm());
    const url = new URL(voiced.voice!.access, 'http://x');
    const id = Number(url.pathname.split('/')[3]);
    const forged = `/api/voices/${id}/content?exp=${url.searchParams.get('exp')}&sig=${'A'.repeat(43)}`;
    expect((await fetchMedia(forged)).statusCode).toBe(403);
    const otherKind = t.app.ctx.media.url('recording', id).replace('/api/recordings/', '/api/voices/');
    expect((await fetchMedia(otherKind)).statusCode).toBe(403);
    const expired = t.app.ctx.media.url('voice', id, Date.now() - 48 * 3_600_000);
    expect((await fetchMedia(expired)).statusCode).toBe(403);
  });

  it('removes the voice with its comment', async () => {
    const c = await newComment();
    const voiced = await putVoiceOk(c.id, webm());
    const before = await voices();
    const res = await as(t.app, s.teacher)({ method: 'DELETE', url: `/api/teacher/comment/${c.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await voices()).toHaveLength(before.length - 1);
    expect((await fetchMedia(voiced.voice!.access)).statusCode).toBe(404);
  });

  it('removes the voices with their recording, and with their exam', async () => {
    const doomed = await uploadOk(t.app, s, { duration: 30, taskStarts: [0] });
    const kept = await voices();
    const a = await putVoiceOk((await newComment(doomed.id)).id, webm());
    await putVoiceOk((await newComment(doomed.id)).id, mp4());
    expect(await voices()).toHaveLength(kept.length + 2);
    const res = await as(t.app, s.teacher)({ method: 'DELETE', url: `/api/teacher/audio/${doomed.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await voices()).toEqual(kept);
    expect((await fetchMedia(a.voice!.access)).statusCode).toBe(404);

    // An exam's delete takes its recordings, their comments and the comments' voices.
    const other = await setupExam(t.app, { examName: 'Экзамен на удаление' });
    const otherRec = await uploadOk(t.app, other, { duration: 30, taskStarts: [0] });
    const comment = await as(
      t.app,
      other.teacher,
    )({
      method: 'POST',
      url: '/api/teacher/comment',
      payload: { audioID: otherRec.id, start: 0, end: 1, comment: 'Голос' },
    });
    const voiced = await as(
      t.app,
      other.teacher,
    )({
      method: 'PUT',
      url: `/api/teacher/comment/${comment.json().id}/voice?duration=2`,
      headers: { 'content-type': 'audio/webm' },
      payload: webm(),
    });
    expect(voiced.statusCode, voiced.body).toBe(200);
    expect(await voices()).toHaveLength(kept.length + 1);
    const gone = await as(
      t.app,
      other.teacher,
    )({ method: 'DELETE', url: `/api/teacher/exam/${other.exam.id}` });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await voices()).toEqual(kept);
  });
});
