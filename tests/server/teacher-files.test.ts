import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaSigner } from '../../server/lib/media-url';
import {
  file,
  JPEG,
  MP3,
  PNG,
  storedObjects,
  upload,
  uploadOne,
  wav,
  type FileDto,
} from './helpers/authoring';
import { expectError } from './helpers/expect-error';
import {
  as,
  createTestApp,
  STORAGE_BACKENDS,
  registerAndLogin,
  registerTeachersAndStudent,
  type Caller,
  type TestApp,
} from './helpers/test-app';

const JWT_SECRET = 'teacher-files-test-secret-of-at-least-32-bytes';
/** 64 KiB per file in these tests. */
const MAX_FILE_MB = '0.0625';
const MAX_BYTES = 64 * 1024;

describe.each(STORAGE_BACKENDS)('teacher files on %s', (kind) => {
  let t: TestApp;
  let teacher: Caller;
  let other: Caller;
  let student: Caller;

  beforeAll(async () => {
    t = await createTestApp(kind, { JWT_SECRET, MAX_FILE_MB, MEDIA_URL_TTL_SECONDS: '600' });
    ({ teacher, other, student } = await registerTeachersAndStudent(t.app));
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (caller: Caller | null, url: string) => as(t.app, caller)({ method: 'GET', url });

  describe('upload', () => {
    it('stores images and audio, typed from their bytes, and answers the page', async () => {
      const res = await upload(t.app, teacher, [
        file('картинка.png', PNG, 'text/html'),
        file('photo.jpg', JPEG),
        file('голос.wav', wav(2000), 'image/png'),
        file('song.mp3', MP3),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.errors).toEqual([]);
      expect(body.page).toBe(0);
      expect(body.pages).toBe(1);
      const byName = Object.fromEntries((body.files as FileDto[]).map((f) => [f.name, f]));
      expect(byName['картинка.png'].type).toBe('image/png');
      expect(byName['photo.jpg'].type).toBe('image/jpeg');
      expect(byName['голос.wav'].type).toBe('audio/wav');
      expect(byName['song.mp3'].type).toBe('audio/mpeg');
      expect(byName['картинка.png'].access).toMatch(/^\/api\/files\/\d+\/content\?exp=\d+&sig=[\w-]+$/);
    });

    it('recognises every served format by its signature', async () => {
      const pad = (head: Buffer) => Buffer.concat([head, Buffer.alloc(32)]);
      const riff = (kind: string) =>
        pad(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from(kind)]));
      const ftyp = (brand: string) =>
        pad(Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from(`ftyp${brand}`)]));
      const cases: Array<[string, Buffer, string | null]> = [
        ['a.gif', pad(Buffer.from('GIF89a')), 'image/gif'],
        ['a.webp', riff('WEBP'), 'image/webp'],
        ['a.avif', ftyp('avif'), 'image/avif'],
        ['a.heic', ftyp('heic'), null],
        ['a.m4a', ftyp('M4A '), 'audio/mp4'],
        ['a.mp4', ftyp('isom'), 'audio/mp4'],
        ['a.ogg', pad(Buffer.from('OggS')), 'audio/ogg'],
        ['a.flac', pad(Buffer.from('fLaC')), 'audio/flac'],
        ['a.webm', pad(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])), 'audio/webm'],
        ['frame.mp3', pad(Buffer.from([0xff, 0xfb, 0x90, 0x64])), 'audio/mpeg'],
        ['adts.aac', pad(Buffer.from([0xff, 0xf1, 0x50, 0x80])), null],
        ['a.avi', riff('AVI '), null],
        ['a.html', pad(Buffer.from('<!DOCTYPE html><script>alert(1)</script>')), null],
      ];
      const author = await registerAndLogin(t.app, 'teacher');
      const res = await upload(
        t.app,
        author,
        cases.map(([name, data]) => file(name, data)),
      );
      const stored = new Map((res.json().files as FileDto[]).map((f) => [f.name, f.type]));
      for (const [name, , type] of cases) expect(stored.get(name) ?? null, name).toBe(type);
      expect(res.json().errors).toHaveLength(cases.filter(([, , type]) => type === null).length);
    });

    it('refuses an oversize file, stores nothing of it, and answers 413 with a per-file error', async () => {
      const before = await storedObjects(t);
      const res = await upload(t.app, teacher, [file('big.wav', wav(MAX_BYTES))]);
      expect(res.statusCode, res.body).toBe(413);
      const body = res.json();
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0]).toContain('big.wav');
      expect(body.errors[0]).toMatch(/МБ/);
      expect((body.files as FileDto[]).some((f) => f.name === 'big.wav')).toBe(false);
      expect(await storedObjects(t)).toEqual(before);
    });

    it('accepts a file of exactly the cap', async () => {
      const exact = wav((MAX_BYTES - 44) / 2);
      expect(exact.length).toBe(MAX_BYTES);
      const res = await upload(t.app, teacher, [file('exact.wav', exact)]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().errors).toEqual([]);
    });

    it('refuses files whose bytes are not a served type (415), whatever their name', async () => {
      const before = await storedObjects(t);
      const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]);
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>';
      const res = await upload(t.app, teacher, [
        file('setup.exe', exe),
        file('notes.png', 'just some text, not a picture', 'image/png'),
        file('logo.svg', svg, 'image/svg+xml'),
        file('empty.png', ''),
      ]);
      expect(res.statusCode, res.body).toBe(415);
      const errors: string[] = res.json().errors;
      expect(errors).toHaveLength(4);
      for (const name of ['setup.exe', 'notes.png', 'logo.svg', 'empty.png']) {
        expect(errors.some((e) => e.includes(name))).toBe(true);
      }
      expect(await storedObjects(t)).toEqual(before);
    });

    it('stores the good files of a mixed batch and reports the others (200)', async () => {
      const res = await upload(t.app, teacher, [
        file('good-1.png', PNG),
        file('bad.txt', 'hello'),
        file('huge.wav', wav(MAX_BYTES)),
        file('good-2.mp3', MP3),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.errors).toHaveLength(2);
      const names = (body.files as FileDto[]).map((f) => f.name);
      expect(names).toContain('good-1.png');
      expect(names).toContain('good-2.mp3');
      expect(names).not.toContain('bad.txt');
      expect(names).not.toContain('huge.wav');
    });

    it('stores at most 50 files per request and reports the rest', async () => {
      const author = await registerAndLogin(t.app, 'teacher');
      const parts = Array.from({ length: 52 }, (_, i) => file(`many-${String(i).padStart(2, '0')}.png`, PNG));
      const res = await upload(t.app, author, parts);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().errors).toEqual([
        'За один раз можно загрузить не больше 50 файлов, остальные пропущены',
      ]);
      expect(res.json().files).toHaveLength(50);
    });

    it('keeps a path-like or long name only as a harmless display name', async () => {
      const res = await upload(t.app, teacher, [
        file('../../etc/passwd.png', PNG),
        file(`${'я'.repeat(400)}.png`, PNG),
        file('ev\u202eil\u0007.png', PNG),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const names = (res.json().files as FileDto[]).map((f) => f.name);
      expect(names).toContain('passwd.png');
      expect(names.some((n) => n.includes('/') || n.includes('..'))).toBe(false);
      expect(names.find((n) => n.startsWith('яяя'))?.length).toBe(255);
      expect(names).toContain('evil.png');
      // Nothing was written outside the storage folder, and stored names are generated.
      await expect(fs.stat(path.join(t.dataDir, 'etc'))).rejects.toThrow();
      for (const object of await storedObjects(t)) {
        expect(object).toMatch(/^files\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
      }
    });

    it('ignores an empty, nameless part and other form fields; no file parts answer the page', async () => {
      const res = await upload(t.app, teacher, [
        { name: 'note', data: 'hello' },
        { name: 'files', filename: '', data: '' },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().errors).toEqual([]);

      const none = await as(
        t.app,
        teacher,
      )({ method: 'POST', url: '/api/teacher/files?page_size=5&page_number=0' });
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json()).toMatchObject({ page: 0, errors: [] });
      expect(none.json().files).toHaveLength(5);
    });

    it('answers 415 for a body that is not multipart, 400 for a broken one and a bad page query', async () => {
      const json = await as(
        t.app,
        teacher,
      )({
        method: 'POST',
        url: '/api/teacher/files?page_size=10&page_number=0',
        payload: { files: [] },
      });
      expectError(json, 415);

      // A body cut off inside a file part: refused, and the partial object is gone.
      const before = await storedObjects(t);
      const broken = await as(
        t.app,
        teacher,
      )({
        method: 'POST',
        url: '/api/teacher/files?page_size=10&page_number=0',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        payload: Buffer.concat([
          Buffer.from('--xyz\r\nContent-Disposition: form-data; name="files"; filename="cut.png"\r\n\r\n'),
          PNG,
        ]),
      });
      expectError(broken, 400);
      expect(await storedObjects(t)).toEqual(before);

      const badQuery = await upload(t.app, teacher, [file('a.png', PNG)], 'page_size=0&page_number=0');
      expectError(badQuery, 400);
    });

    it('refuses uploads without a token (401) and from a student (403)', async () => {
      const before = await storedObjects(t);
      expectError(await upload(t.app, null, [file('a.png', PNG)]), 401);
      expectError(await upload(t.app, student, [file('a.png', PNG)]), 403);
      expect(await storedObjects(t)).toEqual(before);
    });
  });

  describe('lists, rename and delete', () => {
    let mine: FileDto;

    beforeAll(async () => {
      mine = await uploadOne(t.app, teacher, 'Ёлка зимой.png', PNG);
      await uploadOne(t.app, other, 'чужой.png', PNG);
    });

    it('lists only the teacher’s files, by name, paged', async () => {
      const res = await get(teacher, '/api/teacher/files?page_size=2&page_number=0');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.files).toHaveLength(2);
      expect(body.pages).toBeGreaterThan(1);
      const all = await get(teacher, '/api/teacher/files?page_size=100&page_number=0');
      const names = (all.json().files as FileDto[]).map((f) => f.name);
      expect(names).not.toContain('чужой.png');
      const folded = names.map((n) => n.toLowerCase().replace(/ё/g, 'е'));
      expect(folded).toEqual([...folded].sort());
      const past = await get(teacher, '/api/teacher/files?page_size=100&page_number=50');
      expect(past.json().files).toEqual([]);
      expect(past.json().pages).toBe(all.json().pages);
    });

    it('searches case-insensitively with ё = е', async () => {
      const res = await get(
        teacher,
        `/api/teacher/files/search?page_size=10&page_number=0&search_string=${encodeURIComponent('ЕЛКА')}`,
      );
      expect(res.statusCode).toBe(200);
      expect((res.json().files as FileDto[]).map((f) => f.id)).toEqual([mine.id]);
      const none = await get(
        teacher,
        `/api/teacher/files/search?page_size=10&page_number=0&search_string=${encodeURIComponent('чужой')}`,
      );
      expect(none.json()).toMatchObject({ pages: 0, files: [] });
    });

    it('rejects bad list queries (400), no token (401), a student (403)', async () => {
      expectError(await get(teacher, '/api/teacher/files?page_size=101&page_number=0'), 400);
      expectError(await get(teacher, '/api/teacher/files?page_size=5&page_number=-1'), 400);
      expectError(await get(null, '/api/teacher/files?page_size=5&page_number=0'), 401);
      expectError(
        await get(student, '/api/teacher/files/search?page_size=5&page_number=0&search_string=a'),
        403,
      );
    });

    it('renames a file and answers the page', async () => {
      const res = await as(
        t.app,
        teacher,
      )({
        method: 'PATCH',
        url: '/api/teacher/files?page_size=100&page_number=0',
        payload: { id: mine.id, name: '  Ёлка летом.png ' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const renamed = (res.json().files as FileDto[]).find((f) => f.id === mine.id);
      expect(renamed?.name).toBe('Ёлка летом.png');
    });

    it('refuses a bad rename (400), a foreign file (404), no token (401), a student (403)', async () => {
      const patch = (caller: Caller | null, payload: object) =>
        as(t.app, caller)({ method: 'PATCH', url: '/api/teacher/files?page_size=10&page_number=0', payload });
      expectError(await patch(teacher, { id: mine.id, name: '' }), 400);
      expectError(await patch(teacher, { id: mine.id, name: 'x'.repeat(256) }), 400);
      expectError(await patch(teacher, { id: 'abc', name: 'x' }), 400);
      expectError(await patch(other, { id: mine.id, name: 'украдено' }), 404);
      expectError(await patch(teacher, { id: 999999, name: 'нет' }), 404);
      expectError(await patch(null, { id: mine.id, name: 'x' }), 401);
      expectError(await patch(student, { id: mine.id, name: 'x' }), 403);
    });

    it('deletes a file with its stored content and answers the page', async () => {
      const doomed = await uploadOne(t.app, teacher, 'doomed.wav', wav(100));
      const before = await storedObjects(t);
      const del = (caller: Caller | null, id: number) =>
        as(t.app, caller)({ method: 'DELETE', url: `/api/teacher/file/${id}?page_size=100&page_number=0` });

      expectError(await del(other, doomed.id), 404);
      expectError(await del(null, doomed.id), 401);
      expectError(await del(student, doomed.id), 403);
      expectError(await del(teacher, 0), 400);

      const res = await del(teacher, doomed.id);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json().files as FileDto[]).some((f) => f.id === doomed.id)).toBe(false);
      expect(await storedObjects(t)).toHaveLength(before.length - 1);
      expectError(await get(null, doomed.access), 404);
      expectError(await del(teacher, doomed.id), 404);
    });
  });

  describe('content by signed address', () => {
    const audio = wav(5000);
    let dto: FileDto;

    beforeAll(async () => {
      dto = await uploadOne(t.app, teacher, 'range.wav', audio);
    });

    it('serves the content with its stored type, no token needed', async () => {
      const res = await get(null, dto.access);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/wav');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(res.headers['content-length'])).toBe(audio.length);
      expect(res.rawPayload.equals(audio)).toBe(true);
    });

    it('answers HEAD with the headers only', async () => {
      const res = await as(t.app, null)({ method: 'HEAD', url: dto.access });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/wav');
      expect(Number(res.headers['content-length'])).toBe(audio.length);
      expect(res.rawPayload.length).toBe(0);
    });

    it('answers byte ranges with 206 and the right bytes', async () => {
      const cases: Array<[string, number, number]> = [
        ['bytes=0-99', 0, 99],
        ['bytes=1000-1999', 1000, 1999],
        ['bytes=9000-', 9000, audio.length - 1],
        ['bytes=-500', audio.length - 500, audio.length - 1],
        ['bytes=9990-999999', 9990, audio.length - 1],
      ];
      for (const [range, start, end] of cases) {
        const res = await as(t.app, null)({ method: 'GET', url: dto.access, headers: { range } });
        expect(res.statusCode, range).toBe(206);
        expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${audio.length}`);
        expect(Number(res.headers['content-length'])).toBe(end - start + 1);
        expect(res.rawPayload.equals(audio.subarray(start, end + 1)), range).toBe(true);
      }
    });

    it('answers 416 for an unsatisfiable or malformed range', async () => {
      for (const range of [`bytes=${audio.length}-`, 'bytes=50-10', 'bytes=abc', 'bytes=-0']) {
        const res = await as(t.app, null)({ method: 'GET', url: dto.access, headers: { range } });
        expectError(res, 416);
        expect(res.headers['content-range']).toBe(`bytes */${audio.length}`);
      }
    });

    it('refuses a tampered, foreign, missing or expired signature with 403', async () => {
      const url = new URL(dto.access, 'http://x');
      const exp = url.searchParams.get('exp') as string;
      const sig = url.searchParams.get('sig') as string;
      const flipped = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
      const otherId = dto.id + 1;
      for (const bad of [
        `/api/files/${dto.id}/content?exp=${exp}&sig=${flipped}`,
        `/api/files/${dto.id}/content?exp=${Number(exp) + 1000}&sig=${sig}`,
        `/api/files/${otherId}/content?exp=${exp}&sig=${sig}`,
        `/api/files/${dto.id}/content?exp=${exp}`,
        `/api/files/${dto.id}/content`,
        `/api/files/${dto.id}/content?exp=abc&sig=${sig}`,
      ]) {
        expectError(await get(null, bad), 403);
      }
      // Correctly signed with the server's key, but already expired.
      const signer = createMediaSigner(JWT_SECRET, 600);
      const expired = signer.url('file', dto.id, Date.now() - 601_000);
      expectError(await get(null, expired), 403);
      // A recording's signature does not open a file with the same id.
      const recordingUrl = new URL(signer.url('recording', dto.id), 'http://x');
      expectError(await get(null, `/api/files/${dto.id}/content${recordingUrl.search}`), 403);
      // The same signer, not expired: the control case.
      expect((await get(null, signer.url('file', dto.id))).statusCode).toBe(200);
    });

    it('answers 404 for a validly signed id that does not exist', async () => {
      const signer = createMediaSigner(JWT_SECRET, 600);
      expectError(await get(null, signer.url('file', 987654)), 404);
    });
  });
});
