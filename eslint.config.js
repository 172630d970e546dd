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
];

const firebaseOnlyInServices = {
  group: ['firebase', 'firebase/*'],
  message: 'Only src/services may import Firebase: call a service function instead.',
};
const zodThroughDomain = {
  regex: '^zod(/.*)?$',
  message: "Import z from '@/domain/zod': it is configured for the app's Content-Security-Policy.",
};
const dbPathsOnlyInApi = {
  group: ['@/domain/database-paths', '**/domain/database-paths'],
  importNames: ['dbPaths'],
  message: "Read and write the database through a hook or function in the feature's api/ folder.",
};

// Files allowed past the size limits, each with its reason.
const oversizedFiles = [
  // A data table (dish compositions), not logic; splitting it would scatter one list.
  'src/domain/dish-catalogue.ts',
];
const oversizedFunctions = [
  // Starts the server and wires every protocol (WebSocket, long polling, REST) in one readable sequence.
  'emulators/database/server.ts',
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
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
  {
    // Only the service layer may talk to Firebase directly.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/services/**', 'src/domain/zod.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [firebaseOnlyInServices, zodThroughDomain] }],
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
        { patterns: [firebaseOnlyInServices, dbPathsOnlyInApi, zodThroughDomain] },
      ],
    },
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
);
