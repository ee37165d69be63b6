import { describe, expect, it } from 'vitest';
import { parseIdParam, stringifyIdParam } from '@/lib/route-params';

describe('parseIdParam', () => {
  it('accepts positive integers', () => {
    expect(parseIdParam({ id: '1' })).toEqual({ id: 1 });
    expect(parseIdParam({ id: '2147483647' })).toEqual({ id: 2147483647 });
  });

  it('refuses anything else, so the route does not match', () => {
    for (const id of ['abc', '', '0', '-1', '1.5', '1e3', '01', ' 1', '2147483648', '99999999999']) {
      expect(parseIdParam({ id })).toBe(false);
    }
  });

  it('stringifies back', () => {
    expect(stringifyIdParam({ id: 42 })).toEqual({ id: '42' });
  });
});
