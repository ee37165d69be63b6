import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { preparedQuery } from '../../server/lib/prepared-query';
import { createTestApp, DATABASES, loginAdmin, type TestApp } from './helpers/test-app';

describe.each(DATABASES)('preparedQuery on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await loginAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('binds each run’s own values wherever the compiled query puts them', async () => {
    // The role is bound after the username in the SQL, though it is the first argument.
    const users = preparedQuery((db: Db, role: 'ADMIN' | 'STUDENT', username: string) =>
      db.selectFrom('users').select('username').where('username', '=', username).where('role', '=', role),
    );
    expect(await users(t.app.ctx.db, 'ADMIN', 'admin')).toEqual([{ username: 'admin' }]);
    expect(await users(t.app.ctx.db, 'STUDENT', 'admin')).toEqual([]);
    expect(await users(t.app.ctx.db, 'ADMIN', 'nobody')).toEqual([]);
  });

  it('refuses a query that binds a value of its own', async () => {
    const constant = preparedQuery((db: Db, username: string) =>
      db.selectFrom('users').select('id').where('username', '=', username).where('role', '=', 'ADMIN'),
    );
    await expect(constant(t.app.ctx.db, 'admin')).rejects.toThrow(/not one of its arguments/);
  });
});
