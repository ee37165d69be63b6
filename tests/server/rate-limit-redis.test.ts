import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, userFields, type TestApp } from './helpers/test-app';

// vitest.config.ts leaves this file out of the run only when TEST_REDIS_URL is unset (the README
// says so); run on its own without it, it fails rather than pass having tested nothing.
const REDIS_URL = process.env.TEST_REDIS_URL;

describe('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    if (!REDIS_URL) throw new Error('TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379)');
    const env = { REDIS_URL, REGISTRATIONS_PER_HOUR: '3' };
    a = await createTestApp('sqlite', env);
    b = await createTestApp('sqlite', env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('ASVS 2.4.1: two instances count one address together (REDIS_URL), so a limit holds behind a load balancer', async () => {
    // A fresh address per run: the counters outlive the test in Redis for their hour.
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const register = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register/student',
        remoteAddress: address,
        payload: { ...userFields(), role: 'ROLE_STUDENT' },
      });
    expect((await register(a)).statusCode).toBe(200);
    expect((await register(b)).statusCode).toBe(200);
    expect((await register(a)).statusCode).toBe(200);
    const refused = await register(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Слишком много регистраций с этого адреса/);
    expect((await register(a)).statusCode).toBe(429);
  });
});

/** A TCP relay to Redis that can be cut (its sockets destroyed, its port closed) and restored. */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: () => listen(port),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}

describe('rate limits when Redis goes away and comes back', () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    if (!REDIS_URL) throw new Error('TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379)');
    relay = await startRelay(new URL(REDIS_URL));
    const env = { REDIS_URL: relay.url, REGISTRATIONS_PER_HOUR: '2' };
    a = await createTestApp('sqlite', env);
    b = await createTestApp('sqlite', env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await relay?.close();
  });

  const randomAddress = () =>
    `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const register = async (t: TestApp, address: string) => {
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/student',
      remoteAddress: address,
      payload: { ...userFields(), role: 'ROLE_STUDENT' },
    });
    expect(performance.now() - started).toBeLessThan(1000);
    return res.statusCode;
  };
  const waitUntil = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
  };

  it('V16.5.3 each instance counts alone while Redis is away, then they count together again', async () => {
    // Both connected: one count.
    let address = randomAddress();
    await waitUntil(async () => {
      address = randomAddress();
      await register(a, address);
      return (await register(b, address)) === 200 && (await register(a, address)) === 429;
    });
    expect(await register(b, address)).toBe(429);

    await relay.cut();
    // Away: each instance holds the limit on its own, at once.
    address = randomAddress();
    expect([await register(a, address), await register(a, address), await register(a, address)]).toEqual([
      200, 200, 429,
    ]);
    expect([await register(b, address), await register(b, address), await register(b, address)]).toEqual([
      200, 200, 429,
    ]);

    await relay.restore();
    // Back (ioredis reconnects by itself): one count across both again.
    await waitUntil(async () => {
      address = randomAddress();
      await register(a, address);
      return (await register(b, address)) === 200 && (await register(a, address)) === 429;
    });
    expect(await register(b, address)).toBe(429);
  });
});
