import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createTestApp, DATABASES, userFields, type TestApp } from './helpers/test-app';

describe('TRUST_PROXY and TRUST_PROXY_HOPS', () => {
  const parse = (env: Record<string, string>) => loadConfig(env).trustProxy;

  it('V4.1.3 trust nobody by default, or the proxies named by address, CIDR or range', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const off of ['', 'false', '0']) expect(parse({ TRUST_PROXY: off })).toBe(false);
    expect(parse({ TRUST_PROXY: '10.0.0.5,10.0.0.0/24' })).toEqual(['10.0.0.5', '10.0.0.0/24']);
    expect(parse({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,loopback' })).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).startupWarnings).toEqual([]);
  });

  it('V4.1.3 a hop count only as the explicit TRUST_PROXY_HOPS, never beside TRUST_PROXY', () => {
    expect(parse({ TRUST_PROXY_HOPS: '1' })).toBe(1);
    expect(parse({ TRUST_PROXY_HOPS: '0' })).toBe(false);
    expect(() => parse({ TRUST_PROXY_HOPS: '1', TRUST_PROXY: '10.0.0.5' })).toThrow(
      /TRUST_PROXY_HOPS.*TRUST_PROXY|TRUST_PROXY.*TRUST_PROXY_HOPS/,
    );
    expect(() => parse({ TRUST_PROXY_HOPS: 'yes' })).toThrow(/TRUST_PROXY_HOPS/);
  });

  it('V4.1.3 the old `true` / `1` trusts a proxy on this machine only, and says how to name another', () => {
    for (const old of ['true', '1', 'TRUE']) {
      const config = loadConfig({ TRUST_PROXY: old });
      expect(config.trustProxy).toEqual(['loopback']);
      expect(config.startupWarnings).toHaveLength(1);
      expect(config.startupWarnings[0]).toMatch(/TRUST_PROXY=10\.0\.0\.5.*TRUST_PROXY_HOPS=1/);
    }
    // Any other count was a hop count: refused, naming the setting that takes one now.
    expect(() => parse({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY: .*TRUST_PROXY_HOPS=2/);
  });

  it.each(['yes', '*', '0.0.0.0/0', '::/0', '10.0.0.1/33', 'proxy.example.ru', '10.0.0.1,,nope'])(
    'V4.1.3 refuses %s: never "trust everything", never a guess',
    (value) => {
      expect(() => parse({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );
});

describe.each(DATABASES)('client addresses behind a proxy on %s', (kind) => {
  const PROXY = '10.0.0.5';
  const DIRECT = '192.0.2.50';
  const apps: TestApp[] = [];
  const appWith = async (env: Record<string, string>) => {
    const t = await createTestApp(kind, { REGISTRATIONS_PER_HOUR: '2', ...env });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  const register = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register/student',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { ...userFields(), role: 'ROLE_STUDENT' },
    });
  /** Logs in as a fresh student and answers the address the admin's login list keeps for it. */
  let registrations = 0;
  const loggedAddress = async (t: TestApp, remoteAddress: string, forwardedFor: string) => {
    // Registered from an address of its own, apart from the counts the tests look at.
    const fields = userFields();
    registrations += 1;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/student',
      remoteAddress: `100.64.0.${registrations}`,
      payload: { ...fields, role: 'ROLE_STUDENT' },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { username: fields.username, password: fields.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.app.ctx.db
      .selectFrom('login_events')
      .innerJoin('users', 'users.id', 'login_events.user_id')
      .select('login_events.address')
      .where('users.username', '=', fields.username)
      .execute();
    expect(rows).toHaveLength(1);
    return rows[0].address;
  };

  describe.each([
    ['the proxy’s address', { TRUST_PROXY: PROXY }],
    ['the old `1`', { TRUST_PROXY: '1' }],
    ['the old `true`', { TRUST_PROXY: 'true' }],
  ])('trusting %s', (_label, env) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith(env);
    });

    it('V4.1 a client that reaches the instance directly cannot choose its address: X-Forwarded-For is ignored for limits', async () => {
      expect((await register(t, DIRECT, '198.51.100.1')).statusCode).toBe(200);
      expect((await register(t, DIRECT, '198.51.100.2')).statusCode).toBe(200);
      // A third forged address does not open a fresh count: the peer is counted.
      const refused = await register(t, DIRECT, '198.51.100.3');
      expect(refused.statusCode).toBe(429);
    });

    it('V4.1 … nor for the admin’s login list', async () => {
      expect(await loggedAddress(t, DIRECT, '198.51.100.4')).toBe(DIRECT);
    });
  });

  it('V4.1 behind the named proxy, the address it saw counts (the client’s own forged entries do not)', async () => {
    const t = await appWith({ TRUST_PROXY: PROXY });
    // The client forged the first entry; the proxy appended the address it really saw.
    expect(await loggedAddress(t, PROXY, '203.0.113.9, 198.51.100.20')).toBe('198.51.100.20');
    expect((await register(t, PROXY, '203.0.113.1, 198.51.100.21')).statusCode).toBe(200);
    expect((await register(t, PROXY, '203.0.113.2, 198.51.100.21')).statusCode).toBe(200);
    expect((await register(t, PROXY, '203.0.113.3, 198.51.100.21')).statusCode).toBe(429);
    // Another client behind the same proxy has a count of its own.
    expect((await register(t, PROXY, '198.51.100.22')).statusCode).toBe(200);
  });

  it('V4.1 the old `true` still works for a proxy on this machine', async () => {
    const t = await appWith({ TRUST_PROXY: 'true' });
    expect(await loggedAddress(t, '127.0.0.1', '198.51.100.30')).toBe('198.51.100.30');
  });

  it('V4.1 TRUST_PROXY_HOPS=1 trusts one hop from whoever connects: an explicit opt-in', async () => {
    const t = await appWith({ TRUST_PROXY_HOPS: '1' });
    expect(await loggedAddress(t, DIRECT, '203.0.113.9, 198.51.100.40')).toBe('198.51.100.40');
  });
});

describe('what the log says about proxies', () => {
  let dataDir: string;
  let app: FastifyInstance;
  const lines: Array<{ level: number; msg: string; peer?: string }> = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-proxy-log-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-static'),
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'Ustno-admin-pass-1',
      TRUST_PROXY: 'true',
    });
    app = await buildApp(config, { logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('V4.1 names the new form at start, and once a peer whose X-Forwarded-For is ignored', async () => {
    expect(
      lines.filter((l) => /TRUST_PROXY=true now trusts only a proxy on this machine/.test(l.msg)),
    ).toHaveLength(1);
    const role = (remoteAddress: string) =>
      app.inject({
        method: 'GET',
        url: '/api/auth/role',
        remoteAddress,
        headers: { 'x-forwarded-for': '198.51.100.1' },
      });
    await role('127.0.0.1');
    expect(lines.filter((l) => /X-Forwarded-For/.test(l.msg))).toEqual([]);
    await role('10.0.0.7');
    await role('10.0.0.8');
    const ignored = lines.filter((l) => /X-Forwarded-For/.test(l.msg));
    expect(ignored).toHaveLength(1);
    expect(ignored[0]).toMatchObject({ level: 40, peer: '10.0.0.7' });
  });
});
