import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';
import { importCycles } from './eslint-rules/import-cycles.js';

const root = import.meta.dirname;
const features = readdirSync(join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const sharedFolders = ['components', 'lib', 'hooks', 'domain', 'services'].map((f) => `./src/${f}`);

// Imports flow one way: app → features → shared folders (docs/architecture.md, "Layers").
const boundaryZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message:
      'Features never import each other: move what both need to src/components, src/lib or src/domain, or compose them in src/app.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features never import src/app: the app composes features, not the other way round.',
  },
  {
    target: sharedFolders,
    from: ['./src/features', './src/app'],
    message:
      'Shared folders never import features or the app: pass what they need in as props or arguments.',
  },
  {
    // src/domain is the code the app and the API share: it stands on its own.
    target: './src/domain',
    from: './src',
    except: ['./domain'],
    message: 'src/domain is shared with the server: it imports only src/domain, zod and date-fns.',
  },
];

// The server's own code (the planner and its food data) never ships to the browser.
const serverCodeOutOfApp = {
  target: './src',
  from: './functions',
  message:
    'The app never imports functions/: what both sides need lives in src/domain (docs/architecture.md, "Layers").',
};

// Shared code has one name on both sides.
const domainByName = {
  group: [
    '@/domain',
    '@/domain/*',
    '**/src/domain',
    '**/src/domain/*',
    './domain/*',
    '../domain/*',
  ],
  message: 'Import shared code by its name, \'@domain/…\' (docs/architecture.md, "Layers").',
};

const firebaseOnlyInServices = {
  group: ['firebase', 'firebase/*'],
  message: 'Only src/services may import Firebase: call a service function instead.',
};
const zodThroughDomain = {
  regex: '^zod(/.*)?$',
  message: "Import z from '@domain/zod': it is configured for the app's Content-Security-Policy.",
};
const dbPathsOnlyInApi = {
  group: ['@domain/data/database-paths', '**/domain/data/database-paths'],
  importNames: ['dbPaths'],
  message: "Read and write the database through a hook or function in the feature's api/ folder.",
};

// Files allowed past the size limits, each with its reason.
const oversizedFiles = [
  // A data table (dish compositions), not logic; splitting it would scatter one list.
  'functions/src/planner/dish-catalogue.ts',
];
const oversizedFunctions = [
  // Starts the server and wires every protocol (WebSocket, long polling, REST) in one readable sequence.
  'emulators/database/server.ts',
];

// A skipped, focused or to-do test proves nothing, and a focused one silently drops every other test of its
// file: none is checked in, in Vitest or Playwright form (tests/lint/skipped-tests.test.ts proves each is refused).
// Conditional skips by environment (`describe.skipIf`) stay allowed: npm test fails on any test reported skipped.
const TEST_RUNNERS = '/^(test|it|describe|suite|bench)$/';
const TEST_MODIFIERS = '/^(skip|only|todo|fixme|fails)$/';
const skippedOrFocusedTests = [
  {
    selector: `MemberExpression[object.name=${TEST_RUNNERS}][property.name=${TEST_MODIFIERS}]`,
    message:
      'No skipped, focused, to-do or expected-to-fail test: it proves nothing (npm test fails on it).',
  },
  {
    // test.describe.only, describe.concurrent.skip and the like.
    selector: `MemberExpression[object.object.name=${TEST_RUNNERS}][property.name=${TEST_MODIFIERS}]`,
    message:
      'No skipped, focused, to-do or expected-to-fail test: it proves nothing (npm test fails on it).',
  },
  {
    selector: 'CallExpression[callee.name=/^(xit|xtest|xdescribe|fit|fdescribe)$/]',
    message: 'No skipped or focused test: it proves nothing (npm test fails on it).',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-e2e',
      'functions/lib',
      'node_modules',
      'test-results',
      'playwright-report',
      'bench-results',
      '.emulator-data',
      'tests/lint/fixtures',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Files stay readable in one sitting; test files may hold long describe blocks.
    files: [
      'src/**/*.{ts,tsx}',
      'functions/src/**/*.ts',
      'emulators/**/*.ts',
      'scripts/**/*.ts',
      'tests/**/*.ts',
    ],
    ignores: oversizedFiles,
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'functions/src/**/*.ts', 'emulators/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', ...oversizedFunctions],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh, 'import-x': importX },
    settings: {
      // Parse TypeScript imports too; resolve `@/` through tsconfig.json.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: join(root, 'tsconfig.json') }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...boundaryZones, serverCodeOutOfApp] },
      ],
    },
  },
  {
    // Tests may build real plans with the server's planner.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
  {
    // Only the service layer may talk to Firebase directly.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/services/**', 'src/domain/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [firebaseOnlyInServices, zodThroughDomain, domainByName] },
      ],
    },
  },
  {
    // One device-storage scheme (docs/architecture.md, "Device storage"): every key through src/lib/device-storage.ts.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/device-storage.ts', '**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['localStorage', 'sessionStorage'].map((name) => ({
          name,
          message:
            'Keep it in the device-storage scheme: readStored/writeStored with a storageKeys key.',
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...['localStorage', 'sessionStorage'].map((property) => ({
          object: 'window',
          property,
          message:
            'Keep it in the device-storage scheme: readStored/writeStored with a storageKeys key.',
        })),
      ],
    },
  },
  {
    // Database locations are read and written in a feature's api/ (or the services), not in components.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/services/**',
      'src/features/*/api/**',
      'src/testing/**',
      'src/domain/zod.ts',
      '**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [firebaseOnlyInServices, dbPathsOnlyInApi, zodThroughDomain, domainByName] },
      ],
    },
  },
  {
    // Everywhere else shared code is imported by name too.
    files: [
      'src/services/**/*.ts',
      'src/domain/zod.ts',
      'functions/**/*.ts',
      'scripts/**/*.ts',
      'tests/**/*.ts',
      'e2e/**/*.ts',
      'build-plugins/**/*.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainByName] }] },
  },
  {
    // No import cycles anywhere, type-only imports included (eslint-rules/import-cycles.js).
    files: ['**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'import-cycles': importCycles } } },
    rules: { 'local/import-cycles': 'error' },
  },
  {
    // Playwright fixtures must destructure their (unused) dependencies.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: [
      '**/*.test.{ts,tsx,js}',
      '**/*.spec.{ts,tsx,js}',
      'tests/**/*.{ts,tsx}',
      'e2e/**/*.ts',
      'emulators/tests/**/*.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...skippedOrFocusedTests] },
  },
);
