/**
 * The idle server (issue 25.4): the compiled server's resident memory before any request, read
 * from /proc while nothing is asked of it. Its readiness is a TCP connect to its port, not a
 * request. First a start on a fresh folder (migrations, the admin created), then `starts`
 * restarts on it, each read one second after it accepts connections ("at start") and again
 * after `settleSeconds` of idling ("settled": V8 shrinks an idle heap by itself after some
 * seconds, its young generation first). The reference is a bare Fastify server (plain
 * JavaScript, one route) read the same way. With `before` (a build of another commit, see
 * `buildServerAt`), its restarts alternate with this tree's. Goal: at most 100 MB idle.
 */
import { fixed, mark, table } from './lib/report';
import { type Running, startProcess, startServer } from './lib/server';
import { type DbKind, prepareTarget } from './lib/targets';

export interface IdleOptions {
  /** Restarts measured per server. */
  starts: number;
  /** How long each restart idles before its settled figure. */
  settleSeconds: number;
  /** `main.js` of another commit's build, measured beside this tree's. */
  before?: { label: string; main: string };
}

const BARE_FASTIFY = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/*', async () => ({}));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Reading {
  start: number;
  settled: number;
}

async function readIdle(start: () => Promise<Running>, settleSeconds: number): Promise<Reading> {
  const running = await start();
  try {
    await sleep(1000);
    const atStart = running.rssMb();
    await sleep(settleSeconds * 1000);
    return { start: atStart, settled: running.rssMb() };
  } finally {
    await running.stop();
  }
}

function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return sorted.length > 1
    ? `${fixed(median)} MB (${fixed(sorted[0]!)}–${fixed(sorted.at(-1)!)})`
    : `${fixed(median)} MB`;
}

export async function runIdle(kind: DbKind, options: IdleOptions): Promise<void> {
  const target = await prepareTarget(kind);
  try {
    const env = target.env;
    const now = { label: 'this tree', start: () => startServer(env, [], { noRequest: true }) };
    const servers = [
      ...(options.before
        ? [
            {
              label: options.before.label,
              start: () => startServer(env, [], { noRequest: true, main: options.before!.main }),
            },
          ]
        : []),
      now,
    ];
    // The first start migrates the fresh database and creates the admin.
    const fresh = await readIdle(now.start, 0);
    const bare = {
      label: 'bare Fastify (reference)',
      start: () => startProcess(['--input-type=module', '-e', BARE_FASTIFY], {}, null),
    };
    const readings = new Map<string, Reading[]>();
    for (let i = 0; i < options.starts; i++) {
      for (const server of [bare, ...servers]) {
        const reading = await readIdle(server.start, options.settleSeconds);
        readings.set(server.label, [...(readings.get(server.label) ?? []), reading]);
        console.log(
          `  ${server.label}, start ${i + 1}: ${fixed(reading.start)} MB at start, ` +
            `${fixed(reading.settled)} MB after ${options.settleSeconds} s`,
        );
      }
    }
    console.log(`\n## idle on ${kind}: resident memory before any request (${options.starts} starts each)`);
    console.log(
      table(
        ['server', 'at start', `after ${options.settleSeconds} s idle`, 'goal ≤ 100 MB'],
        [
          ['this tree, first start (fresh folder)', `${fixed(fresh.start)} MB`, '', ''],
          ...[bare, ...servers].map((server) => {
            const runs = readings.get(server.label)!;
            const settled = runs.map((r) => r.settled);
            const worst = Math.max(...runs.map((r) => r.start));
            return [
              server.label,
              spread(runs.map((r) => r.start)),
              spread(settled),
              server === bare
                ? ''
                : `at start ${mark(worst <= 100)}, settled ${mark(Math.max(...settled) <= 100)}`,
            ];
          }),
        ],
      ),
    );
  } finally {
    await target.cleanup();
  }
}
