import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, DATABASES, loginAdmin, registerAndLogin, type TestApp } from './helpers/test-app';

describe.each(DATABASES)('server on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers a teacher who logs in and sees the TEACHER role', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const res = await as(t.app, teacher)({ method: 'GET', url: '/api/auth/role' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ role: 'TEACHER' });
  });

  it('lets the admin read the metrics', async () => {
    const admin = await loginAdmin(t.app);
    const res = await as(t.app, admin)({ method: 'GET', url: '/api/admin/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.json().accounts).toBeGreaterThanOrEqual(2);
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/admin/students/search');
  });
});
