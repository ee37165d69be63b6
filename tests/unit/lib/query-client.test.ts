import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';

describe('query client', () => {
  const client = createQueryClient();
  afterEach(() => client.clear());

  it('keeps a prefetched query nobody observes yet (a route loader hands it to the screen)', async () => {
    await client.ensureQueryData({ queryKey: ['prefetched'], queryFn: () => Promise.resolve(42) });
    await new Promise((r) => setTimeout(r, 50));
    expect(client.getQueryData(['prefetched'])).toBe(42);
  });

  it('keeps data set by hand (a mutation answer)', async () => {
    client.setQueryData(['set'], { id: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(client.getQueryData(['set'])).toEqual({ id: 1 });
  });
});
