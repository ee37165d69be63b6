import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { userFields } from './helpers/test-app';

/** A port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// Needs no Redis: REDIS_URL names a closed port. The way back to a Redis that returns is in
// rate-limit-redis.test.ts, which has a real one.
describe('rate limits when Redis is unreachable', () => {
  let dataDir: string;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-rl-fallback-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-static'),
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://ustno.test',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'Ustno-admin-pass-1',
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
      REGISTRATIONS_PER_HOUR: '3',
    });
    app = await buildApp(config, { logStream: { write: (line) => void lines.push(line) } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const register = (remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/register/student',
      remoteAddress,
      payload: { ...userFields(), role: 'ROLE_STUDENT' },
    });

  it('V16.5.3 counts in memory at once: no wait per request, the limit still holds, logged once', async () => {
    const timed = async (address: string) => {
      const started = performance.now();
      const res = await register(address);
      return { res, ms: performance.now() - started };
    };
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await timed('203.0.113.40'));
    expect(answers.map((a) => a.res.statusCode)).toEqual([200, 200, 200, 429]);
    const refused = answers[3].res;
    expect(refused.json().message).toMatch(/^Слишком много регистраций с этого адреса\. Повторите через/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // A registration hashes a password (argon2, tens of ms); a wait for Redis would add seconds.
    for (const a of answers) expect(a.ms).toBeLessThan(1000);
    // Another address is counted on its own.
    expect((await timed('203.0.113.41')).res.statusCode).toBe(200);

    // Redis keeps being retried in the background; the log says it once, not per attempt or request.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const said = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
    const unreachable = said.filter((l) => /rate-limit store/.test(l.msg));
    expect(unreachable).toHaveLength(1);
    expect(unreachable[0].msg).toMatch(/unreachable.*in memory/);
    expect(unreachable[0].level).toBe(40);
  });
});
