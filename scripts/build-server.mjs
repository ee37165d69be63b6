// Compiles the server to plain JavaScript in dist-server/, so production starts without tsx.
// Only our own code (server/ and the src/shared it imports, migrations included: they are
// imported statically) goes into the bundle; packages stay in node_modules, because several are
// native (better-sqlite3, argon2) or load files of their own at run time.
import { build } from 'esbuild';

const started = performance.now();
await build({
  entryPoints: { main: 'server/main.ts', migrate: 'server/migrate.ts' },
  outdir: 'dist-server',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces point at the TypeScript sources.
  sourcesContent: false,
  logLevel: 'warning',
});
console.log(`dist-server/ built in ${Math.round(performance.now() - started)} ms`);
