import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadOne, PNG } from './helpers/authoring';
import { cspDirectives, storageMediaOrigins } from '../../server/plugins/security-headers';
import { createTestApp, registerAndLogin, type TestApp } from './helpers/test-app';

/** An app whose static folder holds a shell and one hashed asset, as the build leaves them. */
async function appWithShell(env: Record<string, string> = {}): Promise<TestApp> {
  const probe = await createTestApp('sqlite');
  const staticDir = path.join(probe.dataDir, 'dist');
  await probe.close();
  await fs.mkdir(path.join(staticDir, 'assets'), { recursive: true });
  await fs.writeFile(
    path.join(staticDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(staticDir, 'assets', 'index-abc.js'), 'console.log(1);');
  await fs.writeFile(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  const t = await createTestApp('sqlite', { STATIC_DIR: staticDir, ...env });
  return {
    ...t,
    async close() {
      await t.close();
      await fs.rm(staticDir, { recursive: true, force: true });
    },
  };
}

/** The CSP header as helmet writes the directives: `name value value;name value`. */
const cspDirectivesText = () =>
  Object.entries(cspDirectives())
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');

const directives = (csp: string | undefined) =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('the storage origin in the CSP', () => {
  const s3 = {
    bucket: 'ustno',
    endpoint: 'https://storage.yandexcloud.net',
    region: 'ru-central1',
    credentials: undefined,
    forcePathStyle: false,
    mediaRedirect: true,
  };
  it('ASVS 3.4.3: media redirected to the bucket add its origin, and only then', () => {
    expect(storageMediaOrigins(s3)).toEqual(['https://ustno.storage.yandexcloud.net']);
    expect(storageMediaOrigins({ ...s3, endpoint: 'http://minio:9000', forcePathStyle: true })).toEqual([
      'http://minio:9000',
    ]);
    expect(storageMediaOrigins({ ...s3, endpoint: undefined })).toEqual([
      'https://ustno.s3.ru-central1.amazonaws.com',
    ]);
    expect(storageMediaOrigins({ ...s3, mediaRedirect: false })).toEqual([]);
    expect(storageMediaOrigins(undefined)).toEqual([]);
    const csp = cspDirectives(storageMediaOrigins(s3));
    for (const d of ['img-src', 'media-src', 'connect-src'])
      expect(csp[d]).toContain('https://ustno.storage.yandexcloud.net');
  });
});

describe('browser security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWithShell();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/', '/teacher/exams', '/assets/index-abc.js', '/sw.js', '/api/auth/role'])(
    'ASVS 3.4.3–3.4.6: %s carries a strict CSP, nosniff, no referrer and no framing',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect([200, 401]).toContain(res.statusCode);
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['media-src']).toEqual(["'self'", 'blob:']);
      expect(csp['img-src']).toEqual(["'self'", 'blob:', 'data:']);
      expect(res.headers['content-security-policy']).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['permissions-policy']).toMatch(/(^|, )microphone=\(self\)(,|$)/);
      expect(res.headers['permissions-policy']).toContain('camera=()');
      // Plain HTTP: no HSTS (a school server in a LAN must not pin browsers to HTTPS).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('every answer, an API error included, carries the whole of helmet’s set, in its order', async () => {
    for (const url of ['/api/auth/role', '/api/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      const names = Object.keys(res.headers).filter(
        (n) => !['content-type', 'content-length', 'date', 'connection', 'permissions-policy'].includes(n),
      );
      expect(names).toEqual([
        'content-security-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'x-content-type-options',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-frame-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]);
      expect(res.headers).toMatchObject({
        'content-security-policy': cspDirectivesText(),
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
    }
  });

  it('ASVS 3.4.3: the shell holds no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/teacher/exams' });
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
  });

  it('ASVS 3.4.1: HSTS only on answers that went over HTTPS (a trusted proxy says so)', async () => {
    const behindProxy = await appWithShell({ TRUST_PROXY: 'true' });
    try {
      const https = await behindProxy.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await behindProxy.app.inject({ method: 'GET', url: '/' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
    // Without a trusted proxy a client's own header proves nothing.
    const forged = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('ASVS 3.2.1: stored files keep their own sandboxing policy and nosniff', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const file = await uploadOne(t.app, teacher, 'картинка.png', PNG);
    const res = await t.app.inject({ method: 'GET', url: file.access });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename/);
  });
});
