import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '@/shared/messages';
import { expectMessage } from './helpers/expect-error';
import { webm } from './helpers/recordings';
import {
  as,
  createTestApp,
  DATABASES,
  registerAndLogin,
  type Caller,
  type TestApp,
} from './helpers/test-app';

/**
 * A part's route reads its account with the part's state, in one statement
 * (`accountCheckedByHandler`): the same rule as every other route's access check, and nothing of
 * a refused request is stored or read.
 */
describe.each(DATABASES)("a part's access check on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const putPart = (caller: { token: string } | null, clientId: string) =>
    as(
      t.app,
      caller,
    )({
      method: 'PUT',
      url: `/api/student/uploads/${clientId}/parts/0?offset=0`,
      payload: webm(70 * 1024),
      headers: { 'content-type': 'application/octet-stream' },
    });
  const partsOf = (clientId: string) =>
    t.app.ctx.db.selectFrom('upload_parts').select('id').where('client_id', '=', clientId).execute();
  const ownerOf = (clientId: string) =>
    t.app.ctx.db.selectFrom('upload_owners').select('student_id').where('client_id', '=', clientId).execute();

  /** A refused part: the answer, and nothing of it kept (no part, no binding, no stored bytes). */
  async function expectRefused(caller: { token: string } | null, status: 401 | 403) {
    const clientId = crypto.randomUUID();
    const objectsBefore = await t.storedObjects();
    expectMessage(
      await putPart(caller, clientId),
      status,
      status === 401 ? ERROR_TEXT.unauthorized : ERROR_TEXT.forbidden,
    );
    expect(await partsOf(clientId)).toEqual([]);
    expect(await ownerOf(clientId)).toEqual([]);
    expect(await t.storedObjects()).toEqual(objectsBefore);
  }

  async function student(): Promise<Caller> {
    const s = await registerAndLogin(t.app, 'student');
    expect((await putPart(s, crypto.randomUUID())).statusCode).toBe(200);
    return s;
  }

  it("takes a student's part, and refuses one with no token or a forged one", async () => {
    const s = await student();
    await expectRefused(null, 401);
    await expectRefused({ token: `${s.token.slice(0, -4)}AAAA` }, 401);
  });

  it('refuses the part of a session that ended (logout)', async () => {
    const s = await student();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${s.refresh}` },
    });
    expect(res.statusCode).toBe(204);
    await expectRefused(s, 401);
  });

  it("refuses a token issued before the account's password changed, and a deleted account's", async () => {
    const changed = await student();
    await t.app.ctx.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', changed.id)
      .execute();
    await expectRefused(changed, 401);

    const deleted = await student();
    await t.app.ctx.db.deleteFrom('users').where('id', '=', deleted.id).execute();
    await expectRefused(deleted, 401);
  });

  it("forbids a teacher's token, by the account's role", async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    await expectRefused(teacher, 403);
  });

  it('takes a token of before sessions were carried (no family) while its account stands', async () => {
    const s = await student();
    const token = await t.app.accessTokens.sign({ id: s.id, role: 'STUDENT', tokenVersion: 0 });
    expect((await putPart({ token }, crypto.randomUUID())).statusCode).toBe(200);
    await t.app.ctx.db.updateTable('users').set({ token_version: 1 }).where('id', '=', s.id).execute();
    await expectRefused({ token }, 401);
  });
});
