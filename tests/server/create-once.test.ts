import { describe, expect, it, vi } from 'vitest';
import { createOnce } from '../../server/lib/create-once';

/** The once-per-client-id rule every upload and import relies on. */
describe('createOnce', () => {
  it('answers what the id made already, without creating', async () => {
    const create = vi.fn(async () => 'new');
    expect(await createOnce(async () => 'earlier', create)).toBe('earlier');
    expect(create).not.toHaveBeenCalled();
  });

  it('spares the first lookup when the caller knows nothing was made, and still looks after a failed creation', async () => {
    const find = vi.fn(async () => undefined as string | undefined);
    expect(await createOnce(find, async () => 'new', true)).toBe('new');
    expect(find).not.toHaveBeenCalled();

    find.mockResolvedValueOnce('winner');
    const lost = createOnce(
      find,
      async () => {
        throw new Error('unique violation');
      },
      true,
    );
    await expect(lost).resolves.toBe('winner');
    expect(find).toHaveBeenCalledTimes(1);
  });

  it('lets the failure stand when nobody else made it', async () => {
    const failure = new Error('disk full');
    await expect(
      createOnce(
        async () => undefined,
        async () => {
          throw failure;
        },
      ),
    ).rejects.toBe(failure);
  });
});
