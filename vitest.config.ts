import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Three projects: browser-free unit/component tests (fast, no emulators), the product's
// integration tests that start emulators or talk to them over the network, and the emulators
// package's own tests (its config: emulators/vitest.config.ts), counted apart from the product's.
export default defineConfig({
  test: {
    // Denials are what the rules suites assert; the SDK's warning for each is noise.
    onConsoleLog: (log) => !log.includes('FIREBASE WARNING'),
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'unit',
          // A focused test (.only) fails its file on every machine, not only where CI is set: it drops the others.
          allowOnly: false,
          environment: 'jsdom',
          globals: true,
          include: [
            'src/**/*.test.{ts,tsx}',
            'functions/src/**/*.test.ts',
            'build-plugins/**/*.test.ts',
          ],
          setupFiles: ['./tests/setup/jest-dom.ts'],
          // Typing-heavy component tests take ~1 s alone and up to 5 s on a loaded 2-core machine.
          testTimeout: 15_000,
        },
      },
      {
        resolve: {
          alias: {
            '@domain': resolve(import.meta.dirname, 'src/domain'),
            '@': resolve(import.meta.dirname, 'src'),
          },
        },
        test: {
          name: 'integration',
          allowOnly: false,
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          globalSetup: ['./tests/setup/auth-emulator.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'emulators/vitest.config.ts',
    ],
  },
});
