import { e2eEnv } from './env';

export interface TestUser {
  username: string;
  password: string;
  email: string;
  name: string;
  surname: string;
  patronymic: string;
}

export const newUser = (tag: string, suffix: string): TestUser => ({
  username: `${tag}_${suffix}`,
  password: `pass-${suffix}`,
  email: `${tag}.${suffix}@example.ru`,
  name: 'Тест',
  surname: `Тестов${tag}`,
  patronymic: 'Тестович',
});

async function post(path: string, body: unknown, token?: string): Promise<unknown> {
  const res = await fetch(`${e2eEnv().baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

/** Registers through the API (set-up for tests about something else). */
export async function registerUser(user: TestUser, role: 'TEACHER' | 'STUDENT'): Promise<{ id: number }> {
  const path = role === 'TEACHER' ? '/api/auth/register/teacher' : '/api/auth/register/student';
  return (await post(path, { ...user, role: `ROLE_${role}` })) as { id: number };
}

/** Logs in through the API: the server records a login event. */
export async function loginUser(user: { username: string; password: string }) {
  return (await post('/api/auth/authenticate', { username: user.username, password: user.password })) as {
    access_token: string;
    role: string;
  };
}

/** The user an `authorization: Bearer <jwt>` header speaks for (the token's subject), or null. */
export function bearerSubject(authorization: string | null | undefined): string | null {
  const payload = authorization?.replace(/^Bearer\s+/i, '').split('.')[1];
  if (!payload) return null;
  try {
    const { sub } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}
