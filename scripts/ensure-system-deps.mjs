// Makes sure the system programs a test step needs are installed, before that step starts.
//
//   node scripts/ensure-system-deps.mjs chromium [nginx ...]
//
// Each argument is a Debian package name, optionally `package:binary` when the program it installs
// is named differently. A program counts as present when `<BINARY>_PATH` (e.g. CHROMIUM_PATH) names
// an existing file, or when the binary is found in PATH, /usr/bin or /usr/sbin. Missing ones are
// installed with apt-get when running as root on Debian (printing the command first); anywhere
// else the script stops with the one command to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where a binary can live besides PATH (Debian puts daemons in /usr/sbin, off a user's PATH). */
const SYSTEM_DIRS = ['/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin'];

/** Binaries whose Debian package installs them under another name as well. */
const ALIASES = { chromium: ['chromium', 'chromium-browser'] };

export const envName = (binary) => `${binary.replace(/[^A-Za-z0-9]/g, '_').toUpperCase()}_PATH`;

/** The absolute path of a program, or undefined when it is not installed. */
export function findProgram(binary) {
  const fromEnv = process.env[envName(binary)];
  if (fromEnv) return fs.existsSync(fromEnv) ? fromEnv : undefined;
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...SYSTEM_DIRS];
  for (const name of ALIASES[binary] ?? [binary]) {
    for (const dir of dirs) {
      const candidate = path.join(dir, name);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        if (fs.statSync(candidate).isFile()) return candidate;
      } catch {
        // not in this directory
      }
    }
  }
  return undefined;
}

function parseSpec(spec) {
  const [pkg, binary = pkg] = spec.split(':');
  return { pkg, binary };
}

function run(command, args) {
  console.log(`ensure-system-deps: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

export function ensureSystemDeps(specs) {
  const wanted = specs.map(parseSpec);
  const missing = wanted.filter(({ binary }) => !findProgram(binary));
  for (const { binary } of wanted) {
    const found = findProgram(binary);
    if (found) console.log(`ensure-system-deps: ${binary} found at ${found}`);
  }
  if (missing.length === 0) return true;

  const badEnv = missing.filter(({ binary }) => process.env[envName(binary)]);
  for (const { binary } of badEnv) {
    console.error(`ensure-system-deps: ${envName(binary)}=${process.env[envName(binary)]} does not exist`);
  }
  if (badEnv.length > 0) return false;

  const packages = missing.map(({ pkg }) => pkg);
  const isDebian = fs.existsSync('/etc/debian_version');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isDebian && isRoot) {
    console.log(`ensure-system-deps: not installed: ${packages.join(', ')}; installing Debian's packages`);
    // A fresh container has no package lists yet: refresh them when the first attempt cannot find a package.
    const installed =
      run('apt-get', ['install', '-y', ...packages]) ||
      (run('apt-get', ['update']) && run('apt-get', ['install', '-y', ...packages]));
    const stillMissing = missing.filter(({ binary }) => !findProgram(binary));
    if (stillMissing.length === 0) {
      // A package's service that cannot start in a container (a port already taken) fails apt-get
      // though its program is installed, which is all the tests need.
      if (!installed)
        console.warn('ensure-system-deps: apt-get reported errors, but every program is installed');
      return true;
    }
    console.error(`ensure-system-deps: could not install ${stillMissing.map(({ pkg }) => pkg).join(', ')}`);
    return false;
  }

  const names = missing.map(({ binary }) => binary).join(', ');
  const command = `${isRoot ? '' : 'sudo '}apt-get install -y ${packages.join(' ')}`;
  console.error(
    isDebian
      ? `ensure-system-deps: not installed: ${names}. Run:\n\n  ${command}\n`
      : `ensure-system-deps: not installed: ${names}. Install ${packages.join(', ')} with your system's ` +
          `package manager, or point ${missing.map(({ binary }) => envName(binary)).join(', ')} at the binary ` +
          `(on Debian: ${command}).\n`,
  );
  return false;
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const specs = process.argv.slice(2);
  if (specs.length === 0) {
    console.error('usage: node scripts/ensure-system-deps.mjs <debian-package>[:<binary>] ...');
    process.exit(2);
  }
  if (!ensureSystemDeps(specs)) process.exit(1);
}
