import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '@/shared/messages';
import { createTestApp, DATABASES, registerAndLogin, uniqueName, type TestApp } from './helpers/test-app';

const LIMITS = {
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '30',
  LOGIN_WINDOW_MINUTES: '15',
  LOGIN_DELAY_MAX_SECONDS: '1',
};
const DEVICE_COOKIE = 'ustno_device';

interface SetCookie {
  name: string;
  value: string;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  expires?: Date;
  maxAge?: number;
}

const deviceCookie = (res: LightMyRequestResponse) =>
  (res.cookies as SetCookie[]).find((c) => c.name === DEVICE_COOKIE);

const statuses = (answers: { statusCode: number }[]) => {
  const count: Record<number, number> = {};
  for (const a of answers) count[a.statusCode] = (count[a.statusCode] ?? 0) + 1;
  return count;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASES)('guessing in parallel on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, LIMITS);
  });
  afterAll(async () => {
    await t.close();
  });

  let app = () => t;
  const attempt = (username: string, password: string, remoteAddress: string, device?: string) =>
    app().app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username, password },
      remoteAddress,
      ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
    });

  /** Takes the account to its failure limit from addresses of its own (`net`.x.1). */
  async function pastTheLimit(username: string, net: string) {
    for (let i = 0; i < 3; i++) {
      expect((await attempt(username, 'wrong-pass-a', `${net}.${i}.1`)).statusCode).toBe(403);
    }
  }

  it('V6.3.1 the per-address login limit counts an IPv6 /64 as one address, like every other limit', async () => {
    const answers = [];
    for (let i = 0; i < 40; i++) {
      answers.push(await attempt(uniqueName('v6'), 'wrong-pass-b', `2001:db8:7:1::${(i + 1).toString(16)}`));
    }
    expect(statuses(answers)).toEqual({ 403: 30, 429: 10 });
    const rows = await t.app.ctx.db
      .selectFrom('login_throttles')
      .select('key')
      .where('key', 'like', 'address:2001:db8:7:1%')
      .execute();
    expect(rows.map((r) => r.key)).toEqual(['address:2001:db8:7:1::']);
    // The next /64 is another address.
    expect((await attempt(uniqueName('v6'), 'wrong-pass-b', '2001:db8:7:2::1')).statusCode).toBe(403);
  });

  it('V6.3.1 past the account’s limit, 20 guesses from 20 addresses at once: one password check, the rest 429 at once with Retry-After', async () => {
    const s = await registerAndLogin(app().app, 'student');
    await pastTheLimit(s.fields.username, '10.30');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(s.fields.username, `wrong-pass-${i}`, `10.31.${i}.1`)),
    );
    expect(statuses(answers)).toEqual({ 403: 1, 429: 19 });
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json()).toEqual({ message: ERROR_TEXT.tooManyAttempts });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });

  it('V6.3.1 the checks past the limit are spaced by the delay: refused until Retry-After has passed, then checked', async () => {
    const s = await registerAndLogin(app().app, 'teacher');
    await pastTheLimit(s.fields.username, '10.32');
    expect((await attempt(s.fields.username, 'wrong-pass-c', '10.33.0.1')).statusCode).toBe(403);
    const refused = await attempt(s.fields.username, 'wrong-pass-d', '10.33.1.1');
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(2);
    await sleep(wait * 1000 + 100);
    expect((await attempt(s.fields.username, 'wrong-pass-e', '10.33.2.1')).statusCode).toBe(403);
  });

  describe('device cookies', () => {
    // A longer delay (2 s after the first check past the limit), so that the account stays held
    // while a test runs its few requests on a busy machine.
    let d: TestApp;
    beforeAll(async () => {
      d = await createTestApp(kind, { ...LIMITS, LOGIN_DELAY_MAX_SECONDS: '8' });
      app = () => d;
    });
    afterAll(async () => {
      app = () => t;
      await d.close();
    });
    it('V6.3.1 a successful login gives the device a cookie: HttpOnly, Secure, SameSite=Strict, sent only to the login', async () => {
      const s = await registerAndLogin(app().app, 'student');
      const res = await attempt(s.fields.username, s.fields.password, '10.40.0.1');
      expect(res.statusCode).toBe(200);
      const cookie = deviceCookie(res);
      expect(cookie).toMatchObject({
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
        path: '/api/auth/authenticate',
      });
      expect(cookie?.maxAge).toBe(180 * 86_400);
      // A failed login gives none.
      expect(deviceCookie(await attempt(s.fields.username, 'wrong-pass-f', '10.40.0.2'))).toBeUndefined();
    });

    it('V6.3.1 the owner’s device logs in at once while other addresses’ guesses hold the account; a new device waits', async () => {
      const s = await registerAndLogin(app().app, 'teacher');
      const device = deviceCookie(await attempt(s.fields.username, s.fields.password, '10.41.0.1'))?.value;
      expect(device).toBeTruthy();
      await pastTheLimit(s.fields.username, '10.42');
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => attempt(s.fields.username, 'wrong-pass-g', `10.43.${i}.1`)),
      );
      // A device never seen: held like the guesses.
      expect((await attempt(s.fields.username, s.fields.password, '10.44.0.1')).statusCode).toBe(429);
      // The owner's device, from yet another address (the phone changed networks): at once.
      const started = Date.now();
      const owner = await attempt(s.fields.username, s.fields.password, '10.44.0.2', device);
      expect(owner.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1500);
      // The owner's login does not open the account to the guessing: its count and hold stay.
      const account = await d.app.ctx.db
        .selectFrom('login_throttles')
        .select('hits')
        .where('key', '=', `account:${s.fields.username.toLowerCase()}`)
        .executeTakeFirst();
      expect(account?.hits).toBeGreaterThanOrEqual(4);
      expect((await attempt(s.fields.username, 'wrong-pass-h', '10.43.20.1')).statusCode).toBe(429);
    });

    it('V6.3.1 a device cookie counts for its own account only', async () => {
      const a = await registerAndLogin(app().app, 'student');
      const b = await registerAndLogin(app().app, 'student');
      const device = deviceCookie(await attempt(a.fields.username, a.fields.password, '10.45.0.1'))?.value;
      await pastTheLimit(b.fields.username, '10.46');
      await attempt(b.fields.username, 'wrong-pass-i', '10.47.0.1');
      expect((await attempt(b.fields.username, b.fields.password, '10.45.0.1', device)).statusCode).toBe(429);
    });

    it('V6.3.1 one device cookie holds several accounts of a shared device', async () => {
      const a = await registerAndLogin(app().app, 'student');
      const b = await registerAndLogin(app().app, 'student');
      const first = deviceCookie(await attempt(a.fields.username, a.fields.password, '10.48.0.1'))?.value;
      const both = deviceCookie(
        await attempt(b.fields.username, b.fields.password, '10.48.0.1', first),
      )?.value;
      expect(both).toBeTruthy();
      expect(both).not.toBe(first);
      await pastTheLimit(a.fields.username, '10.49');
      await attempt(a.fields.username, 'wrong-pass-j', '10.50.0.1');
      expect((await attempt(a.fields.username, a.fields.password, '10.48.0.1', both)).statusCode).toBe(200);
    });

    it('V6.3.1 a forged or altered device cookie is no device cookie', async () => {
      const s = await registerAndLogin(app().app, 'student');
      const device =
        deviceCookie(await attempt(s.fields.username, s.fields.password, '10.51.0.1'))?.value ?? '';
      await pastTheLimit(s.fields.username, '10.52');
      await attempt(s.fields.username, 'wrong-pass-k', '10.53.0.1');
      const altered = `${device.slice(0, -2)}${device.endsWith('AA') ? 'BB' : 'AA'}`;
      for (const forged of [
        altered,
        'x'.repeat(80),
        device.slice(1),
        `${device.split('.')[0]}.zzzzzz.${device.split('.')[2]}`,
      ]) {
        expect((await attempt(s.fields.username, s.fields.password, '10.51.0.1', forged)).statusCode).toBe(
          429,
        );
      }
    });

    it('V6.3.1 wrong passwords with the device cookie count against the cookie: past the limit it exempts no more', async () => {
      const s = await registerAndLogin(app().app, 'teacher');
      const device = deviceCookie(await attempt(s.fields.username, s.fields.password, '10.54.0.1'))?.value;
      await pastTheLimit(s.fields.username, '10.55');
      await attempt(s.fields.username, 'wrong-pass-l', '10.56.0.1');
      // A thief holding the cookie gets the per-account number of guesses, each from a new address.
      for (let i = 0; i < 3; i++) {
        expect(
          (await attempt(s.fields.username, `wrong-pass-m${i}`, `10.57.${i}.1`, device)).statusCode,
        ).toBe(403);
      }
      expect((await attempt(s.fields.username, s.fields.password, '10.57.9.1', device)).statusCode).toBe(429);
    });
  });
});
