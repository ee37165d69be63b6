import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findProgram } from '../../../scripts/ensure-system-deps.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DIST_DIR = path.join(ROOT, 'dist');
export const ARTIFACTS_DIR = path.join(ROOT, 'tests/e2e/artifacts');
export const FAKE_AUDIO = path.join(ROOT, 'tests/fixtures/speech-ru-48k.wav');
export const AXE_SCRIPT = path.join(ROOT, 'node_modules/axe-core/axe.min.js');
/** CHROMIUM_PATH, else Debian's Chromium wherever it is installed (npm run test:e2e installs it first). */
export const CHROMIUM_PATH = findProgram('chromium') ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
