// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { UploadStatus } from '@/shared/contract/student';
import { ApiError } from '@/lib/api-status';
import { type PartsTransport, sendInParts } from '@/lib/upload';

/** A server that keeps parts by number and can be told to drop the connection on a request. */
function fakeServer(options: { failOn?: (call: number) => boolean } = {}) {
  const parts = new Map<number, Uint8Array>();
  let recordingId: number | null = null;
  let calls = 0;
  const sent: number[] = [];
  const cut = () => {
    calls += 1;
    if (options.failOn?.(calls)) throw new ApiError(undefined, null);
  };
  const transport: PartsTransport = {
    async status(): Promise<UploadStatus> {
      cut();
      const held = [...parts.entries()].sort(([a], [b]) => a - b);
      return { parts: held.map(([part, b]) => ({ part, size: b.byteLength })), recordingId };
    },
    async putPart(part, bytes) {
      cut();
      sent.push(part);
      parts.set(part, new Uint8Array(await bytes.arrayBuffer()));
    },
    async complete() {
      cut();
      recordingId = 1;
    },
  };
  const joined = () => Buffer.concat([...parts.entries()].sort(([a], [b]) => a - b).map(([, b]) => b));
  return { transport, sent, joined, parts, isCompleted: () => recordingId !== null };
}

const bytes = (n: number) => new Blob([Uint8Array.from({ length: n }, (_, i) => i % 256)]);

describe('sendInParts', () => {
  it('sends every part in order, reports progress and completes', async () => {
    const server = fakeServer();
    const progress: number[] = [];
    const blob = bytes(1000);
    await sendInParts(server.transport, blob, { partBytes: 300, onProgress: (f) => progress.push(f) });
    expect(server.sent).toEqual([0, 1, 2, 3]);
    expect(server.joined().equals(Buffer.from(await blob.arrayBuffer()))).toBe(true);
    expect(server.isCompleted()).toBe(true);
    expect(progress.at(-1)).toBe(1);
  });

  it('resumes after a dropped connection with the parts the server lacks, never from the start', async () => {
    // The 4th request (the third part) is cut.
    const server = fakeServer({ failOn: (call) => call === 4 });
    const blob = bytes(1000);
    await expect(sendInParts(server.transport, blob, { partBytes: 300 })).rejects.toBeInstanceOf(ApiError);
    expect(server.sent).toEqual([0, 1]);
    await sendInParts(server.transport, blob, { partBytes: 300 });
    expect(server.sent).toEqual([0, 1, 2, 3]);
    expect(server.joined().equals(Buffer.from(await blob.arrayBuffer()))).toBe(true);
  });

  it('resends a part the server holds with another size, and stops at once when it is already completed', async () => {
    const server = fakeServer();
    server.parts.set(1, new Uint8Array(5));
    await sendInParts(server.transport, bytes(600), { partBytes: 300 });
    expect(server.sent).toEqual([0, 1]);
    server.sent.length = 0;
    await sendInParts(server.transport, bytes(600), { partBytes: 300 });
    expect(server.sent).toEqual([]);
  });

  it('runs one more round when the complete finds parts missing (409), then gives up', async () => {
    const server = fakeServer();
    let completes = 0;
    const transport: PartsTransport = {
      ...server.transport,
      async complete() {
        completes += 1;
        if (completes === 1) {
          server.parts.delete(0); // purged meanwhile
          throw new ApiError(409, { message: 'missing' });
        }
        await server.transport.complete();
      },
    };
    await sendInParts(transport, bytes(600), { partBytes: 300 });
    expect(server.sent).toEqual([0, 1, 0]);
    expect(completes).toBe(2);

    const refusing: PartsTransport = {
      ...fakeServer().transport,
      complete: () => Promise.reject(new ApiError(409, { message: 'missing' })),
    };
    await expect(sendInParts(refusing, bytes(10), { partBytes: 300 })).rejects.toMatchObject({ status: 409 });
  });
});
