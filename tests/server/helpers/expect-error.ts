import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

const CYRILLIC = /[А-Яа-яЁё]/;

/**
 * The answer is the given 4xx in one of the error shapes of docs/api.md, `{ message }` or
 * `{ errors: [...] }`, with Russian text; returns the texts.
 */
export function expectError(res: LightMyRequestResponse, status: number): string[] {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body: unknown = res.json();
  expect(body).toBeTypeOf('object');
  const texts =
    body !== null && typeof body === 'object' && 'errors' in body
      ? (body as { errors: unknown[] }).errors
      : [(body as { message?: unknown }).message];
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) {
    expect(text).toBeTypeOf('string');
    expect(text as string).toMatch(CYRILLIC);
  }
  return texts as string[];
}

/** `{ message }` with exactly this text and status. */
export function expectMessage(res: LightMyRequestResponse, status: number, message: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ message });
}
