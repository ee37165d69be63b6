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
