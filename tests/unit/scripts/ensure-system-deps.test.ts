// @vitest-environment node
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { envName, findProgram } from '../../../scripts/ensure-system-deps.mjs';

const SCRIPT = path.resolve(import.meta.dirname, '../../../scripts/ensure-system-deps.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ustno-deps-'));
const program = path.join(dir, 'ustno-fake-prog');
fs.writeFileSync(program, '#!/bin/sh\n', { mode: 0o755 });
const notExecutable = path.join(dir, 'ustno-plain-file');
fs.writeFileSync(notExecutable, 'data', { mode: 0o644 });

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function runScript(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [SCRIPT, ...args], {
    encoding: 'utf8',
    env: { PATH: `${dir}${path.delimiter}${process.env.PATH ?? ''}`, ...env },
  });
}

describe('ensure-system-deps', () => {
  it('names the override variable after the binary', () => {
    expect(envName('chromium')).toBe('CHROMIUM_PATH');
    expect(envName('ustno-fake-prog')).toBe('USTNO_FAKE_PROG_PATH');
  });

  it('finds an executable in PATH and ignores plain files', () => {
    const saved = process.env.PATH;
    process.env.PATH = dir;
    try {
      expect(findProgram('ustno-fake-prog')).toBe(program);
      expect(findProgram('ustno-plain-file')).toBeUndefined();
    } finally {
      process.env.PATH = saved;
    }
  });

  it('takes the <BINARY>_PATH variable first', () => {
    process.env.USTNO_FAKE_PROG_PATH = notExecutable;
    try {
      expect(findProgram('ustno-fake-prog')).toBe(notExecutable);
    } finally {
      delete process.env.USTNO_FAKE_PROG_PATH;
    }
  });

  it('succeeds and says where when everything is installed, without running apt-get', () => {
    const result = runScript(['whatever-package:ustno-fake-prog'], {});
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`ustno-fake-prog found at ${program}`);
    expect(result.stdout).not.toContain('apt-get');
  });

  it('stops, without installing, when the override variable names a missing file', () => {
    const result = runScript(['ustno-fake-prog'], { USTNO_FAKE_PROG_PATH: path.join(dir, 'missing') });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('USTNO_FAKE_PROG_PATH');
    expect(result.stdout).not.toContain('apt-get');
  });

  it('without arguments prints its usage', () => {
    const result = runScript([], {});
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('usage');
  });
});
