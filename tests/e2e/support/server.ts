import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ARTIFACTS_DIR, DIST_DIR, ROOT } from './paths';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const tail = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '';
  }
};

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * The real server (`node --import tsx server/main.ts`) on a free port with a fresh data folder
 * (SQLite, .eml outbox) serving the built PWA (a copy of dist/). Its output goes to
 * artifacts/server.log.
 */
export async function startServer(admin: { username: string; password: string }): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ustno-e2e-'));
  const dataDir = path.join(runDir, 'data');
  // A copy of the build: a rebuild of dist/ during the run must not pull files from under the app.
  const staticDir = path.join(runDir, 'dist');
  fs.cpSync(DIST_DIR, staticDir, { recursive: true });
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const logFile = path.join(ARTIFACTS_DIR, 'server.log');
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      // The whole suite registers from one address, like a school behind one NAT.
      REGISTRATIONS_PER_HOUR: '100000',
      RECOVERIES_PER_HOUR: '100000',
      REDIS_URL: '',
      // Always the defaults: SQLite in DATA_DIR, mails into DATA_DIR/outbox.
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  let stopping = false;
  child.once('exit', (code, signal) => {
    // Say so in the log when the server goes away before the run ends (crash, or killed).
    if (!stopping)
      fs.appendFileSync(logFile, `\n[e2e] the server exited early: code ${code}, signal ${signal}\n`);
  });

  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(killer);
    }
    fs.rmSync(runDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The server exited before answering:\n${tail(logFile)}`);
    }
    try {
      const res = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer within 60 s:\n${tail(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, dataDir, stop };
}
