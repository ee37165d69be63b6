import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { file, JPEG, PNG, storedObjects, upload } from './helpers/authoring';
import { setupExam, uploadOk, uploadMultipartRecording, validFields, webm } from './helpers/recordings';
import { as, createTestApp, DATABASES, registerAndLogin, userFields, type TestApp } from './helpers/test-app';

const MB = 1024 * 1024;
const mb = (bytes: number) => String(bytes / MB);

describe.each(DATABASES)('storage quotas on %s', (kind) => {
  let t: TestApp;
  // Room for a few small files / recordings, not for a big one.
  const TEACHER_QUOTA = 3000;
  const STUDENT_STORAGE = 10_000;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      TEACHER_QUOTA_MB: mb(TEACHER_QUOTA),
      STUDENT_STORAGE_MB: mb(STUDENT_STORAGE),
      STUDENT_RECORDINGS_PER_EXAM: '2',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const bigJpeg = (size: number) => Buffer.concat([JPEG, Buffer.alloc(size - JPEG.length)]);

  it('ASVS 2.3.2 / 5.2.1: a teacher’s files stop at TEACHER_QUOTA_MB with 413 and a Russian line; another teacher is not affected', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const other = await registerAndLogin(t.app, 'teacher');
    const first = await upload(t.app, teacher, [file('первый.jpg', bigJpeg(2000))]);
    expect(first.statusCode, first.body).toBe(200);
    const before = (await storedObjects(t)).length;

    const refused = await upload(t.app, teacher, [file('второй.jpg', bigJpeg(2000))]);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().errors).toEqual([
      'Файл «второй.jpg» не загружен: место для ваших файлов (0 МБ) закончилось. Удалите ненужные файлы',
    ]);
    expect(refused.json().files.map((f: { name: string }) => f.name)).toEqual(['первый.jpg']);
    expect(await storedObjects(t)).toHaveLength(before);

    // What still fits goes in; the rest of the same upload is refused on its own line.
    const mixed = await upload(t.app, teacher, [file('малый.png', PNG), file('третий.jpg', bigJpeg(2000))]);
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json().errors).toHaveLength(1);
    expect(
      mixed
        .json()
        .files.map((f: { name: string }) => f.name)
        .sort(),
    ).toEqual(['малый.png', 'первый.jpg']);

    expect((await upload(t.app, other, [file('чужой.jpg', bigJpeg(2000))])).statusCode).toBe(200);

    // Deleting makes room again.
    const id = (first.json().files as Array<{ id: number; name: string }>).find(
      (f) => f.name === 'первый.jpg',
    )!.id;
    const deleted = await as(
      t.app,
      teacher,
    )({ method: 'DELETE', url: `/api/teacher/file/${id}?page_size=10&page_number=0` });
    expect(deleted.statusCode).toBe(200);
    expect((await upload(t.app, teacher, [file('снова.jpg', bigJpeg(2000))])).statusCode).toBe(200);
  });

  it('ASVS 2.3.2: a student keeps at most STUDENT_RECORDINGS_PER_EXAM recordings per exam, then a final 409 (waiting will not clear it) on either upload; a replay still answers', async () => {
    const s = await setupExam(t.app);
    const clientId = crypto.randomUUID();
    await uploadOk(t.app, s, { clientId }, webm(1000));
    await uploadOk(t.app, s, {}, webm(1000));
    const refused = await uploadMultipartRecording(t.app, s.student, validFields(s), webm(1000));
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['retry-after']).toBeUndefined();
    expect(refused.json()).toEqual({
      message: 'Запись не принята: для этого экзамена уже сохранено 2 ваших записей',
    });
    // The same through the resumable upload.
    const parted = crypto.randomUUID();
    const bytes = webm(1000);
    const part = await as(
      t.app,
      s.student,
    )({
      method: 'PUT',
      url: `/api/student/uploads/${parted}/parts/0`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(part.statusCode, part.body).toBe(200);
    const completed = await as(
      t.app,
      s.student,
    )({
      method: 'POST',
      url: `/api/student/uploads/${parted}/complete`,
      payload: { examID: s.exam.id, variantID: s.variant.id, duration: 5, parts: 1, size: bytes.length },
    });
    expect(completed.statusCode).toBe(409);
    expect(completed.json()).toEqual(refused.json());
    // The device that did not hear the first answer sends it again: the same recording.
    const replay = await uploadMultipartRecording(t.app, s.student, validFields(s, { clientId }), webm(1000));
    expect(replay.statusCode, replay.body).toBe(200);
  });

  it('ASVS 2.3.2 / 5.2.1: a student’s recordings stop at STUDENT_STORAGE_MB with 413; nothing of the refused one stays', async () => {
    const s = await setupExam(t.app);
    await uploadOk(t.app, s, {}, webm(6000));
    const before = (await storedObjects(t)).length;
    const refused = await uploadMultipartRecording(t.app, s.student, validFields(s), webm(6000));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toMatch(
      /^Запись не принята: место для ваших записей \(.+ МБ\) закончилось/,
    );
    expect(await storedObjects(t)).toHaveLength(before);
    // A smaller one still fits.
    await uploadOk(t.app, s, {}, webm(3000));
  });

  it('ASVS 2.3.2: parts of uploads never completed count towards STUDENT_STORAGE_MB (many unfinished uploads cannot fill the disk)', async () => {
    const s = await setupExam(t.app);
    const put = (clientId: string, part: number, size: number) =>
      as(
        t.app,
        s.student,
      )({
        method: 'PUT',
        url: `/api/student/uploads/${clientId}/parts/${part}`,
        headers: { 'content-type': 'application/octet-stream' },
        payload: webm(size),
      });
    expect((await put(crypto.randomUUID(), 0, 4000)).statusCode).toBe(200);
    const second = crypto.randomUUID();
    expect((await put(second, 0, 4000)).statusCode).toBe(200);
    // The same part again replaces itself: it does not count twice.
    expect((await put(second, 0, 4000)).statusCode).toBe(200);
    const before = (await storedObjects(t)).length;
    const refused = await put(crypto.randomUUID(), 0, 4000);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toMatch(/^Запись не принята: место для ваших записей/);
    expect(await storedObjects(t)).toHaveLength(before);
  });
});

describe('rate limits per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      REGISTRATIONS_PER_HOUR: '3',
      RECOVERIES_PER_HOUR: '2',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (address: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register/student', remoteAddress: address, payload });

  it('ASVS 2.4.1: REGISTRATIONS_PER_HOUR registrations (refused ones too), then 429 with Retry-After', async () => {
    const address = '203.0.113.7';
    expect((await register(address, { ...userFields(), role: 'ROLE_STUDENT' })).statusCode).toBe(200);
    expect((await register(address, { role: 'ROLE_STUDENT' })).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/register/teacher',
          remoteAddress: address,
          payload: { ...userFields(), role: 'ROLE_TEACHER' },
        })
      ).statusCode,
    ).toBe(200);
    const refused = await register(address, { ...userFields(), role: 'ROLE_STUDENT' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Слишком много регистраций с этого адреса\. Повторите через \d+ мин$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Another address (another school) is counted on its own; IPv6 counts by its /64.
    expect((await register('198.51.100.9', { ...userFields(), role: 'ROLE_STUDENT' })).statusCode).toBe(200);
    for (let i = 1; i <= 3; i++) {
      expect(
        (await register(`2001:db8:1:2::${i}`, { ...userFields(), role: 'ROLE_STUDENT' })).statusCode,
      ).toBe(200);
    }
    expect((await register('2001:db8:1:2::99', { ...userFields(), role: 'ROLE_STUDENT' })).statusCode).toBe(
      429,
    );
  });

  it('ASVS 2.4.1: RECOVERIES_PER_HOUR recovery requests, then 429 in Russian', async () => {
    const recover = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/recover',
        remoteAddress: address,
        payload: { email: 'nobody@example.ru' },
      });
    expect((await recover('192.0.2.1')).statusCode).toBe(200);
    expect((await recover('192.0.2.1')).statusCode).toBe(200);
    const refused = await recover('192.0.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Слишком много запросов на восстановление пароля с этого адреса\. Повторите через \d+ мин$/,
    );
    expect((await recover('192.0.2.2')).statusCode).toBe(200);
  });
});

describe.each(DATABASES)('students created per teacher on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { TEACHER_STUDENTS_PER_HOUR: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (teacher: { token: string }, fields: object = userFields()) =>
    as(t.app, teacher)({ method: 'POST', url: '/api/teacher/students', payload: fields });
  const students = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('role', '=', 'STUDENT')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('V2.4.1: TEACHER_STUDENTS_PER_HOUR students per teacher (a taken login counts too), then 429 with Retry-After', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    const first = userFields();
    expect((await create(teacher, first)).statusCode).toBe(200);
    expect((await create(teacher)).statusCode).toBe(200);
    // Refused by the service (the login is taken): an attempt at minting an account all the same.
    expect((await create(teacher, { ...userFields(), username: first.username })).statusCode).toBe(409);
    const before = await students();
    const refused = await create(teacher);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Слишком много новых учеников за час\. Повторите через \d+ мин$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await students()).toBe(before);
    // Each teacher has an hour of their own; a body the schema refuses never reaches the count.
    const other = await registerAndLogin(t.app, 'teacher');
    for (let i = 0; i < 3; i++) {
      expect((await create(other, { username: 'x' })).statusCode).toBe(400);
    }
    for (let i = 0; i < 3; i++) expect((await create(other)).statusCode).toBe(200);
    expect((await create(other)).statusCode).toBe(429);
  });

  it('V2.4.1: TEACHER_STUDENTS_PER_HOUR is 100 by default', () => {
    expect(loadConfig({}).teacherStudentsPerHour).toBe(100);
  });
});

describe('slow requests', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { REQUEST_TIMEOUT_SECONDS: '1', CONNECTION_TIMEOUT_SECONDS: '0.5' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Opens a connection, sends `head`, then one byte every `dripMs`; answers what came back and when. */
  function slowClient(head: string, dripMs: number | null): Promise<{ answer: string; ms: number }> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
      let answer = '';
      const drip = dripMs === null ? undefined : setInterval(() => socket.write('a'), dripMs);
      socket.on('data', (d) => (answer += d.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(drip);
        resolve({ answer, ms: Date.now() - started });
      });
    });
  }

  const head =
    'POST /api/auth/authenticate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{';

  it('ASVS 15.2.2: a body trickling in slower than REQUEST_TIMEOUT_SECONDS is cut off with 408', async () => {
    const { answer, ms } = await slowClient(head, 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(5000);
  });

  it('ASVS 15.2.2: a connection silent for CONNECTION_TIMEOUT_SECONDS is closed', async () => {
    const { ms } = await slowClient(head, null);
    expect(ms).toBeGreaterThanOrEqual(400);
    expect(ms).toBeLessThan(5000);
  });
});
