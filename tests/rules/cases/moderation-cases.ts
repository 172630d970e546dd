import type firebase from 'firebase/compat/app';
import { casesFor } from '../support/rules-matrix';
import { OWNER_UID } from '../support/roles';
import {
  OWNER_CHALLENGE,
  setInWorld,
  type Database,
  type DatabaseWorld,
} from '../support/database-world';

type Query = firebase.database.Query;

const HOUR = 3_600_000;

const auditEntry = (at: number) => ({
  at,
  action: 'hide-challenge',
  actor: { uid: 'ada', email: 'ada@example.com' },
  target: { uid: OWNER_UID, challengeId: OWNER_CHALLENGE, label: 'Lean week' },
  reason: 'Spam',
});

/** The audit log holds one entry, written by the API (never by a client). */
const withAudit = (world: DatabaseWorld) =>
  setInWorld(world, 'moderation/audit/entry-1', auditEntry(world.now - HOUR));

const audit = casesFor<DatabaseWorld, Database>('moderation/audit/{id}');
audit.allowed(
  'admin',
  'query',
  'reads the newest page of the audit log (11 by at)',
  (db) => db.ref('moderation/audit').orderByChild('at').limitToLast(11).get(),
  withAudit,
);
audit.allowed(
  'admin',
  'query',
  'reads an older page of the audit log (endBefore cursor)',
  (db) =>
    db.ref('moderation/audit').orderByChild('at').endBefore(Date.now(), 'z').limitToLast(11).get(),
  withAudit,
);
audit.allowed(
  'admin',
  'read',
  'reads one audit entry',
  (db) => db.ref('moderation/audit/entry-1').get(),
  withAudit,
);
audit.denied(
  'admin',
  'read',
  'reads the whole audit log at once',
  (db) => db.ref('moderation/audit').get(),
  withAudit,
);
// Both sides of the 25-row page cap, from either end.
for (const [end, limit] of [
  ['newest', (query: Query, n: number) => query.limitToLast(n)],
  ['oldest', (query: Query, n: number) => query.limitToFirst(n)],
] as const) {
  audit.allowed(
    'admin',
    'query',
    `reads the ${end} 25 audit entries (the page cap)`,
    (db) => limit(db.ref('moderation/audit').orderByChild('at'), 25).get(),
    withAudit,
  );
  audit.denied(
    'admin',
    'query',
    `reads the ${end} 26 audit entries (one past the page cap)`,
    (db) => limit(db.ref('moderation/audit').orderByChild('at'), 26).get(),
    withAudit,
  );
}
for (const role of ['visitor', 'member', 'owner', 'other member'] as const) {
  audit.denied(
    role,
    'query',
    'reads the newest page of the audit log',
    (db) => db.ref('moderation/audit').orderByChild('at').limitToLast(11).get(),
    withAudit,
  );
}
audit.denied(
  'owner',
  'read',
  'reads the audit entry about their challenge',
  (db) => db.ref('moderation/audit/entry-1').get(),
  withAudit,
);
audit.denied('admin', 'create', 'adds an audit entry from the browser', (db) =>
  db.ref('moderation/audit').push(auditEntry(Date.now())),
);
audit.denied('member', 'create', 'adds an audit entry', (db) =>
  db.ref('moderation/audit').push(auditEntry(Date.now())),
);
audit.denied(
  'admin',
  'update',
  'rewrites who did an action',
  (db) => db.ref('moderation/audit/entry-1/actor/uid').set('someone-else'),
  withAudit,
);
audit.denied(
  'admin',
  'delete',
  'erases an audit entry',
  (db) => db.ref('moderation/audit/entry-1').remove(),
  withAudit,
);
audit.denied(
  'owner',
  'delete',
  'erases the audit entry about their challenge',
  (db) => db.ref('moderation/audit/entry-1').remove(),
  withAudit,
);

/** The owner's challenge, hidden by a moderator: its feed entry kept server-side, the record marked. */
const hiddenChallenge = (world: DatabaseWorld) => {
  setInWorld(world, `feed/${OWNER_CHALLENGE}`, null);
  setInWorld(world, `moderation/hiddenFeed/${OWNER_CHALLENGE}`, {
    uid: OWNER_UID,
    byModerator: { at: world.now - HOUR, by: 'ada', reason: 'Spam' },
  });
  setInWorld(world, `users/${OWNER_UID}/challenges/${OWNER_CHALLENGE}/moderation`, {
    hiddenAt: world.now - HOUR,
    reason: 'Spam',
  });
};
const mark = `users/${OWNER_UID}/challenges/${OWNER_CHALLENGE}/moderation`;
const hiddenFeed = `moderation/hiddenFeed/${OWNER_CHALLENGE}`;

const marker = casesFor<DatabaseWorld, Database>('users/{uid}/challenges/{cid}/moderation');
marker.allowed(
  'other member',
  'read',
  'reads why a challenge was hidden',
  (db) => db.ref(mark).get(),
  hiddenChallenge,
);
marker.allowed(
  'owner',
  'read',
  'reads why their challenge was hidden',
  (db) => db.ref(mark).get(),
  hiddenChallenge,
);
marker.allowed(
  'admin',
  'read',
  'reads the moderation mark',
  (db) => db.ref(mark).get(),
  hiddenChallenge,
);
marker.denied(
  'visitor',
  'read',
  'reads the moderation mark',
  (db) => db.ref(mark).get(),
  hiddenChallenge,
);
marker.denied(
  'owner',
  'delete',
  'removes the mark from their hidden challenge',
  (db) => db.ref(mark).remove(),
  hiddenChallenge,
);
marker.denied(
  'owner',
  'update',
  'changes the moderator’s reason',
  (db) => db.ref(`${mark}/reason`).set('Nothing'),
  hiddenChallenge,
);
marker.denied('admin', 'create', 'hides a challenge from the browser instead of the API', (db) =>
  db.ref(mark).set({ hiddenAt: Date.now(), reason: 'Spam' }),
);
marker.denied('member', 'create', "marks someone else's challenge as hidden", (db) =>
  db.ref(mark).set({ hiddenAt: Date.now(), reason: 'Spam' }),
);
marker.denied(
  'owner',
  'create',
  'puts their hidden challenge back into the feed',
  (db) =>
    db.ref(`feed/${OWNER_CHALLENGE}`).set({
      uid: OWNER_UID,
      title: 'Lean week',
      day: 2,
      preference: 'veg',
      targetBody: 'Lean',
      displayName: OWNER_UID,
      photoURL: '',
      cover: '',
      createdAt: Date.now(),
    }),
  hiddenChallenge,
);
marker.allowed(
  'owner',
  'update',
  'retitles their hidden challenge without republishing it',
  (db) =>
    db.ref(`users/${OWNER_UID}/challenges/${OWNER_CHALLENGE}`).update({
      title: 'Quiet week',
      updatedAt: { '.sv': 'timestamp' },
    }),
  hiddenChallenge,
);
marker.denied(
  'owner',
  'update',
  'retitles the feed entry of their hidden challenge',
  (db) =>
    db.ref().update({
      [`users/${OWNER_UID}/challenges/${OWNER_CHALLENGE}/title`]: 'Quiet week',
      [`users/${OWNER_UID}/challenges/${OWNER_CHALLENGE}/updatedAt`]: { '.sv': 'timestamp' },
      [`feed/${OWNER_CHALLENGE}/title`]: 'Quiet week',
      [`feed/${OWNER_CHALLENGE}/updatedAt`]: { '.sv': 'timestamp' },
    }),
  hiddenChallenge,
);
// The delete route soft-deletes a hidden challenge too; the browser does not (challenge-cases.ts).
marker.denied(
  'owner',
  'delete',
  'soft-deletes their hidden challenge from the browser',
  (db) =>
    db.ref().update({
      [`users/${OWNER_UID}/challenges/${OWNER_CHALLENGE}/deleted`]: true,
      [`users/${OWNER_UID}/challenges/${OWNER_CHALLENGE}/isActive`]: false,
      [`feed/${OWNER_CHALLENGE}`]: null,
    }),
  hiddenChallenge,
);

const stash = casesFor<DatabaseWorld, Database>('moderation/hiddenFeed/{cid}');
for (const role of ['visitor', 'member', 'owner', 'admin'] as const) {
  stash.denied(
    role,
    'read',
    'reads a kept feed entry',
    (db) => db.ref(hiddenFeed).get(),
    hiddenChallenge,
  );
}
stash.denied(
  'owner',
  'delete',
  'drops the moderator’s part of the kept entry',
  (db) => db.ref(`${hiddenFeed}/byModerator`).remove(),
  hiddenChallenge,
);
stash.denied(
  'admin',
  'update',
  'unhides from the browser instead of the API',
  (db) => db.ref(hiddenFeed).update({ byModerator: null }),
  hiddenChallenge,
);
stash.denied('other member', 'create', 'keeps an entry of their own there', (db) =>
  db.ref('moderation/hiddenFeed/c-new').set({ uid: 'oscar' }),
);
stash.denied('member', 'read', 'reads the disabled members', (db) =>
  db.ref('moderation/disabledMembers').get(),
);
stash.denied('admin', 'read', 'reads the whole moderation tree', (db) =>
  db.ref('moderation').get(),
);

// The API's request counters (functions/src/http/database-counters.ts): a client that could read them would
// learn another member's activity, one that could write them would reset its own allowance.
const counter = `serverLimits/requests/generate/${OWNER_UID}`;
const withCounter = (world: DatabaseWorld) =>
  setInWorld(world, counter, { windowStart: world.now - 1_000, count: 10 });
const limits = casesFor<DatabaseWorld, Database>('serverLimits/{key}');
for (const role of ['owner', 'other member', 'admin'] as const) {
  limits.denied(
    role,
    'read',
    'reads a request counter',
    (db) => db.ref(counter).get(),
    withCounter,
  );
}
limits.denied(
  'owner',
  'delete',
  'resets their own request counter',
  (db) => db.ref(counter).remove(),
  withCounter,
);
limits.denied(
  'owner',
  'update',
  'rewinds their own request counter',
  (db) => db.ref(counter).update({ count: 0 }),
  withCounter,
);
limits.denied('admin', 'create', 'sets a member’s counter from the browser', (db) =>
  db.ref(`serverLimits/requests/identity/${OWNER_UID}`).set({ windowStart: 0, count: 0 }),
);

// A disabled member's writes are refused at once, whatever token or connection they still hold: the
// rules read the marker the API writes when disabling (moderation/disabledMembers/{uid}).
const disabledOwner = (world: DatabaseWorld) =>
  setInWorld(world, `moderation/disabledMembers/${OWNER_UID}`, {
    at: world.now - HOUR,
    by: 'ada',
    reason: 'Spam',
  });
const banned = casesFor<DatabaseWorld, Database>('users/{uid}/info');
banned.denied(
  'owner',
  'update',
  'edits its bio while disabled (a token from before the ban)',
  (db) => db.ref(`users/${OWNER_UID}/info`).update({ bio: 'Still here.' }),
  disabledOwner,
);
const bannedSocial = casesFor<DatabaseWorld, Database>('users/{uid}/social');
bannedSocial.denied(
  'owner',
  'update',
  'sets a social link while disabled',
  (db) => db.ref(`users/${OWNER_UID}/social`).update({ facebook: 'https://facebook.com/spam' }),
  disabledOwner,
);

export const moderationCases = [
  ...banned.cases,
  ...bannedSocial.cases,
  ...audit.cases,
  ...marker.cases,
  ...stash.cases,
  ...limits.cases,
];
