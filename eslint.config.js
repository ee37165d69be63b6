import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports flow one way: src/shared ← lib/components ← features ← routes; features never import
// each other; the server takes only src/shared from the client side.
const features = fs
  .readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const importZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: move what both need to src/lib or src/components.',
  })),
  {
    target: ['./src/lib', './src/components', './src/shared'],
    from: ['./src/features', './src/routes', './src/app'],
  },
  { target: './src/shared', from: ['./src/lib', './src/components'] },
  { target: './src/features', from: ['./src/routes', './src/app'] },
  { target: ['./src', './sw'], from: './server' },
  { target: './server', from: './src', except: ['./shared'] },
  ...serverModuleZones(),
];

// A server module is reached from the rest of the server only through its entry,
// server/modules/<m>/index.ts (what other modules, app.ts and the plugins may use); inside a
// module its files import each other freely. Tests may reach a module's internals.
function serverModuleZones() {
  const modules = fs
    .readdirSync('server/modules', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const rest = fs
    .readdirSync('server', { withFileTypes: true })
    .filter((entry) => entry.name !== 'modules')
    .map((entry) => `./server/${entry.name}`);
  return modules.map((module) => ({
    target: [
      ...modules.filter((other) => other !== module).map((other) => `./server/modules/${other}`),
      ...rest,
    ],
    from: `./server/modules/${module}`,
    except: ['./index.ts'],
    message: `Import server/modules/${module} through its entry, '…/modules/${module}' (its index.ts).`,
  }));
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'node_modules',
      'src/routeTree.gen.ts',
      'data',
      'coverage',
      'tests/e2e/artifacts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // One import style: what lies in another part of src/ is '@/…' (tsconfig.json's paths);
    // relative imports stay for a file's own neighbourhood.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../*'], message: "Import from another part of src/ as '@/…'." }] },
      ],
    },
  },
  {
    files: ['sw/**/*.ts', 'tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+src/', message: "Import the app's code as '@/…'." }] },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
