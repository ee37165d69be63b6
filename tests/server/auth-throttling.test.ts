import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDelayMs } from '../../server/modules/auth/service';
import { createTestApp, DATABASES, registerAndLogin, uniqueName, type TestApp } from './helpers/test-app';

const LIMITS = {
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '10',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '30',
  LOGIN_WINDOW_MINUTES: '15',
  LOGIN_DELAY_MAX_SECONDS: '1',
};

// TRUST_PROXY and TRUST_PROXY_HOPS themselves: trust-proxy.test.ts.

describe('the account-wide delay', () => {
  it('is none up to the limit, then 1 s doubling up to the cap; never a refusal', () => {
    expect([0, 9].map((n) => accountDelayMs(n, 10, 8))).toEqual([0, 0]);
    expect([10, 11, 12, 13, 14, 50].map((n) => accountDelayMs(n, 10, 8))).toEqual([
      1000, 2000, 4000, 8000, 8000, 8000,
    ]);
    expect(accountDelayMs(100, 10, 0)).toBe(0);
  });
});

describe.each(DATABASES)('login throttling on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, LIMITS);
  });
  afterAll(async () => {
    await t.close();
  });

  const attempt = (app: TestApp, username: string, password: string, remoteAddress: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username, password },
      remoteAddress,
    });
  const statuses = (answers: { statusCode: number }[]) => {
    const count: Record<number, number> = {};
    for (const a of answers) count[a.statusCode] = (count[a.statusCode] ?? 0) + 1;
    return count;
  };

  it('V6.3.1 a concurrent burst of 50 wrong passwords gets at most the limit of password checks', async () => {
    const s = await registerAndLogin(t.app, 'student');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => attempt(t, s.fields.username, 'wrong-pass-1', '10.20.0.1')),
    );
    const count = statuses(answers);
    // 403 means the password was checked; everything past the limit was refused unchecked.
    expect(count[403]).toBe(10);
    expect(count[429]).toBe(40);
    expect((await attempt(t, s.fields.username, s.fields.password, '10.20.0.1')).statusCode).toBe(429);
  });

  it('V6.3.1 a concurrent burst under 50 names from one address gets at most the address limit of checks', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => attempt(t, uniqueName('spray'), 'wrong-pass-2', '10.21.0.1')),
    );
    expect(statuses(answers)).toEqual({ 403: 30, 429: 20 });
  });

  it('V6.3.1 failures of an account from many addresses never lock the owner’s device out', async () => {
    const s = await registerAndLogin(t.app, 'teacher');
    // The owner's device logged in before: it holds a device cookie.
    const before = await attempt(t, s.fields.username, s.fields.password, '10.23.0.1');
    const device = (before.cookies as Array<{ name: string; value: string }>).find(
      (c) => c.name === 'ustno_device',
    )?.value as string;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => attempt(t, s.fields.username, 'wrong-pass-3', `10.22.${i}.1`)),
    );
    // The limit's worth of checks, then one check at a time: the rest refused unchecked.
    expect(statuses(answers)).toEqual({ 403: 11, 429: 39 });
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username: s.fields.username, password: s.fields.password },
      remoteAddress: '10.23.0.2',
      cookies: { ustno_device: device },
    });
    expect(owner.statusCode).toBe(200);
    // Each attacking address that was checked keeps its own count.
    const left = await t.app.ctx.db
      .selectFrom('login_throttles')
      .select(['key', 'hits'])
      .where('key', 'like', `account-address:${s.fields.username.toLowerCase()}|%`)
      .where('hits', '>', 0)
      .execute();
    expect(left).toHaveLength(11);
  });

  it('V6.3.1 the counters live in the database: two instances share them', async () => {
    const second = await createTestApp(
      kind,
      { ...LIMITS, ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}) },
      kind === 'sqlite' ? { dataDir: t.dataDir } : {},
    );
    try {
      const s = await registerAndLogin(t.app, 'student');
      for (let i = 0; i < 5; i++) await attempt(t, s.fields.username, 'wrong-pass-4', '10.24.0.1');
      for (let i = 0; i < 5; i++) await attempt(second, s.fields.username, 'wrong-pass-4', '10.24.0.1');
      expect((await attempt(t, s.fields.username, s.fields.password, '10.24.0.1')).statusCode).toBe(429);
      expect((await attempt(second, s.fields.username, s.fields.password, '10.24.0.1')).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  describe.each([
    ['a hop count (TRUST_PROXY_HOPS)', { TRUST_PROXY_HOPS: '1' }],
    ['the proxy address', { TRUST_PROXY: '10.0.0.1' }],
  ])('behind a proxy trusted by %s', (_label, trust) => {
    let p: TestApp;
    beforeAll(async () => {
      p = await createTestApp(kind, { ...LIMITS, ...trust });
    });
    afterAll(async () => {
      await p.close();
    });

    it('V6.3.1 a forged X-Forwarded-For does not dodge the per-address limit', async () => {
      // The client forges the first entries; the proxy appends the address it really saw.
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          p.app.inject({
            method: 'POST',
            url: '/api/auth/authenticate',
            payload: { username: uniqueName('fwd'), password: 'wrong-pass-5' },
            remoteAddress: '10.0.0.1',
            headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
          }),
        ),
      );
      expect(statuses(answers)).toEqual({ 403: 30, 429: 10 });
      const rows = await p.app.ctx.db
        .selectFrom('login_throttles')
        .select('key')
        .where('key', 'like', 'address:%')
        .execute();
      expect(rows.map((r) => r.key)).toEqual(['address:203.0.113.7']);
    });
  });
});
