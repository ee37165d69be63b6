import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, QUERY_CACHE_MAX_AGE } from '@/lib/query-client';

describe('query client', () => {
  const client = createQueryClient();
  // Fake time: a month passes at once (a gcTime past setTimeout's limit would fire within 1 ms).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    client.clear();
    vi.useRealTimers();
  });

  it('keeps a prefetched query nobody observes yet (a route loader hands it to the screen)', async () => {
    await client.ensureQueryData({ queryKey: ['prefetched'], queryFn: () => Promise.resolve(42) });
    await vi.advanceTimersByTimeAsync(QUERY_CACHE_MAX_AGE);
    expect(client.getQueryData(['prefetched'])).toBe(42);
  });

  it('keeps data set by hand (a mutation answer)', async () => {
    client.setQueryData(['set'], { id: 1 });
    await vi.advanceTimersByTimeAsync(QUERY_CACHE_MAX_AGE);
    expect(client.getQueryData(['set'])).toEqual({ id: 1 });
  });
});
