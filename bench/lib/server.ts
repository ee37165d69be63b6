/**
 * Processes of a bench run: the real server (compiled, as `npm start` runs it), the bare Fastify reference and
 * autocannon, each in its own process, on free ports of 127.0.0.1. The server's resident memory
 * is sampled from /proc while it runs.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface Running {
  origin: string;
  child: ChildProcess;
  /** Milliseconds from spawn until the first answer. */
  startMs: number;
  /** Resident memory now, in MiB. */
  rssMb(): number;
  /** CPU time the process has used so far (user + system), in microseconds. */
  cpuUs(): number;
  /** Highest resident memory seen since the last reset (sampled every 50 ms), in MiB. */
  peakRssMb(): number;
  resetPeak(): void;
  stop(): Promise<void>;
}

function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** Whether something accepts connections on the port: a TCP connect, no request sent. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Until `pathname` answers, or with `null` until the port accepts (so no request was served). */
/** utime + stime of /proc/<pid>/stat, in microseconds (clock ticks of 10 ms). */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}

async function waitForAnswer(
  origin: string,
  pathname: string | null,
  child: ChildProcess,
  log: () => string,
) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}):\n${log()}`);
    if (pathname === null) {
      if (await accepts(Number(new URL(origin).port))) return;
    } else {
      try {
        await fetch(origin + pathname);
        return;
      } catch {
        // not listening yet
      }
    }
    await new Promise((r) => setTimeout(r, pathname === null ? 10 : 50));
  }
  throw new Error(`no answer from ${origin} within 60 s:\n${log()}`);
}

export async function startProcess(
  args: string[],
  env: Record<string, string>,
  readyPath: string | null,
): Promise<Running> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitForAnswer(origin, readyPath, child, () => output);
  const startMs = performance.now() - started;
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(child.pid!));
  }, 50);
  return {
    origin,
    child,
    startMs,
    rssMb: () => rssOf(child.pid!),
    cpuUs: () => cpuOf(child.pid!),
    peakRssMb: () => Math.max(peak, rssOf(child.pid!)),
    resetPeak: () => {
      peak = rssOf(child.pid!);
    },
    stop: async () => {
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

let serverBuilt = false;

export interface ServerOptions {
  /** Another build's `main.js` (see `buildServerAt`) instead of this tree's `dist-server/main.js`. */
  main?: string;
  /** Ready once the port accepts, before any request (an idle server's memory). */
  noRequest?: boolean;
}

/**
 * The real server as `npm start` runs it (the compiled bundle, built once per bench run) on
 * this database, logging warnings only.
 */
export async function startServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  options: ServerOptions = {},
): Promise<Running> {
  if (!serverBuilt && !options.main) {
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build:server failed');
    serverBuilt = true;
  }
  return startProcess(
    [...nodeArgs, '--enable-source-maps', options.main ?? 'dist-server/main.js'],
    { LOG_LEVEL: 'warn', ...env },
    options.noRequest ? null : '/api/auth/role',
  );
}

/**
 * The server of another commit (`BENCH_BEFORE=<git ref>`), built into a temporary folder that
 * borrows this tree's node_modules, so that a suite measures before and after in the same run.
 * Returns the path of its `main.js`.
 */
export function buildServerAt(ref: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ustno-before-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const tar = execFileSync('git', ['archive', ref, 'server', 'src/shared', 'scripts', 'package.json'], {
    cwd: ROOT,
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  mkdirSync(path.join(dir, 'dist-server'), { recursive: true });
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: dir, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`building ${ref} failed`);
  return path.join(dir, 'dist-server', 'main.js');
}

/** The bare reference: answers each captured path with the bytes the real server gave for it. */
export function startBare(bodiesFile: string): Promise<Running> {
  return startProcess(['--import', 'tsx', 'bench/lib/bare-server.ts', bodiesFile], {}, '/');
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  origin: string;
  paths: string[];
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}

/** autocannon in its own process, cycling through the paths. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/cannon.ts', JSON.stringify(options)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  return JSON.parse(out) as LoadResult;
}
