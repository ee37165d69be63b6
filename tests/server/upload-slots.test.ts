import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupExam, type ExamSetup } from './helpers/recordings';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Requests carrying a recording's bytes wait for one of MAX_CONCURRENT_UPLOADS slots before their
 * body is read, over real sockets: a burst's bytes wait in TCP, not in the server's memory.
 */
describe('upload slots (MAX_CONCURRENT_UPLOADS=1), over HTTP', () => {
  let t: TestApp;
  let s: ExamSetup;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { MAX_CONCURRENT_UPLOADS: '1' });
    s = await setupExam(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  const partPath = (clientId: string) => `/api/student/uploads/${clientId}/parts/0`;

  /** A PUT of a 1 000-byte part whose body stops halfway until `finish` (or `drop`) is called. */
  function heldPart(clientId: string) {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      `PUT ${partPath(clientId)} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.student.token}\r\n` +
        'Content-Type: application/octet-stream\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n' +
        'a'.repeat(500),
    );
    return {
      finish: async () => {
        socket.write('a'.repeat(500));
        await closed;
        return answer;
      },
      drop: async () => {
        socket.destroy();
        await closed;
      },
    };
  }

  /**
   * A whole part over fetch; resolves with its status, and says whether it has answered yet and
   * what its answer's Server-Timing said.
   */
  function wholePart(clientId: string) {
    const state = { answered: false, timing: null as string | null };
    const status = fetch(`http://127.0.0.1:${port}${partPath(clientId)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${s.student.token}`, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(300),
    }).then((res) => {
      state.answered = true;
      state.timing = res.headers.get('server-timing');
      return res.status;
    });
    return { state, status };
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('a second upload waits until the first one is read and answered, then goes, and its answer says how long it waited', async () => {
    const first = heldPart(crypto.randomUUID());
    await pause(200);
    const second = wholePart(crypto.randomUUID());
    await pause(500);
    expect(second.state.answered).toBe(false);

    const firstAnswer = await first.finish();
    expect(firstAnswer).toMatch(/^HTTP\/1\.1 200/);
    expect(firstAnswer).toMatch(/^server-timing: slot;dur=\d+\r$/im);
    expect(await second.status).toBe(200);
    // The device leaves this out of its link's speed: it waited past the pause of 500 ms above.
    const [, waited] = /^slot;dur=(\d+)$/.exec(second.state.timing ?? '') ?? [];
    expect(Number(waited)).toBeGreaterThanOrEqual(100);
  });

  it('a connection dropped while holding the slot gives it back', async () => {
    const dropped = heldPart(crypto.randomUUID());
    await pause(200);
    const next = wholePart(crypto.randomUUID());
    await pause(300);
    expect(next.state.answered).toBe(false);
    await dropped.drop();
    expect(await next.status).toBe(200);
  });

  it('a connection dropped while waiting for the slot does not keep it', async () => {
    const holder = heldPart(crypto.randomUUID());
    await pause(200);
    const waiter = heldPart(crypto.randomUUID());
    await pause(200);
    await waiter.drop();
    expect(await holder.finish()).toMatch(/^HTTP\/1\.1 200/);
    // Were the dropped waiter holding the slot now, this would never be answered.
    expect(await wholePart(crypto.randomUUID()).status).toBe(200);
  });

  it('the slot is given back after a refused upload too', async () => {
    const refused = await fetch(`http://127.0.0.1:${port}${partPath('not-a-uuid')}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${s.student.token}`, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(10),
    });
    expect(refused.status).toBe(400);
    expect(await wholePart(crypto.randomUUID()).status).toBe(200);
  });
});
