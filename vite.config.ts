import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The code is written against React's API (and type-checked by its types); it runs on Preact's
// renderer through preact/compat: react-dom alone was 62 of the 147 KiB gzipped that every screen
// loads before it draws (issue 25.1). The unit tests run on the same renderer (vitest.config.ts).
export const reactOnPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig({
  resolve: {
    alias: [
      // '@/lib/…' is 'src/lib/…' (tsconfig.json's paths); the service worker's build inherits it.
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...reactOnPreact,
    ],
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders too: they pull each area's API modules and contract schemas, which the landing
      // page never needs.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,mp3,webmanifest,woff2}'],
        // The manifest's screenshots are for the install dialog only, not for every device's cache.
        globIgnores: ['screenshots/**'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        // A classic script in one file: the worker shares modules with the page, whose lazy imports
        // must be inlined here, never turned into the page's preload helper (`import.meta`, the
        // DOM), which a classic service worker cannot even parse.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    manifest: true,
    rolldownOptions: {
      output: {
        // What the first screen needs in one file: gzip does better on one file than on a dozen
        // small ones, and the browser makes one request instead of many.
        // Heavy libraries keep their own named chunks, so that the bundle budget check
        // (scripts/check-bundle-budget.ts) can tell a screen that pulls one it does not use.
        codeSplitting: {
          groups: [
            ...['quill', 'wavesurfer', 'dexie', 'zod'].map((name) => ({
              name,
              test: new RegExp(`node_modules[\\\\/]${name}`),
              priority: 2,
            })),
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`, changeOrigin: false } },
  },
});
