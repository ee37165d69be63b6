// Compiles the server to plain JavaScript in dist-server/, so production starts without tsx.
// Only our own code (server/ and the src/shared it imports, migrations included: they are
// imported statically) goes into the bundle; packages stay in node_modules, because several are
// native (better-sqlite3, argon2) or load files of their own at run time.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const started = performance.now();
// Chunks are named by their hash: a build starts from an empty folder, not over the last one.
rmSync('dist-server', { recursive: true, force: true });
await build({
  entryPoints: { main: 'server/main.ts', migrate: 'server/migrate.ts' },
  outdir: 'dist-server',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  // main.ts sets V8's flags before it imports the server: the server must be a chunk of its own.
  splitting: true,
  target: 'node20',
  sourcemap: true,
  // Stack traces point at the TypeScript sources.
  sourcesContent: false,
  logLevel: 'warning',
});
// esbuild escapes non-ASCII text in strings but not in regex literals; one such character makes V8
// keep the whole bundle's source as UTF-16, twice its size, for the life of the process.
for (const file of readdirSync('dist-server')
  .filter((name) => name.endsWith('.js'))
  .map((name) => `dist-server/${name}`)) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const at = lines.findIndex((line) => /[^\t -~]/.test(line));
  if (at >= 0)
    console.warn(`${file}:${at + 1} holds a non-ASCII character (a regex literal?): ${lines[at].trim()}`);
}
console.log(`dist-server/ built in ${Math.round(performance.now() - started)} ms`);
