import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '@/shared/messages';
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

  it('serves Swagger UI (built at its first request) with the document, and 404 for what it lacks', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const page = await get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('swagger-initializer.js');
    // The app's own headers reach the UI's answers too.
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const redirect = await get('/api/docs/static/index.html');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/api/docs/');
    const init = await get('/api/docs/static/swagger-initializer.js');
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('./json');
    const css = await get('/api/docs/static/swagger-ui.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const yaml = await get('/api/docs/yaml');
    expect(yaml.statusCode).toBe(200);
    expect(yaml.headers['content-type']).toMatch(/^application\/x-yaml/);
    expect(yaml.body).toContain('/api/admin/students/search:');
    const head = await t.app.inject({ method: 'HEAD', url: '/api/docs/json' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const url of ['/api/docs/static/nothing.js', '/api/docs/nothing']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: ERROR_TEXT.notFound });
    }
  });
});
