/**
 * Cold start of the production server: from spawning the process until the app shell answers
 * 200, for the compiled bundle (`dist-server/main.js`, what `npm start` runs) beside the same
 * sources under tsx (what `npm start` used to run). Each run gets a fresh SQLite DATA_DIR, so it
 * includes migrating a new database and hashing the admin password; a second table restarts on
 * an existing folder (migrations already applied, admin present).
 *
 *   npm run build && node --import tsx bench/cold-start.ts
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_COLD_STARTS ?? 5);

const VARIANTS: Array<{ label: string; args: string[] }> = [
  { label: 'node dist-server/main.js (npm start)', args: ['--enable-source-maps', 'dist-server/main.js'] },
  { label: 'node --import tsx server/main.ts (before)', args: ['--import', 'tsx', 'server/main.ts'] },
];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Milliseconds from spawn until `GET /` answers 200 with the shell. */
async function startOnce(args: string[], dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(ROOT, 'dist'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'bench-admin',
      ADMIN_PASSWORD: 'Ustno-bench-pass-1',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const deadline = started + 60_000;
    while (performance.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const status = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) return performance.now() - started;
      if (status !== 0) throw new Error(`GET / answered ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('server did not answer within 60 s');
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

function summary(label: string, runs: number[]): string[] {
  const sorted = [...runs].sort((a, b) => a - b);
  const fmt = (n: number) => String(Math.round(n));
  return [
    label,
    String(runs.length),
    fmt(sorted[0]),
    fmt(sorted[Math.floor(sorted.length / 2)]),
    fmt(sorted.at(-1) ?? 0),
  ];
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  await fs.access(path.join(ROOT, 'dist/index.html')).catch(() => {
    throw new Error('dist/index.html missing: run npm run build first');
  });
  // Always from the current sources: a stale bundle would time other code.
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'ignore' });
  // Interleaved, so a neighbour's load on the machine falls on both variants alike.
  const first = VARIANTS.map(() => [] as number[]);
  const second = VARIANTS.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i++) {
    for (const [v, variant] of VARIANTS.entries()) {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-cold-'));
      try {
        first[v].push(await startOnce(variant.args, dir));
        second[v].push(await startOnce(variant.args, dir));
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    }
  }
  const fresh = VARIANTS.map((variant, v) => summary(variant.label, first[v]));
  const again = VARIANTS.map((variant, v) => summary(variant.label, second[v]));
  const columns = ['runs', 'min ms', 'median ms', 'max ms'];
  printTable(['cold start, fresh DATA_DIR: spawn → 200 from GET /', ...columns], fresh);
  console.log();
  printTable(['restart on an existing DATA_DIR: spawn → 200 from GET /', ...columns], again);
}

await main();
