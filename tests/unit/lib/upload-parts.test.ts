// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { UploadStatus } from '@/shared/contract/student';
import { ApiError } from '@/lib/api-status';
import { nextPartBytes, type PartsTransport, sendInParts, serverSlotWaitMs } from '@/lib/upload';

/** A server that keeps parts by number and can be told to drop the connection on a request. */
function fakeServer(options: { failOn?: (call: number) => boolean } = {}) {
  const parts = new Map<number, Uint8Array>();
  let recordingId: number | null = null;
  let calls = 0;
  const sent: number[] = [];
  /** Each part sent: its number, where it starts and its size. */
  const placed: { part: number; offset: number; size: number }[] = [];
  let completedWith: number | null = null;
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
    async putPart(part, bytes, offset) {
      cut();
      sent.push(part);
      placed.push({ part, offset, size: bytes.size });
      parts.set(part, new Uint8Array(await bytes.arrayBuffer()));
      return 0;
    },
    async complete(count) {
      cut();
      completedWith = count;
      recordingId = 1;
    },
  };
  /** Parts 0..n-1 of the complete, joined in order. */
  const joined = () =>
    Buffer.concat(
      [...parts.entries()]
        .filter(([part]) => completedWith === null || part < completedWith)
        .sort(([a], [b]) => a - b)
        .map(([, b]) => b),
    );
  return {
    transport,
    sent,
    placed,
    joined,
    parts,
    isCompleted: () => recordingId !== null,
    completedWith: () => completedWith,
  };
}

const bytes = (n: number) => new Blob([Uint8Array.from({ length: n }, (_, i) => i % 256)]);

describe('sendInParts', () => {
  it('sends every part in order, reports progress and completes', async () => {
    const server = fakeServer();
    const progress: number[] = [];
    const blob = bytes(1000);
    await sendInParts(server.transport, blob, {
      partBytes: 300,
      maxPartBytes: 300,
      onProgress: (f) => progress.push(f),
    });
    expect(server.sent).toEqual([0, 1, 2, 3]);
    expect(server.joined().equals(Buffer.from(await blob.arrayBuffer()))).toBe(true);
    expect(server.isCompleted()).toBe(true);
    expect(progress.at(-1)).toBe(1);
  });

  it('resumes after a dropped connection with the parts the server lacks, never from the start', async () => {
    // The 4th request (the third part) is cut.
    const server = fakeServer({ failOn: (call) => call === 4 });
    const blob = bytes(1000);
    await expect(
      sendInParts(server.transport, blob, { partBytes: 300, maxPartBytes: 300 }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(server.sent).toEqual([0, 1]);
    await sendInParts(server.transport, blob, { partBytes: 300, maxPartBytes: 300 });
    expect(server.sent).toEqual([0, 1, 2, 3]);
    expect(server.joined().equals(Buffer.from(await blob.arrayBuffer()))).toBe(true);
  });

  it('resends a part the server holds with another size, and stops at once when it is already completed', async () => {
    const server = fakeServer();
    server.parts.set(1, new Uint8Array(5));
    await sendInParts(server.transport, bytes(600), { partBytes: 300, maxPartBytes: 300 });
    expect(server.sent).toEqual([0, 1]);
    server.sent.length = 0;
    await sendInParts(server.transport, bytes(600), { partBytes: 300, maxPartBytes: 300 });
    expect(server.sent).toEqual([]);
  });

  it('a fresh upload asks nothing first; its second round (parts missing) asks what the server holds', async () => {
    const server = fakeServer();
    let statuses = 0;
    let completes = 0;
    const transport: PartsTransport = {
      ...server.transport,
      async status() {
        statuses += 1;
        return server.transport.status();
      },
      async complete(parts) {
        completes += 1;
        if (completes === 1) {
          server.parts.delete(1); // purged meanwhile
          throw new ApiError(409, { message: 'missing' });
        }
        await server.transport.complete(parts);
      },
    };
    await sendInParts(transport, bytes(900), { partBytes: 300, maxPartBytes: 300, fresh: true });
    expect(statuses).toBe(1);
    // The second round sends only the part the server lost.
    expect(server.sent).toEqual([0, 1, 2, 1]);
    expect(server.isCompleted()).toBe(true);
  });

  it('runs one more round when the complete finds parts missing (409), then gives up', async () => {
    const server = fakeServer();
    let completes = 0;
    const transport: PartsTransport = {
      ...server.transport,
      async complete(parts) {
        completes += 1;
        if (completes === 1) {
          server.parts.delete(0); // purged meanwhile
          throw new ApiError(409, { message: 'missing' });
        }
        await server.transport.complete(parts);
      },
    };
    await sendInParts(transport, bytes(600), { partBytes: 300, maxPartBytes: 300 });
    expect(server.sent).toEqual([0, 1, 0]);
    expect(completes).toBe(2);

    const refusing: PartsTransport = {
      ...fakeServer().transport,
      complete: () => Promise.reject(new ApiError(409, { message: 'missing' })),
    };
    await expect(
      sendInParts(refusing, bytes(10), { partBytes: 300, maxPartBytes: 300 }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('grows the parts in whole units while the link carries them quickly, each at its offset', async () => {
    const server = fakeServer();
    // Each part takes 1 s per 300 bytes: 1 200 bytes in the 4 s a part may take.
    let clock = 0;
    const timed: PartsTransport = {
      ...server.transport,
      async putPart(part, bytes, offset) {
        clock += (bytes.size / 300) * 1000;
        return server.transport.putPart(part, bytes, offset);
      },
    };
    const blob = bytes(3000);
    await sendInParts(timed, blob, { partBytes: 300, maxPartBytes: 3000, now: () => clock });
    expect(server.placed).toEqual([
      { part: 0, offset: 0, size: 300 },
      { part: 1, offset: 300, size: 1200 },
      { part: 2, offset: 1500, size: 1200 },
      { part: 3, offset: 2700, size: 300 },
    ]);
    expect(server.completedWith()).toBe(4);
    expect(server.joined().equals(Buffer.from(await blob.arrayBuffer()))).toBe(true);
  });

  it('leaves out the time the server says it held a part unread: a queue is not a slow link', async () => {
    const server = fakeServer();
    // 300 bytes a second on the link, and each part held 10 s in the server's queue first.
    let clock = 0;
    const queued: PartsTransport = {
      ...server.transport,
      async putPart(part, bytes, offset) {
        clock += 10_000 + (bytes.size / 300) * 1000;
        await server.transport.putPart(part, bytes, offset);
        return 10_000;
      },
    };
    await sendInParts(queued, bytes(3000), { partBytes: 300, maxPartBytes: 3000, now: () => clock });
    // Its bytes may have crossed the link while it waited: after a wait a part at most doubles.
    expect(server.placed.map((p) => p.size)).toEqual([300, 600, 1200, 900]);
  });

  it('after a wait at the server, a part grows at most twofold, however fast its link looked', () => {
    // 300 bytes in 10 s, of which 9.99 s in the server's queue: 1 200 000 bytes in 4 s by the link.
    expect(nextPartBytes(300, 10_000, 300, 3000, 9_990)).toBe(600);
    expect(nextPartBytes(600, 10_000, 300, 3000, 10_000)).toBe(1200);
    // A short last part doubles from one unit.
    expect(nextPartBytes(100, 10_000, 300, 3000, 10_000)).toBe(600);
    // No wait: the link's own rule, up to the largest at once.
    expect(nextPartBytes(300, 1, 300, 3000)).toBe(3000);
  });

  it('reads the slot wait of a Server-Timing header, and nothing else as one', () => {
    expect(serverSlotWaitMs('slot;dur=1234')).toBe(1234);
    expect(serverSlotWaitMs('db;dur=5, slot;desc="upload";dur=12.5')).toBe(12.5);
    expect(serverSlotWaitMs('db;dur=5')).toBe(0);
    expect(serverSlotWaitMs('slot')).toBe(0);
    expect(serverSlotWaitMs('slot;dur=-3')).toBe(0);
    expect(serverSlotWaitMs('slot;dur=abc')).toBe(0);
    expect(serverSlotWaitMs(null)).toBe(0);
  });

  it('keeps the first size on a slow link, and never passes the largest part', async () => {
    const slow = fakeServer();
    let clock = 0;
    await sendInParts(
      {
        ...slow.transport,
        async putPart(part, bytes, offset) {
          clock += (bytes.size / 300) * 5000; // 300 bytes in 5 s
          return slow.transport.putPart(part, bytes, offset);
        },
      },
      bytes(1000),
      { partBytes: 300, maxPartBytes: 3000, now: () => clock },
    );
    expect(slow.placed.map((p) => p.size)).toEqual([300, 300, 300, 100]);

    const fast = fakeServer();
    await sendInParts(fast.transport, bytes(5000), { partBytes: 300, maxPartBytes: 900, now: () => 0 });
    expect(fast.placed.map((p) => p.size)).toEqual([300, 900, 900, 900, 900, 900, 200]);
  });

  it('resumes after parts of several sizes: keeps the whole ones the server holds, resends the rest', async () => {
    const server = fakeServer();
    const blob = bytes(2000);
    const all = new Uint8Array(await blob.arrayBuffer());
    // An earlier attempt: 300, then 900 bytes; then a part cut to 50 bytes by a broken sender.
    server.parts.set(0, all.slice(0, 300));
    server.parts.set(1, all.slice(300, 1200));
    server.parts.set(2, all.slice(1200, 1250));
    await sendInParts(server.transport, blob, { partBytes: 300, maxPartBytes: 900, now: () => 0 });
    // Each attempt's first part is of the first size again: the link is measured anew.
    expect(server.placed).toEqual([
      { part: 2, offset: 1200, size: 300 },
      { part: 3, offset: 1500, size: 500 },
    ]);
    expect(server.completedWith()).toBe(4);
    expect(server.joined().equals(Buffer.from(all))).toBe(true);
  });
});
