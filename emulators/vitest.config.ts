import { defineConfig } from 'vitest/config';

// The emulators' own tests: conformance (the real Firebase SDKs against each emulator) and
// internals (rules compiler, durable files, crash persistence). Each test file starts the
// emulators it uses on free ports, so no Auth emulator or app build is needed. The root config
// lists this file as its `emulators` project; `npm test -w emulators` runs it on its own.
export default defineConfig({
  test: {
    name: 'emulators',
    // A focused test (.only) fails its file on every machine, not only where CI is set.
    allowOnly: false,
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Denials are what the conformance suites assert; the SDK's warning for each is noise.
    onConsoleLog: (log) => !log.includes('FIREBASE WARNING'),
  },
});
