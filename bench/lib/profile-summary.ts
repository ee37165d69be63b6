/**
 * Where a CPU profile's time went: self time by function and by package (or server file).
 * `node --import tsx bench/lib/profile-summary.ts <file.cpuprofile> [top] [--timeline ms]`
 * With `--timeline`, also when: self time by package or file in slices of that many ms.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const timelineAt = args.indexOf('--timeline');
const sliceMs = timelineAt >= 0 ? Number(args.splice(timelineAt, 2)[1] ?? 50) : null;
const profile = JSON.parse(readFileSync(args[0]!, 'utf8')) as Profile;
const top = Number(args[1] ?? 25);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

function owner(url: string): string {
  if (!url) return '(native/idle)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const own = /\/(server|src)\/(.*)$/.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  return url.startsWith('node:') ? url : url.replace(/^.*\//, '');
}

function ownerOf(callFrame: ProfileNode['callFrame']): string {
  return callFrame.url ? owner(callFrame.url) : callFrame.functionName || '(native)';
}

const byFunction = new Map<string, number>();
const byOwner = new Map<string, number>();
for (const [id, us] of selfUs) {
  const { callFrame } = byId.get(id)!;
  const fn = `${callFrame.functionName || '(anonymous)'} ${owner(callFrame.url)}:${callFrame.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  const o = ownerOf(callFrame);
  byOwner.set(o, (byOwner.get(o) ?? 0) + us);
}
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`);
  }
};
console.log(`total ${(total / 1e6).toFixed(1)} s sampled`);
print('self time by package or file', byOwner);
print('self time by function', byFunction);

if (sliceMs !== null) {
  // Samples in order: each one's time is the sum of the deltas before it.
  const slices = new Map<number, Map<string, number>>();
  let atUs = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    atUs += us;
    const slice = Math.floor(atUs / 1000 / sliceMs);
    const owners = slices.get(slice) ?? new Map<string, number>();
    const o = ownerOf(byId.get(id)!.callFrame);
    owners.set(o, (owners.get(o) ?? 0) + us);
    slices.set(slice, owners);
  });
  console.log(`\nself time by package or file, ms, in slices of ${sliceMs} ms from the profile's start`);
  for (const [slice, owners] of [...slices].sort((a, b) => a[0] - b[0])) {
    const busiest = [...owners].sort((a, b) => b[1] - a[1]).slice(0, 4);
    console.log(
      `${String(slice * sliceMs).padStart(6)}  ${busiest.map(([o, us]) => `${o} ${Math.round(us / 1000)}`).join(', ')}`,
    );
  }
}
