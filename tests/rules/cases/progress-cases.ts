import { casesFor } from '../support/rules-matrix';
import { setInWorld, type Database, type DatabaseWorld } from '../support/database-world';
import { OWNER_UID } from '../support/roles';

/**
 * What the server derives with the score (POST /api/me/recompute, member-rollup.ts) and the
 * private weight log (the API writes it): no client writes any of it.
 */

const INFO = `users/${OWNER_UID}/info`;
const GLANCE = `users/${OWNER_UID}/glance`;
const WEIGHTS = `users/${OWNER_UID}/weights`;

const STREAK = {
  currentStreak: 3,
  bestStreak: 6,
  streakFreezes: 1,
  lastStreakBreakDays: 6,
  lastStreakBreakOn: '2026-11-17',
};
const GLANCE_RECORD = {
  challengesCompleted: 1,
  mealsProved: 14,
  mealsPlanned: 20,
  days: { '2026-11-20': 3, '2026-11-21': 2 },
};

/** Olivia with the figures recompute wrote, her glance and two weight entries. */
function withProgress(world: DatabaseWorld) {
  for (const [field, value] of Object.entries(STREAK)) setInWorld(world, `${INFO}/${field}`, value);
  setInWorld(world, GLANCE, GLANCE_RECORD);
  setInWorld(world, `${WEIGHTS}/2026-11-20`, { kg: 65.2, at: world.now - 86_400_000 });
  setInWorld(world, `${WEIGHTS}/2026-11-21`, { kg: 64.9, at: world.now });
}

const info = casesFor<DatabaseWorld, Database>('users/{uid}/info');
info.denied(
  'owner',
  'update',
  'raises its own currentStreak',
  (db) => db.ref(`${INFO}/currentStreak`).set(30),
  withProgress,
);
info.denied(
  'owner',
  'update',
  'raises its own bestStreak',
  (db) => db.ref(INFO).update({ bestStreak: 100 }),
  withProgress,
);
info.denied(
  'owner',
  'update',
  'grants itself streak freezes',
  (db) => db.ref(INFO).update({ streakFreezes: 2 }),
  withProgress,
);
info.denied(
  'owner',
  'update',
  'hides its last broken streak (lastStreakBreakDays)',
  (db) => db.ref(`${INFO}/lastStreakBreakDays`).remove(),
  withProgress,
);
info.denied(
  'owner',
  'update',
  'moves the date its streak broke (lastStreakBreakOn)',
  (db) => db.ref(INFO).update({ lastStreakBreakOn: '2026-01-01' }),
  withProgress,
);
info.denied('owner', 'create', 'writes a current streak before recompute ever did', (db) =>
  db.ref(`${INFO}/currentStreak`).set(5),
);
info.denied(
  'owner',
  'delete',
  'removes its current streak',
  (db) => db.ref(`${INFO}/currentStreak`).remove(),
  withProgress,
);
info.allowed(
  'owner',
  'update',
  'edits its bio while holding a streak',
  (db) => db.ref(INFO).update({ bio: 'Three days in.' }),
  withProgress,
);

const glance = casesFor<DatabaseWorld, Database>('users/{uid}/glance');
for (const role of ['owner', 'other member', 'member', 'admin'] as const)
  glance.allowed(
    role,
    'read',
    "reads a member's profile at a glance",
    (db) => db.ref(GLANCE).get(),
    withProgress,
  );
glance.denied(
  'visitor',
  'read',
  "reads a member's profile at a glance",
  (db) => db.ref(GLANCE).get(),
  withProgress,
);
glance.denied('owner', 'create', 'writes its own glance', (db) =>
  db.ref(GLANCE).set({ ...GLANCE_RECORD, mealsProved: 20 }),
);
glance.denied(
  'owner',
  'update',
  'marks a missed day of its calendar as three meals proved',
  (db) => db.ref(`${GLANCE}/days/2026-11-21`).set(3),
  withProgress,
);
glance.denied(
  'owner',
  'delete',
  'removes its glance',
  (db) => db.ref(GLANCE).remove(),
  withProgress,
);
glance.denied(
  'other member',
  'update',
  "zeroes another member's meals proved",
  (db) => db.ref(GLANCE).update({ mealsProved: 0 }),
  withProgress,
);
glance.denied(
  'admin',
  'update',
  "changes a member's challenges completed",
  (db) => db.ref(GLANCE).update({ challengesCompleted: 9 }),
  withProgress,
);
glance.denied(
  'visitor',
  'delete',
  "removes a member's glance",
  (db) => db.ref(GLANCE).remove(),
  withProgress,
);
glance.denied('member', 'create', 'writes a glance for a member who has none', (db) =>
  db.ref(GLANCE).set(GLANCE_RECORD),
);

const weights = casesFor<DatabaseWorld, Database>('users/{uid}/weights');
weights.allowed(
  'owner',
  'read',
  'reads its own weight log',
  (db) => db.ref(WEIGHTS).get(),
  withProgress,
);
weights.allowed(
  'admin',
  'read',
  "reads a member's weight log",
  (db) => db.ref(WEIGHTS).get(),
  withProgress,
);
weights.denied(
  'other member',
  'read',
  "reads another member's weight log",
  (db) => db.ref(WEIGHTS).get(),
  withProgress,
);
weights.denied(
  'member',
  'read',
  "reads one entry of a member's weight log",
  (db) => db.ref(`${WEIGHTS}/2026-11-21`).get(),
  withProgress,
);
weights.denied(
  'visitor',
  'read',
  "reads a member's weight log",
  (db) => db.ref(WEIGHTS).get(),
  withProgress,
);
weights.denied(
  'other member',
  'query',
  "lists another member's latest weight",
  (db) => db.ref(WEIGHTS).orderByKey().limitToLast(1).get(),
  withProgress,
);
weights.denied(
  'owner',
  'create',
  'logs a weight around the API (no range or date checks)',
  (db) => db.ref(`${WEIGHTS}/2026-11-22`).set({ kg: 0, at: 0 }),
  withProgress,
);
weights.denied(
  'owner',
  'update',
  'edits an entry around the API',
  (db) => db.ref(`${WEIGHTS}/2026-11-21/kg`).set(1000),
  withProgress,
);
weights.denied(
  'owner',
  'delete',
  'deletes an entry around the API',
  (db) => db.ref(`${WEIGHTS}/2026-11-21`).remove(),
  withProgress,
);
weights.denied(
  'admin',
  'update',
  "changes a member's weight entry",
  (db) => db.ref(`${WEIGHTS}/2026-11-21`).update({ kg: 70 }),
  withProgress,
);
weights.denied(
  'other member',
  'create',
  "logs a weight in another member's log",
  (db) => db.ref(`${WEIGHTS}/2026-11-22`).set({ kg: 60, at: 0 }),
  withProgress,
);
weights.denied(
  'visitor',
  'delete',
  "deletes a member's weight log",
  (db) => db.ref(WEIGHTS).remove(),
  withProgress,
);

// Recompute's own records (member-rollup.ts): no rule grants them, so only the API reads or writes.
const PROGRESS = `progress/${OWNER_UID}`;
const withRollup = (world: DatabaseWorld) =>
  setInWorld(world, `${PROGRESS}/member`, { version: 1, total: 40, latestCreatedAt: world.now });
const progress = casesFor<DatabaseWorld, Database>('progress/{uid}');
progress.denied(
  'owner',
  'read',
  'reads its recompute rollup',
  (db) => db.ref(`${PROGRESS}/member`).get(),
  withRollup,
);
progress.denied(
  'admin',
  'read',
  "reads a member's recompute records",
  (db) => db.ref(PROGRESS).get(),
  withRollup,
);
progress.denied(
  'owner',
  'update',
  'raises the points its rollup holds',
  (db) => db.ref(`${PROGRESS}/member/total`).set(100_000),
  withRollup,
);
progress.denied('owner', 'create', 'plants a verdict that an unproved meal was proved', (db) =>
  db.ref(`${PROGRESS}/challenges/c-olivia-1/proofs/Day1-dinner`).set({ doneAt: 1, ok: true }),
);
progress.denied(
  'other member',
  'delete',
  "removes another member's rollup",
  (db) => db.ref(`${PROGRESS}/member`).remove(),
  withRollup,
);

export const progressCases = [...info.cases, ...glance.cases, ...weights.cases, ...progress.cases];
