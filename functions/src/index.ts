import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { getStorage } from 'firebase-admin/storage';
import { onInit } from 'firebase-functions/v2/core';
import {
  databaseURL,
  defineInt,
  defineSecret,
  defineString,
  storageBucket,
} from 'firebase-functions/params';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onObjectFinalized } from 'firebase-functions/v2/storage';
import { logger } from 'firebase-functions';
import type { Express } from 'express';
import { allowedOrigins } from './http/allowed-origins';
import { createApp } from './http/app';
import { bucketPhotoSources } from './members/bucket-photo-sources';
import { mealPlannerFromEnvironment } from './planner/gemini-meal-planner';
import { bucketProofStore } from './proofs/proof-store';
import { createStoredUploadCheck, type FinalizedObject } from './proofs/stored-upload-check';
import {
  decideTeamBonuses,
  TEAM_BONUS_JOB_EVERY_MINUTES,
  type TeamBonusJobDependencies,
} from './groups/team-bonus-job';
import type { PushSender } from './reminders/push-delivery';
import { databaseReminderStore } from './reminders/reminder-store';
import { sendReminders, type SendRemindersDependencies } from './reminders/send-reminders';
import { reminderVapidDetails } from './reminders/vapid-keys';

// Settings, the Firebase way: values come from functions/.env (checked in, the defaults) and
// functions/.env.<project-id> (yours); see docs/deploy.md.
const appOrigins = defineString('APP_ORIGINS', {
  description: "Browser origins beyond the project's Hosting domains, comma-separated",
  default: '',
});
const mealPlanner = defineString('MEAL_PLANNER', {
  description:
    '"built-in" plans meals locally; "gemini" asks Gemini (needs the GEMINI_API_KEY secret)',
  default: 'built-in',
  input: { select: { options: [{ value: 'built-in' }, { value: 'gemini' }] } },
});
// The most instances the API may run at once: a ceiling on what a flood of requests can bill (the
// request counters that matter are kept in the database, so more instances grant no more allowance).
const maxInstances = defineInt('MAX_INSTANCES', {
  description: 'The most instances of the api function (and of the upload check) running at once',
  default: 10,
});
// Declared only when chosen: a deploy refuses to go on while a declared secret is missing.
// Deploy analysis loads this file with the functions/.env* values in process.env.
const geminiApiKey =
  process.env.MEAL_PLANNER === 'gemini' ? defineSecret('GEMINI_API_KEY') : undefined;

// Meal reminders' VAPID keys (docs/deploy.md, "Meal reminders"): the public key and subject are params,
// the private key a secret, declared once the public key is set (so a deploy without reminders needs none).
const vapidPublicKey = defineString('VAPID_PUBLIC_KEY', {
  description:
    'The VAPID public key meal reminders are signed with (base64url); empty: no reminders',
  default: '',
});
const vapidSubject = defineString('VAPID_SUBJECT', {
  description: 'Who push services can reach about our pushes: a mailto: or https: URL',
  default: 'mailto:reminders@challangex.dev',
});
const vapidPrivateKey = process.env.VAPID_PUBLIC_KEY
  ? defineSecret('VAPID_PRIVATE_KEY')
  : undefined;

const projectId = process.env.GCLOUD_PROJECT ?? 'demo-challangex';
let app: Express | undefined;
let checkStoredUpload: ((object: FinalizedObject) => Promise<unknown>) | undefined;
let teamBonusDependencies: TeamBonusJobDependencies | undefined;
let reminderDependencies: SendRemindersDependencies | undefined;

const isPreconditionFailed = (error: unknown) => (error as { code?: unknown }).code === 412;

// Params and secrets are read when an instance starts, not while a deploy analyses this file.
onInit(() => {
  const inEmulator = process.env.FUNCTIONS_EMULATOR === 'true';
  // Deployed, FIREBASE_CONFIG names the project's database (a regional one too). The emulator names
  // https://<project>.firebaseio.com for demo- projects; the local stack serves <project>-default-rtdb.
  const defaultDatabase = `https://${projectId}-default-rtdb.firebaseio.com`;
  // Proof photos are checked in the project's bucket; the emulator serves <project>.appspot.com.
  const bucket =
    process.env.STORAGE_BUCKET ||
    (inEmulator ? `${projectId}.appspot.com` : storageBucket.value()) ||
    `${projectId}.appspot.com`;
  const storageEmulator = process.env.FIREBASE_STORAGE_EMULATOR_HOST?.split(':').at(-1);
  const firebaseApp = initializeApp({
    projectId,
    databaseURL:
      process.env.DATABASE_URL ||
      (inEmulator ? defaultDatabase : databaseURL.value()) ||
      defaultDatabase,
    storageBucket: bucket,
  });
  const uploads = getStorage(firebaseApp).bucket();
  checkStoredUpload = createStoredUploadCheck({
    database: getDatabase(firebaseApp),
    // Only the generation that was judged: an avatar replaced since is judged on its own event.
    deleteObject: (name, generation) =>
      uploads
        .file(name)
        .delete({ ignoreNotFound: true, ...(generation ? { ifGenerationMatch: generation } : {}) })
        .then(
          () => undefined,
          (error: unknown) => {
            if (!isPreconditionFailed(error)) throw error;
          },
        ),
    log: (line) => logger.info(line),
  });
  const database = getDatabase(firebaseApp);
  const proofs = bucketProofStore(getStorage(firebaseApp).bucket());
  const photoSources = bucketPhotoSources(bucket, storageEmulator);
  teamBonusDependencies = {
    database,
    clock: Date.now,
    proofs,
    photoSources,
    log: (message, error) => logger.error(message, error),
  };
  // Without usable keys the API still runs: reminders answer 503 and the sender does nothing.
  let push: PushSender | undefined;
  try {
    push = {
      vapid: reminderVapidDetails({
        inEmulator,
        subject: vapidSubject.value(),
        publicKey: vapidPublicKey.value(),
        privateKey: vapidPrivateKey?.value(),
      }),
      // The local push service (emulators/push) is http on loopback; deployed, only push services.
      allowLocalPushService: inEmulator,
    };
    reminderDependencies = {
      store: databaseReminderStore(database),
      vapid: push.vapid,
      clock: Date.now,
      log: (message, error) => logger.error(message, error),
    };
  } catch (error) {
    logger.error('Meal reminders are off', error);
  }
  app = createApp({
    database,
    auth: getAuth(firebaseApp),
    allowedOrigins: allowedOrigins({
      projectId,
      appOrigins: appOrigins.value(),
      emulator: inEmulator ? { allowedOrigins: process.env.ALLOWED_ORIGINS } : undefined,
    }),
    planMeals: mealPlannerFromEnvironment({
      ...process.env,
      GEMINI_API_KEY: mealPlanner.value() === 'gemini' ? geminiApiKey?.value() : undefined,
    }),
    proofs,
    photoSources,
    push,
  });
});

export const api = onRequest(
  {
    region: 'us-central1',
    maxInstances,
    secrets: [geminiApiKey, vapidPrivateKey].filter((secret) => secret !== undefined),
  },
  (request, response) => app!(request, response),
);

// The finalize check (functions/src/proofs/stored-upload-check.ts, docs/security.md "Cloud Storage"): every
// object stored in the project's bucket is judged once it exists, and deleted when nothing owns it.
export const storedUploadCheck = onObjectFinalized(
  { bucket: storageBucket, region: 'us-central1', maxInstances },
  async (event) => {
    await checkStoredUpload!(event.data as FinalizedObject);
  },
);

// The team bonus of an ended group (functions/src/groups/team-bonus-job.ts, docs/product.md "Group
// challenges"): decided at its end with no member's activity. The Functions emulator fires no
// schedules: the dev stack (scripts/dev.ts) runs the same function on a timer.
export const teamBonusJob = onSchedule(
  {
    schedule: `every ${TEAM_BONUS_JOB_EVERY_MINUTES} minutes`,
    region: 'us-central1',
    // One run at a time: a run that overlaps the next finds the groups it decided gone from the list.
    maxInstances: 1,
  },
  async () => {
    const run = await decideTeamBonuses(teamBonusDependencies!);
    logger.info('Team bonus job', {
      decided: run.decided.length,
      waiting: run.waiting.length,
      gone: run.gone.length,
    });
  },
);

// The meal-reminder sender (functions/src/reminders/send-reminders.ts, docs/architecture.md "Meal
// reminders"): every minute, the reminders due in that minute in each member's zone. It holds no state.
// The Functions emulator fires no schedules: the dev stack (scripts/dev.ts) runs it on a timer.
export const mealReminders = onSchedule(
  {
    schedule: 'every 1 minutes',
    region: 'us-central1',
    // One run at a time; a busy minute's pushes are spread over it (send-reminders.ts).
    maxInstances: 1,
    timeoutSeconds: 120,
    secrets: vapidPrivateKey ? [vapidPrivateKey] : [],
  },
  async () => {
    if (!reminderDependencies) return;
    const run = await sendReminders(reminderDependencies);
    if (run.reminders > 0) logger.info('Meal reminders', run);
  },
);
