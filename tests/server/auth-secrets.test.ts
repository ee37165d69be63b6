import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '@/shared/messages';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { redactUrl } from '../../server/lib/redact';
import { deriveKey } from '../../server/lib/secrets';
import { expectMessage } from './helpers/expect-error';
import { outboxRecoveryTokens } from './helpers/mail';
import {
  as,
  createTestApp,
  DATABASES,
  loginAdmin,
  registerAndLogin,
  userFields,
  type TestApp,
} from './helpers/test-app';
import { TEST_JWT_SECRET } from './helpers/tokens';

describe('JWT_SECRET', () => {
  it('V11.2.3 a secret under 32 bytes (128-bit security) is refused at start', () => {
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(31) })).toThrow(/JWT_SECRET: at least 32 bytes/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
    // Bytes, not characters: 16 Cyrillic letters are 32 bytes in UTF-8.
    expect(loadConfig({ JWT_SECRET: 'ж'.repeat(16) }).jwtSecret).toBe('ж'.repeat(16));
    expect(loadConfig({}).jwtSecret).toBeUndefined();
  });

  it('one key per purpose, derived with HKDF: none equals another or the secret', () => {
    const tokens = deriveKey(TEST_JWT_SECRET, 'access-tokens');
    const media = deriveKey(TEST_JWT_SECRET, 'media-urls');
    expect(tokens).toHaveLength(32);
    expect(media).toHaveLength(32);
    expect(tokens.equals(media)).toBe(false);
    expect(tokens.equals(crypto.createHash('sha256').update(TEST_JWT_SECRET).digest())).toBe(false);
    expect(deriveKey(TEST_JWT_SECRET, 'access-tokens').equals(tokens)).toBe(true);
    expect(deriveKey(`${TEST_JWT_SECRET}!`, 'access-tokens').equals(tokens)).toBe(false);
  });
});

describe('redaction of request logs', () => {
  it('V16.2.5 recovery tokens in paths and secrets in query strings are replaced', () => {
    const token = 'AbC_dEf-123'.repeat(4);
    expect(redactUrl(`/api/auth/recover/${token}`)).toBe('/api/auth/recover/***');
    expect(redactUrl(`/recover/${token}?x=1`)).toBe('/recover/***?x=1');
    expect(redactUrl('/api/student/password?password=Ustno-1&y=2')).toBe(
      '/api/student/password?password=***&y=2',
    );
    expect(redactUrl('/api/auth/recover')).toBe('/api/auth/recover');
  });
});

describe.each(DATABASES)('secrets and passwords on %s', (kind) => {
  describe('the JSON log', () => {
    let dataDir: string;
    let lines: string[];
    let generated: { username: string; password: string } | undefined;
    let app: Awaited<ReturnType<typeof buildApp>>;
    let dropDb: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-secrets-'));
      lines = [];
      let databaseUrl: string | undefined;
      if (kind === 'postgres') {
        // A fresh database of our own: the generated admin exists only where none was before.
        const t = await createTestApp('postgres');
        databaseUrl = t.config.databaseUrl;
        await t.app.ctx.db.deleteFrom('users').execute();
        await t.app.close();
        dropDb = async () => {
          await t.close().catch(() => undefined);
        };
      }
      const config = loadConfig({
        DATA_DIR: dataDir,
        STATIC_DIR: path.join(dataDir, 'no-static'),
        LOG_LEVEL: 'trace',
        PUBLIC_URL: 'http://ustno.test',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl, JWT_SECRET: TEST_JWT_SECRET } : {}),
      });
      app = await buildApp(config, {
        logStream: { write: (line) => void lines.push(line) },
        onAdminCreated: (username, password) => {
          generated = { username, password };
        },
      });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await dropDb?.();
      await fs.rm(dataDir, { recursive: true, force: true });
    });

    it('V16.2.5 the generated admin password goes to the terminal callback once, never into the log', async () => {
      expect(generated?.username).toBe('admin');
      const password = generated?.password ?? '';
      expect(password.length).toBeGreaterThanOrEqual(16);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/authenticate',
        payload: { username: 'admin', password },
      });
      expect(res.statusCode).toBe(200);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain(password);
    });

    it('V16.2.5 a recovery token in the path never reaches the log', async () => {
      const token = crypto.randomBytes(32).toString('base64url');
      await app.inject({ method: 'POST', url: `/api/auth/recover/${token}`, payload: { password: 'x' } });
      await app.inject({ method: 'GET', url: `/recover/${token}` });
      const log = lines.join('\n');
      expect(log).toContain('/api/auth/recover/***');
      expect(log).toContain('/recover/***');
      expect(log).not.toContain(token);
    });
  });

  describe('password policy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(async () => {
      await t.close();
    });

    const register = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register/student',
        payload: { ...userFields(), password, role: 'ROLE_STUDENT' },
      });

    it('V6.2.1 refuses passwords under 8 characters', async () => {
      const res = await register('Ab3-xyz');
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(ERROR_TEXT.passwordTooShort);
      expect((await register('Ab3-xyzw')).statusCode).toBe(200);
    });

    it.each(['password', 'Password1', 'qwertyuiop', '12345678', 'iloveyou1', 'sunshine'])(
      'V6.2.4 refuses the common password %s, whatever its case',
      async (password) => {
        expectMessage(await register(password), 400, ERROR_TEXT.passwordTooCommon);
      },
    );

    it('V6.2.4 applies to every way a password is set: own change, admin, recovery', async () => {
      const s = await registerAndLogin(t.app, 'teacher');
      expectMessage(
        await as(
          t.app,
          s,
        )({ method: 'PATCH', url: '/api/teacher/password', payload: { password: 'football' } }),
        400,
        ERROR_TEXT.passwordTooCommon,
      );
      expectMessage(
        await as(t.app, s)({ method: 'PATCH', url: '/api/teacher/password?password=baseball' }),
        400,
        ERROR_TEXT.passwordTooCommon,
      );
      const admin = await loginAdmin(t.app);
      expectMessage(
        await as(
          t.app,
          admin,
        )({
          method: 'PATCH',
          url: '/api/admin/teacher',
          payload: { ...s.fields, id: s.id, password: 'trustno1' },
        }),
        400,
        ERROR_TEXT.passwordTooCommon,
      );
      await t.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email: s.fields.email } });
      await t.app.ctx.background.drain();
      const [token] = await outboxRecoveryTokens(t.dataDir, s.fields.email, t.config.publicUrl);
      const recover = (password: string) =>
        t.app.inject({ method: 'POST', url: `/api/auth/recover/${token}`, payload: { password } });
      expectMessage(await recover('superman'), 400, ERROR_TEXT.passwordTooCommon);
      // The refused password did not use the link up.
      expect((await recover('Ustno-recovered-4')).statusCode).toBe(200);
    });

    it('refuses a weak ADMIN_PASSWORD at start', async () => {
      await expect(createTestApp(kind, { ADMIN_PASSWORD: 'password' })).rejects.toThrow(/ADMIN_PASSWORD/);
    });

    it('V9.1.1 an access token signed with the raw secret instead of the derived key is refused', async () => {
      const st = await createTestApp(kind, { JWT_SECRET: TEST_JWT_SECRET });
      try {
        const s = await registerAndLogin(st.app, 'student');
        const forged = await new SignJWT({ role: 'STUDENT' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(s.id))
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(crypto.createHash('sha256').update(TEST_JWT_SECRET).digest());
        expect(
          (await as(st.app, { token: forged })({ method: 'GET', url: '/api/auth/role' })).statusCode,
        ).toBe(401);
        expect((await as(st.app, s)({ method: 'GET', url: '/api/auth/role' })).statusCode).toBe(200);
      } finally {
        await st.close();
      }
    });
  });
});
