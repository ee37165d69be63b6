import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { reactOnPreact } from './vite.config';

// '@/lib/…' is 'src/lib/…', as in tsconfig.json and vite.config.ts; each project needs it.
const resolve = { alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }] };

const REACT_LIBRARIES = [
  /@emotion\//,
  /@mui\//,
  /@tanstack\/react-/,
  /@testing-library\/react/,
  /notistack/,
  /react-transition-group/,
  /use-sync-external-store/,
];

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // The shared rate-limit store and the exam day's Redis channel need a Redis: without
          // TEST_REDIS_URL (the README and .ci/run set it) those files are left out here,
          // explicitly, and nowhere else.
          exclude: process.env.TEST_REDIS_URL
            ? []
            : ['tests/server/rate-limit-redis.test.ts', 'tests/server/exam-progress-redis.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The components run on the renderer the app ships (vite.config.ts): the libraries that
        // import React are bundled by Vite here, so that they take the same aliases.
        resolve: {
          // The libraries' ES builds: their CommonJS would require React itself.
          conditions: ['module', 'browser', 'development|production'],
          mainFields: ['module', 'main'],
          alias: [
            ...resolve.alias,
            ...reactOnPreact,
            // MUI's transitions import this context's CommonJS file by path: its ES twin.
            {
              find: /^react-transition-group\/cjs\/TransitionGroupContext\.js$/,
              replacement: 'react-transition-group/esm/TransitionGroupContext.js',
            },
          ],
        },
        test: {
          name: 'unit',
          server: { deps: { inline: REACT_LIBRARIES } },
          // CommonJS that requires React (the router's store selector): bundled, aliases applied.
          deps: {
            optimizer: { client: { enabled: true, include: ['use-sync-external-store/shim/with-selector'] } },
          },
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // jsdom renders of MUI dialogs take seconds on a loaded 2-core machine.
          testTimeout: 15_000,
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A poll waits for what the page does next (a save, a render, a network answer): its
          // own default of one second lost the race on a loaded machine now and then.
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
