import { startAuthEmulator, type RunningAuthEmulator } from '../../scripts/lib/auth-emulator';

let emulator: RunningAuthEmulator | undefined;

/** Vitest global setup: one Auth emulator for the whole integration run, unless one is given. */
export async function setup() {
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) return;
  emulator = await startAuthEmulator(process.env.TEST_PROJECT_ID ?? 'demo-challangex-test');
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
}

export async function teardown() {
  await emulator?.close();
}
