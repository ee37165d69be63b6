/**
 * Runs every benchmark in sequence, each in its own process (`npm run bench`).
 * A new benchmark adds its file name here.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCHES = ['admin-students.ts', 'zip-export.ts', 'recording.ts'];

const dir = path.dirname(fileURLToPath(import.meta.url));
let failed = 0;
for (const bench of BENCHES) {
  console.log(`\n=== ${bench}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, bench)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    failed += 1;
    console.error(`${bench} failed (${result.signal ?? `exit ${result.status}`})`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
