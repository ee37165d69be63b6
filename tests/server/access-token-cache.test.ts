import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_SECONDS, createAccessTokens } from '../../server/plugins/auth';
import { TEST_JWT_SECRET } from './helpers/tokens';

describe('access tokens verified once are kept until they expire', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the same claims again, and refuses the kept token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = createAccessTokens(TEST_JWT_SECRET);
    const token = await tokens.sign({ id: 7, role: 'TEACHER', tokenVersion: 2 });
    expect(await tokens.verify(token)).toEqual({ id: 7, role: 'TEACHER', tokenVersion: 2 });
    expect(await tokens.verify(token)).toEqual({ id: 7, role: 'TEACHER', tokenVersion: 2 });
    vi.setSystemTime(Date.now() + (ACCESS_TOKEN_SECONDS + 1) * 1000);
    await expect(tokens.verify(token)).rejects.toThrow();
  });

  it('V7.4.1 carries the refresh family and auth_time, the same from the cache as when first verified', async () => {
    const tokens = createAccessTokens(TEST_JWT_SECRET);
    const claims = {
      id: 7,
      role: 'STUDENT' as const,
      tokenVersion: 1,
      family: 'f-1',
      authTime: 1_790_000_000,
    };
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    // A token from before families were carried has neither.
    const legacy = await tokens.sign({ id: 7, role: 'STUDENT', tokenVersion: 1 });
    expect(await tokens.verify(legacy)).toStrictEqual({ id: 7, role: 'STUDENT', tokenVersion: 1 });
  });

  it('never takes a token that differs from a verified one in any byte', async () => {
    const tokens = createAccessTokens(TEST_JWT_SECRET);
    const token = await tokens.sign({ id: 7, role: 'STUDENT', tokenVersion: 0 });
    await tokens.verify(token);
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: '1', role: 'ADMIN', ver: 0, exp: 9_999_999_999 })).toString('base64url')}.${signature}`;
    await expect(tokens.verify(forged)).rejects.toThrow();
    await expect(tokens.verify(`${token}x`)).rejects.toThrow();
  });
});
