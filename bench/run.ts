/**
 * `npm run bench -- [suite...] [--db sqlite|postgres|both] [--seconds N] [--connections N]
 *  [--only TEXT] [--cpu-prof DIR] [--before GIT-REF] [--starts N] [--settle SECONDS]`
 *
 * Suites: idle, lists, burst, zip (all four by default); recording (the browser bench),
 * cold-start (the compiled server's start), upload-resume (an hour-long answer over a dropping
 * link), events (900 open progress streams, a change's way to them), landing (the JavaScript a
 * visitor's landing page loads until idle; needs `npm run build`) and exam-open (the exam's
 * session page on an emulated low-end phone; needs `npm run build`) on demand.
 * `--before REF` builds the server of that commit too and measures it beside this tree's in the
 * same run (idle, lists).
 * Every figure is printed beside its reference measured in the same run and its goal.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { runBurst } from './burst';
import { runEvents } from './events';
import { runIdle } from './idle';
import { runLists } from './lists';
import { buildServerAt } from './lib/server';
import type { DbKind } from './lib/targets';
import { runZip } from './zip';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '5' },
    connections: { type: 'string', default: '100' },
    only: { type: 'string' },
    'cpu-prof': { type: 'string' },
    before: { type: 'string' },
    starts: { type: 'string', default: '3' },
    settle: { type: 'string', default: '40' },
  },
});

const SUITES = [
  'idle',
  'lists',
  'burst',
  'zip',
  'recording',
  'cold-start',
  'upload-resume',
  'events',
  'landing',
  'exam-open',
] as const;
const suites = positionals.length ? positionals : ['idle', 'lists', 'burst', 'zip'];
for (const suite of suites) {
  if (!(SUITES as readonly string[]).includes(suite))
    throw new Error(`unknown suite ${suite}: ${SUITES.join(', ')}`);
}
const dbs: DbKind[] = values.db === 'both' ? ['sqlite', 'postgres'] : [values.db as DbKind];
const before = values.before ? { label: values.before, main: buildServerAt(values.before) } : undefined;

for (const suite of suites) {
  if (
    suite === 'recording' ||
    suite === 'cold-start' ||
    suite === 'upload-resume' ||
    suite === 'landing' ||
    suite === 'exam-open'
  ) {
    const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${suite}.ts`], {
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exitCode = 1;
    continue;
  }
  for (const db of dbs) {
    if (suite === 'idle') {
      await runIdle(db, { starts: Number(values.starts), settleSeconds: Number(values.settle), before });
    } else if (suite === 'lists') {
      await runLists(db, {
        connections: Number(values.connections),
        seconds: Number(values.seconds),
        only: values.only,
        cpuProfDir: values['cpu-prof'],
        before,
      });
    } else if (suite === 'burst') {
      await runBurst(db, { cpuProfDir: values['cpu-prof'] });
    } else if (suite === 'events') {
      await runEvents(db);
    } else if (suite === 'zip') {
      // The zip reads objects from the storage folder; the database only lists 200 rows.
      if (db === dbs[0]) await runZip(db, before);
    }
  }
}
