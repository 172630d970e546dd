/**
 * `npm run dev`: the whole local stack with demo data, in one command.
 * Ctrl-C stops every process it started (emulator data is kept in .emulator-data/).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD, seedDemoData } from './lib/demo-seed';
import { devPorts, repoRoot, startStack } from './lib/stack';

const projectId = 'demo-challangex';
const dataDir = join(repoRoot, '.emulator-data');
const official = process.env.CHALLANGEX_OFFICIAL_EMULATORS === '1';
const verbose = process.env.VERBOSE === '1';

const colours: Record<string, string> = {
  database: '36',
  storage: '35',
  firebase: '33',
  build: '34',
  vite: '32',
};
const log = (source: string, line: string) => {
  if (verbose || /error|ready|listening|warn/i.test(line)) {
    console.log(`\x1b[${colours[source] ?? '0'}m[${source}]\x1b[0m ${line}`);
  }
};

console.log(`Starting the ChallangeX stack${official ? ' (official Firebase emulators)' : ''}…`);
const firstRun = !existsSync(join(dataDir, 'seeded'));
const stack = await startStack({ name: 'dev', projectId, ports: devPorts, dataDir, official, log });
Object.assign(process.env, stack.env);

if (firstRun) {
  console.log('Seeding demo data (first run)…');
  await seedDemoData({ projectId, dataDir });
}

const vite = spawn(join(repoRoot, 'node_modules/.bin/vite'), ['--mode', 'emulators'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, ...stack.env },
});

console.log(`
  ChallangeX is starting at http://127.0.0.1:5173
  Demo sign-in: asha@challangex.dev / ${DEMO_PASSWORD}   (admin: admin@challangex.dev / ${DEMO_PASSWORD})
  Press Ctrl-C to stop everything.
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the stack…');
  vite.kill('SIGTERM');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
vite.on('exit', () => void shutdown());
