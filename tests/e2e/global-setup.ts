import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './support/server';
import { CHROMIUM_PATH, DIST_DIR, FAKE_AUDIO } from './support/paths';

const ADMIN = { username: 'e2e-admin', password: 'Ustno-e2e-admin-1' };

/** Checks what the suite needs, then runs one server for every test file. */
export default async function setup(project: TestProject) {
  // A missing browser is a broken test machine, never a reason to skip.
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      'Chromium not found: node scripts/ensure-system-deps.mjs chromium (npm run test:e2e runs it)',
    );
  }
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html'))) {
    throw new Error('dist/index.html not found: build the PWA first (npm run test:e2e does: npm run build)');
  }
  if (!fs.existsSync(FAKE_AUDIO)) throw new Error(`Fake microphone input not found: ${FAKE_AUDIO}`);

  const server = await startServer(ADMIN);
  project.provide('e2e', { baseUrl: server.baseUrl, dataDir: server.dataDir, admin: ADMIN });
  return () => server.stop();
}
