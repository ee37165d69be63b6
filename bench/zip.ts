/**
 * The exam's zip of 200 recordings of 4 MB (BENCH_ZIP_RECORDINGS, BENCH_ZIP_MB) beside `zip -0`
 * on the same files. The objects are written into the server's storage folder and their rows
 * inserted; the real server (its own process) streams GET /api/teacher/exam/{id}/audios to a
 * client in another process that counts bytes; the server's RSS is sampled from /proc. The
 * reference is `zip -0 -q - <files>` to a pipe read by the same kind of client. Goals: within
 * 1.2 × the reference's time, peak RSS at most 150 MB.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createDatabase } from '../server/db/connect';
import { createLocalStorage } from '../server/adapters/storage';
import { searchColumn } from '../src/shared/search-text';
import { fixed, login, mark, table } from './lib/report';
import { PASSWORD, examId, seed, studentId, teacherUsername } from './lib/seed';
import { ROOT, startServer } from './lib/server';
import { type DbKind, prepareTarget } from './lib/targets';

const RECORDINGS = Number(process.env.BENCH_ZIP_RECORDINGS ?? 200);
const MB = 1024 * 1024;
const BYTES = Math.round(Number(process.env.BENCH_ZIP_MB ?? 4) * MB);

/** Reads a stream to its end keeping only the byte count and the last 22 bytes. */
const COUNTER = `
const started = performance.now();
let bytes = 0, tail = Buffer.alloc(0);
const done = (status) => process.stdout.write(JSON.stringify({ status, bytes, ms: performance.now() - started,
  eocd: tail.length >= 22 && tail.readUInt32LE(tail.length - 22) === 0x06054b50 }));
const eat = (s, status) => { s.on('data', (c) => { bytes += c.length; tail = Buffer.concat([tail, c.subarray(-22)]).subarray(-22); }); s.on('end', () => done(status)); };
const [url, token] = process.argv.slice(1);
if (url === '-') eat(process.stdin, 0);
else require('node:http').get(url, { headers: { authorization: 'Bearer ' + token } }, (res) => eat(res, res.statusCode)).on('error', (e) => { console.error(e); process.exit(1); });
`;

interface Counted {
  status: number;
  bytes: number;
  ms: number;
  eocd: boolean;
}

function collect(child: ReturnType<typeof spawn>): Promise<Counted> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Counted) : reject(new Error(`exit ${code}`)),
    );
  });
}

/** `zip -0` of the same files to a pipe, read by the counter (so both write to a reader). */
async function zipReference(files: string[], cwd: string): Promise<Counted> {
  const listFile = path.join(cwd, 'files.txt');
  await fs.writeFile(listFile, files.join('\n'));
  const started = performance.now();
  const counter = spawn(process.execPath, ['-e', COUNTER, '-'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const zip = spawn('sh', ['-c', `zip -0 -q - -@ < ${listFile}`], {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  zip.stdout.pipe(counter.stdin!);
  const counted = await collect(counter);
  return { ...counted, ms: performance.now() - started };
}

export async function runZip(kind: DbKind, beforeBuild?: { label: string; main: string }): Promise<void> {
  const target = await prepareTarget(kind);
  try {
    await seed(target);
    // 200 recordings of the first teacher's first exam, as files in the server's storage.
    const storageRoot = path.join(target.dataDir, 'storage');
    const storage = createLocalStorage(storageRoot);
    const db = createDatabase(target);
    const files: string[] = [];
    try {
      const exam = examId(0, 0);
      await db.deleteFrom('recordings').where('exam_id', '=', exam).execute();
      const rows = [];
      for (let i = 0; i < RECORDINGS; i++) {
        const bytes = crypto.randomBytes(BYTES);
        bytes.set([0x1a, 0x45, 0xdf, 0xa3], 0);
        const stored = await storage.put(Readable.from([bytes]), {
          prefix: 'recordings',
          maxBytes: BYTES,
          contentType: 'audio/webm',
        });
        files.push(path.join(...stored.key.split('/')));
        const name = `Экзамен 1, запись ${i + 1}`;
        rows.push({
          client_id: crypto.randomUUID(),
          exam_id: exam,
          student_id: studentId(i % 20 === 0 ? 0 : (i % 20) * 500),
          name,
          search: searchColumn(name),
          mime: 'audio/webm;codecs=opus',
          size: stored.size,
          duration: 120,
          storage_key: stored.key,
          created_at: new Date(Date.UTC(2026, 8, 1, 0, i)).toISOString(),
        });
      }
      await db.insertInto('recordings').values(rows).execute();
    } finally {
      await db.destroy();
    }

    const total = (RECORDINGS * BYTES) / MB;
    const servers = [...(beforeBuild ? [beforeBuild] : []), { label: 'this tree', main: undefined }];
    for (const { label, main } of servers) {
      // As before: the server is up and the teacher logged in while the reference runs.
      const server = await startServer(target.env, [], { main });
      try {
        const token = await login(server.origin, teacherUsername(0), PASSWORD);
        // Warm the page cache for both: the first read of 800 MB from disk would favour whoever
        // goes second.
        await zipReference(files, storageRoot);
        const reference = await zipReference(files, storageRoot);
        const before = server.rssMb();
        server.resetPeak();
        const download = await collect(
          spawn(
            process.execPath,
            ['-e', COUNTER, `${server.origin}/api/teacher/exam/${examId(0, 0)}/audios`, token],
            { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
          ),
        );
        const peak = server.peakRssMb();
        const ratio = download.ms / reference.ms;
        console.log(
          `\n## zip on ${kind}, ${label}: ${RECORDINGS} × ${fixed(BYTES / MB, 1)} MB (${fixed(total)} MB)`,
        );
        console.log(
          table(
            ['measure', 'zip -0 (reference)', 'server', 'goal'],
            [
              ['time', `${fixed(reference.ms)} ms`, `${fixed(download.ms)} ms`, `≤ 1.2 × (${fixed(ratio, 2)} ×) ${mark(ratio <= 1.2)}`],
              ['throughput', `${fixed(reference.bytes / MB / (reference.ms / 1000))} MB/s`, `${fixed(download.bytes / MB / (download.ms / 1000))} MB/s`, ''],
              ['archive', `${fixed(reference.bytes / MB, 1)} MB, complete ${reference.eocd}`, `${fixed(download.bytes / MB, 1)} MB, complete ${download.eocd}, HTTP ${download.status}`, ''],
              ['server RSS', '', `${fixed(before)} MB before, peak ${fixed(peak)} MB`, `≤ 150 MB ${mark(peak <= 150)}`],
            ],
          ),
        ); // prettier-ignore
        if (download.status !== 200 || !download.eocd) process.exitCode = 1;
      } finally {
        await server.stop();
      }
    }
  } finally {
    await target.cleanup();
  }
}
