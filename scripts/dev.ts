/**
 * `npm run dev`: the whole local stack with demo data, in one command.
 * Ctrl-C stops every process it started (emulator data is kept in .emulator-data/, or in
 * the directory given with `--data DIR`); if this process is killed hard, its children
 * notice and stop themselves (scripts/lib/tether.js).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { getStorage } from 'firebase-admin/storage';
import { bucketPhotoSources } from '../functions/src/members/bucket-photo-sources';
import { bucketProofStore } from '../functions/src/proofs/proof-store';
import {
  decideTeamBonuses,
  TEAM_BONUS_JOB_EVERY_MINUTES,
} from '../functions/src/groups/team-bonus-job';
import { databaseReminderStore } from '../functions/src/reminders/reminder-store';
import { sendReminders } from '../functions/src/reminders/send-reminders';
import { reminderVapidDetails } from '../functions/src/reminders/vapid-keys';
import { DEMO_PASSWORD, seedDemoData } from './lib/demo-seed';
import { waitForHttp } from './lib/free-port';
import { assertPortsFree } from './lib/ports-in-use';
import { nodeBin, startNodeProcess } from './lib/processes';
import { exitAfterCleanup, handleShutdown, onShutdown, step } from './lib/shutdown';
import { devPorts, repoRoot, startStack } from './lib/stack';

const projectId = 'demo-challangex';
const VITE_PORT = 5173;
/** The local push service (emulators/push/README.md), where meal reminders go in the dev stack. */
const PUSH_PORT = 9330;
const { values: args } = parseArgs({ options: { data: { type: 'string' } } });
const dataDir = resolve(repoRoot, args.data ?? '.emulator-data');
const official = process.env.CHALLANGEX_OFFICIAL_EMULATORS === '1';
const verbose = process.env.VERBOSE === '1';

const colours: Record<string, string> = {
  database: '36',
  storage: '35',
  firebase: '33',
  build: '34',
  vite: '32',
  jobs: '94',
  push: '96',
};
// The finalize check's deletions are shown too: an upload that vanishes says why.
const log = (source: string, line: string) => {
  if (verbose || /error|ready|listening|warn|gone|meal reminders|stored-upload-check/i.test(line)) {
    console.log(`\x1b[${colours[source] ?? '0'}m[${source}]\x1b[0m ${line}`);
  }
};

handleShutdown('npm run dev');
console.log(`Starting the ChallangeX stack${official ? ' (official Firebase emulators)' : ''}…`);
await step('checking ports', () =>
  assertPortsFree({ ...devPorts, vite: VITE_PORT, push: PUSH_PORT }),
);
const firstRun = !existsSync(resolve(dataDir, 'seeded'));
const stack = await step('starting the emulators', () =>
  startStack({ name: 'dev', projectId, ports: devPorts, dataDir, official, log }),
);
Object.assign(process.env, stack.env);

// Stopped with the rest on shutdown (scripts/lib/processes.ts); it keeps nothing between runs.
startNodeProcess('push', 'emulators/push/cli.ts', ['--port', String(PUSH_PORT)], {
  nodeArgs: ['--import', 'tsx'],
  log,
});
await step('starting the local push service', () =>
  waitForHttp(`http://127.0.0.1:${PUSH_PORT}/`, 30_000),
);

if (firstRun) {
  console.log('Seeding demo data (first run)…');
  await step('seeding demo data', () => seedDemoData({ projectId, dataDir }));
}

/**
 * The Functions emulator fires no schedules: the team bonus job the scheduled function runs in
 * production (functions/src/index.ts teamBonusJob) runs here on the same interval, and once at the
 * start for groups that ended while the stack was stopped.
 */
function runTeamBonusJobOnTimer() {
  const bucket = `${projectId}.appspot.com`;
  const jobApp = initializeApp(
    {
      projectId,
      databaseURL: `http://${process.env.FIREBASE_DATABASE_EMULATOR_HOST}?ns=${projectId}-default-rtdb`,
      storageBucket: bucket,
    },
    'team-bonus-job',
  );
  const dependencies = {
    database: getDatabase(jobApp),
    clock: Date.now,
    proofs: bucketProofStore(getStorage(jobApp).bucket()),
    photoSources: bucketPhotoSources(
      bucket,
      process.env.FIREBASE_STORAGE_EMULATOR_HOST?.split(':').at(-1),
    ),
    log: (message: string, error?: unknown) => log('jobs', `error: ${message}: ${String(error)}`),
  };
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= decideTeamBonuses(dependencies)
      .then(
        ({ decided }) => {
          if (decided.length > 0) log('jobs', `team bonus decided for ${decided.join(', ')}`);
        },
        (error: unknown) => log('jobs', `error: the team bonus job failed: ${String(error)}`),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, TEAM_BONUS_JOB_EVERY_MINUTES * 60_000);
  run();
  onShutdown(async () => {
    clearInterval(timer);
    await running;
    await deleteApp(jobApp);
  });
}
runTeamBonusJobOnTimer();

/**
 * The meal-reminder sender the scheduled function runs every minute in production (functions/src/index.ts
 * mealReminders) runs here at the start of every minute, with the dev VAPID pair, pushing to the local
 * push service the app's subscriptions come from in emulator builds.
 */
function runMealRemindersOnTimer() {
  const senderApp = initializeApp(
    {
      projectId,
      databaseURL: `http://${process.env.FIREBASE_DATABASE_EMULATOR_HOST}?ns=${projectId}-default-rtdb`,
    },
    'meal-reminders',
  );
  const dependencies = {
    store: databaseReminderStore(getDatabase(senderApp)),
    vapid: reminderVapidDetails({ inEmulator: true }),
    clock: Date.now,
    log: (message: string, error?: unknown) => log('jobs', `error: ${message}: ${String(error)}`),
  };
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= sendReminders(dependencies)
      .then(
        ({ reminders, sent }) => {
          if (reminders > 0) log('jobs', `meal reminders: ${reminders} due, ${sent} pushes sent`);
        },
        (error: unknown) => log('jobs', `error: the meal-reminder sender failed: ${String(error)}`),
      )
      .finally(() => {
        running = undefined;
      });
  };
  // On the minute, as Cloud Scheduler fires: a reminder falls due in the minute it opens.
  let timer: NodeJS.Timeout | undefined;
  const first = setTimeout(
    () => {
      run();
      timer = setInterval(run, 60_000);
    },
    60_000 - (Date.now() % 60_000) + 1_000,
  );
  onShutdown(async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
    await deleteApp(senderApp);
  });
}
runMealRemindersOnTimer();

const vite = startNodeProcess('vite', nodeBin('vite'), ['--mode', 'emulators'], {
  env: stack.env,
  inherit: true,
});

console.log(`
  ChallangeX is starting at http://127.0.0.1:${VITE_PORT}
  Demo sign-in: asha@challangex.dev / ${DEMO_PASSWORD}   (admin: admin@challangex.dev / ${DEMO_PASSWORD})
  Press Ctrl-C to stop everything.
`);

const viteCode = await vite.exited;
await exitAfterCleanup(
  `Vite exited (code ${viteCode}); stopping the stack.`,
  viteCode === 0 ? 0 : 1,
);
