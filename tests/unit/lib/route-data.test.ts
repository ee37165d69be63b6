import { onlineManager, QueryClient, queryOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorTexts } from '@/lib/api-errors';
import { ensureData, OfflineError, unlessOffline } from '@/lib/route-data';
import { ERROR_TEXT } from '@/shared/messages';

const client = () =>
  new QueryClient({
    defaultOptions: { queries: { networkMode: 'offlineFirst', retry: 2, gcTime: Infinity } },
  });

const examOptions = (queryFn: () => Promise<string>) => queryOptions({ queryKey: ['exam', 7], queryFn });

describe('a route loader’s data', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('offline with nothing on the device, fails at once instead of waiting for the network', async () => {
    onlineManager.setOnline(false);
    const queryFn = vi.fn(async () => 'from the server');
    const error = await ensureData(client(), examOptions(queryFn)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfflineError);
    expect(queryFn).not.toHaveBeenCalled();
    expect(errorTexts(error)).toEqual([ERROR_TEXT.offlineNotSaved]);
  });

  it('offline, gives what the device has', async () => {
    const c = client();
    c.setQueryData(['exam', 7], 'saved on the device');
    onlineManager.setOnline(false);
    await expect(
      ensureData(
        c,
        examOptions(async () => 'from the server'),
      ),
    ).resolves.toBe('saved on the device');
  });

  it('online, asks the server', async () => {
    await expect(
      ensureData(
        client(),
        examOptions(async () => 'from the server'),
      ),
    ).resolves.toBe('from the server');
  });

  it('lets a screen show its own failures, but not being offline with nothing saved', () => {
    expect(unlessOffline(new Error('404'))).toBeUndefined();
    expect(() => unlessOffline(new OfflineError())).toThrow(OfflineError);
  });
});
