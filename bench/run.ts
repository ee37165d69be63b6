/**
 * `npm run bench -- [suite...] [--db sqlite|postgres|both] [--seconds N] [--connections N]
 *  [--only TEXT] [--cpu-prof DIR]`
 *
 * Suites: lists, burst, zip (all three by default); recording (the browser bench), cold-start
 * (the compiled server's start), upload-resume (an hour-long answer over a dropping link) and
 * events (900 open progress streams, a change's way to them) on demand.
 * Every figure is printed beside its reference measured in the same run and its goal.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { runBurst } from './burst';
import { runEvents } from './events';
import { runLists } from './lists';
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
  },
});

const SUITES = ['lists', 'burst', 'zip', 'recording', 'cold-start', 'upload-resume', 'events'] as const;
const suites = positionals.length ? positionals : ['lists', 'burst', 'zip'];
for (const suite of suites) {
  if (!(SUITES as readonly string[]).includes(suite))
    throw new Error(`unknown suite ${suite}: ${SUITES.join(', ')}`);
}
const dbs: DbKind[] = values.db === 'both' ? ['sqlite', 'postgres'] : [values.db as DbKind];

for (const suite of suites) {
  if (suite === 'recording' || suite === 'cold-start' || suite === 'upload-resume') {
    const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${suite}.ts`], {
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exitCode = 1;
    continue;
  }
  for (const db of dbs) {
    if (suite === 'lists') {
      await runLists(db, {
        connections: Number(values.connections),
        seconds: Number(values.seconds),
        only: values.only,
        cpuProfDir: values['cpu-prof'],
      });
    } else if (suite === 'burst') {
      await runBurst(db, { cpuProfDir: values['cpu-prof'] });
    } else if (suite === 'events') {
      await runEvents(db);
    } else if (suite === 'zip') {
      // The zip reads objects from the storage folder; the database only lists 200 rows.
      if (db === dbs[0]) await runZip(db);
    }
  }
}
