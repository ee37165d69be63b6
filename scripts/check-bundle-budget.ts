/**
 * Fails when what a screen downloads before it draws grows past its budget. A group is the
 * closure of static imports of its entries in the build's manifest (the HTML entry plus the lazy
 * chunks of the routes that screen matches), measured gzipped. Run after `vite build`.
 *
 *   node --import tsx scripts/check-bundle-budget.ts [distDir]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

interface Group {
  name: string;
  /** Manifest keys loaded to draw the screen. */
  entries: string[];
  /** Gzipped KiB allowed now (what the build weighs today plus a small margin). */
  budgetKb: number;
  /** Where it should be; printed beside the figure while the budget is above it. */
  goalKb: number;
  /** Chunk names that must not be part of the group (libraries of other screens). */
  forbidden: string[];
}

const split = (route: string, part = 'component') => `src/routes/${route}.tsx?tsr-split=${part}`;
const OTHER_AREAS = ['quill', 'wavesurfer'];

export const GROUPS: Group[] = [
  {
    // The measure: what index.html itself loads (its script and modulepreloads) before
    // anything draws. The budget is the goal.
    name: 'landing critical path (index.html)',
    entries: ['index.html'],
    budgetKb: 150,
    goalKb: 150,
    forbidden: [...OTHER_AREAS, 'dexie', 'zod'],
  },
  {
    // The same plus the public layout's and the landing's lazy route chunks, fetched next.
    name: 'landing first screen (/)',
    entries: ['index.html', split('_public'), split('_public/index')],
    // 167.4 on React's renderer, 110.2 on Preact's.
    budgetKb: 113,
    goalKb: 150,
    forbidden: [...OTHER_AREAS, 'dexie', 'zod'],
  },
  {
    name: "student's exam (/student/exams/$id/session)",
    entries: [
      'index.html',
      split('student/route'),
      split('student/exams/$id.session'),
      split('student/exams/$id.session', 'loader'),
    ],
    // 335.6 until the running screen, the sync indicator, the logout dialog and the recording
    // notices loaded after the first screen (275.4); 218.3 on Preact's renderer; 150.0 since the
    // device side (Dexie, the recorder, the outbox) loads after the choice is drawn and the
    // contracts (zod) beside the request they parse (`npm run bench -- exam-open` counts what a
    // first open fetches in all before 'Начать экзамен' is enabled).
    budgetKb: 153,
    goalKb: 170,
    forbidden: [...OTHER_AREAS, 'dexie', 'zod'],
  },
];

function closure(manifest: Manifest, key: string, seen: Set<string>): void {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest (was the route renamed?)`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
}

export function measure(dist: string, group: Group): { kb: number; chunks: ManifestChunk[] } {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const keys = new Set<string>();
  for (const entry of group.entries) closure(manifest, entry, keys);
  const chunks = [...keys].map((key) => manifest[key]!).filter((chunk) => chunk.file.endsWith('.js'));
  const bytes = chunks.reduce((sum, chunk) => sum + gzipSync(readFileSync(join(dist, chunk.file))).length, 0);
  return { kb: bytes / 1024, chunks };
}

function main(): void {
  const dist = process.argv[2] ?? 'dist';
  let failed = false;
  for (const group of GROUPS) {
    const { kb, chunks } = measure(dist, group);
    const leaked = chunks.filter((chunk) => chunk.name && group.forbidden.includes(chunk.name));
    const over = kb > group.budgetKb;
    const goal = kb <= group.goalKb ? 'goal met' : `goal ${group.goalKb} KiB not met`;
    console.log(
      `${over || leaked.length ? 'FAIL' : 'ok  '} ${group.name}: ${kb.toFixed(1)} KiB gzipped in ` +
        `${chunks.length} files (budget ${group.budgetKb} KiB; ${goal})`,
    );
    for (const chunk of leaked) console.log(`     ${chunk.name} (${chunk.file}) must load only where used`);
    failed ||= over || leaked.length > 0;
  }
  if (failed) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
