import type firebase from 'firebase/compat/app';
import { firstSignInWrites } from '@/features/auth/api/member-records';
import { profileWrites } from '@/features/profile/api/update-profile';
import type { ProfileUpdate } from '@domain/members/profile-form-schema';
import type { SessionUser } from '@/services/auth';
import { casesFor } from '../support/rules-matrix';
import {
  setInWorld,
  urlOfLength,
  type Database,
  type DatabaseWorld,
} from '../support/database-world';
import { OTHER_UID, OWNER_UID } from '../support/roles';
import { memberIdentityCases } from './member-identity-cases';
import { socialLinkCases } from './social-link-cases';

type Query = firebase.database.Query;

const INFO = `users/${OWNER_UID}/info`;
const PRIVATE = `users/${OWNER_UID}/private`;
const SOCIAL = `users/${OWNER_UID}/social`;

/** Olivia as the session sees her at her first sign-in. */
const OLIVIA: SessionUser = {
  uid: OWNER_UID,
  email: 'olivia@example.com',
  displayName: 'Olivia',
  photoURL: null,
  emailVerified: true,
  isAdmin: false,
};

/** What the app writes at a member's first sign-in (info and private in one update), with changes. */
function firstSignIn(
  info: Record<string, unknown> = {},
  privateFields: Record<string, unknown> = {},
) {
  const writes = firstSignInWrites(OLIVIA);
  return {
    [INFO]: { ...writes[INFO], ...info },
    [PRIVATE]: { ...writes[PRIVATE], ...privateFields },
  };
}

/** The fields the Edit profile form saves, social links apart (they are their own write). */
const PROFILE_FORM = {
  displayName: 'Olivia Owner',
  location: 'Mumbai',
  preference: 'vegan',
  bio: 'Plants.',
  height: 182,
  weight: 78.5,
  age: 34,
  sex: 'female',
  activity: 'moderate',
};
/** What the Edit profile form sends (the app's own builder), with `changes`. */
const saveProfile = (db: Database, changes: Partial<ProfileUpdate> = {}) =>
  db.ref().update(profileWrites(OWNER_UID, { ...PROFILE_FORM, ...changes } as ProfileUpdate));

const withoutOwnerRecords = (world: DatabaseWorld) => {
  setInWorld(world, INFO, null);
  setInWorld(world, PRIVATE, null);
};

const info = casesFor<DatabaseWorld, Database>('users/{uid}/info');
info.denied('visitor', 'read', "reads a member's public info", (db) => db.ref(INFO).get());
info.allowed('member', 'read', "reads a member's public info", (db) => db.ref(INFO).get());
info.allowed('owner', 'read', 'reads own public info', (db) => db.ref(INFO).get());
info.allowed('other member', 'read', "reads another member's public info", (db) =>
  db.ref(INFO).get(),
);
info.allowed('admin', 'read', "reads a member's public info", (db) => db.ref(INFO).get());
info.allowed(
  'owner',
  'create',
  'first sign-in: info with joinAt and createdAt = server time, plus private',
  (db) => db.ref().update(firstSignIn()),
  withoutOwnerRecords,
);
info.denied(
  'owner',
  'create',
  'first sign-in with a client-chosen createdAt',
  (db) => db.ref().update(firstSignIn({ createdAt: 1_600_000_000_000 })),
  withoutOwnerRecords,
);
info.denied(
  'owner',
  'create',
  "first sign-in with a made-up joinAt text ('2001-01-01 00:00:00')",
  (db) => db.ref().update(firstSignIn({ joinAt: '2001-01-01 00:00:00' })),
  withoutOwnerRecords,
);
info.denied(
  'owner',
  'create',
  'first sign-in with a client-chosen joinAt time',
  (db) => db.ref().update(firstSignIn({ joinAt: 978_307_200_000 })),
  withoutOwnerRecords,
);
info.denied(
  'owner',
  'create',
  'first sign-in without joinAt',
  (db) => db.ref().update(firstSignIn({ joinAt: null })),
  withoutOwnerRecords,
);
info.denied(
  'owner',
  'create',
  'first sign-in that grants itself a score',
  (db) => db.ref().update(firstSignIn({ score: 1000 })),
  withoutOwnerRecords,
);
info.denied(
  'owner',
  'create',
  'first sign-in that sets its own challenge counters',
  (db) => db.ref().update(firstSignIn({ activeChallenges: 0, totalChallenges: 99 })),
  withoutOwnerRecords,
);
info.denied(
  'owner',
  'create',
  'first sign-in without a displayName',
  (db) => db.ref().update(firstSignIn({ displayName: null })),
  withoutOwnerRecords,
);
info.denied(
  'owner',
  'create',
  'first sign-in with an unknown field',
  (db) => db.ref().update(firstSignIn({ isAdmin: true })),
  withoutOwnerRecords,
);
info.denied(
  'owner',
  'create',
  'first sign-in with a javascript: photoURL',
  (db) => db.ref().update(firstSignIn({ photoURL: 'javascript:alert(1)' })),
  withoutOwnerRecords,
);
info.denied(
  'owner',
  'create',
  'first sign-in whose uid field names someone else',
  (db) => db.ref().update(firstSignIn({ uid: OTHER_UID })),
  withoutOwnerRecords,
);
info.denied(
  'other member',
  'create',
  "creates someone else's info",
  (db) => db.ref(INFO).set(firstSignIn()[INFO]),
  withoutOwnerRecords,
);
info.denied(
  'visitor',
  'create',
  "creates a member's info",
  (db) => db.ref(INFO).set(firstSignIn()[INFO]),
  withoutOwnerRecords,
);
info.denied(
  'admin',
  'create',
  "creates a member's info",
  (db) => db.ref(INFO).set(firstSignIn()[INFO]),
  withoutOwnerRecords,
);
info.denied('owner', 'update', 'signs in again and rewrites info with a new joinAt', (db) =>
  db.ref(INFO).set({ ...firstSignIn()[INFO], score: 40, activeChallenges: 1, totalChallenges: 1 }),
);
info.allowed('owner', 'update', 'edits displayName, photoURL, location, preference and bio', (db) =>
  db.ref(INFO).update({
    displayName: 'Liv',
    photoURL: 'https://lh3.googleusercontent.com/a/liv',
    location: 'Mumbai',
    preference: 'vegan',
    bio: 'Plants.',
  }),
);
info.allowed('owner', 'update', 'sets photoURL to the local Storage emulator download URL', (db) =>
  db.ref(INFO).update({
    photoURL:
      'http://127.0.0.1:9199/v0/b/demo-challangex/o/Challenge%2Folivia%2Fprofile%2Favtar.jpg?alt=media&token=t1',
  }),
);
info.allowed(
  'owner',
  'update',
  'saves location, preference and bio on an older record that has no photoURL',
  (db) => db.ref(INFO).update({ location: 'Mumbai', preference: 'vegan', bio: 'Plants.' }),
  (world) => setInWorld(world, `${INFO}/photoURL`, null),
);
info.allowed('owner', 'update', 'edits its bio on an older record whose joinAt is text', (db) =>
  db.ref(INFO).update({ bio: 'Still here.' }),
);
info.denied('owner', 'update', 'removes its photoURL field', (db) =>
  db.ref(`${INFO}/photoURL`).remove(),
);
info.denied('owner', 'update', 'replaces its joinAt text with a number', (db) =>
  db.ref(INFO).update({ joinAt: 978_307_200_000 }),
);
info.denied('owner', 'update', 'writes its own score', (db) =>
  db.ref(`${INFO}/score`).set(100_000),
);
info.denied('owner', 'update', 'increments its own score with a server increment', (db) =>
  db.ref(`${INFO}/score`).set({ '.sv': { increment: 10 } }),
);
info.denied(
  'owner',
  'update',
  'lowers its active-challenge counter to get around the limit',
  (db) => db.ref(INFO).update({ activeChallenges: 0 }),
);
info.denied('owner', 'update', 'changes totalChallenges', (db) =>
  db.ref(INFO).update({ totalChallenges: 7 }),
);
info.denied('owner', 'update', 'backdates joinAt', (db) =>
  db.ref(INFO).update({ joinAt: '2020-01-01 00:00:00' }),
);
info.denied('owner', 'update', 'changes createdAt', (db) => db.ref(INFO).update({ createdAt: 1 }));
info.denied('owner', 'update', 'sets a location outside the list', (db) =>
  db.ref(INFO).update({ location: 'Atlantis' }),
);
info.denied('owner', 'update', 'sets an unknown preference', (db) =>
  db.ref(INFO).update({ preference: 'carnivore' }),
);
info.allowed('owner', 'update', 'writes a 500-character bio (the limit)', (db) =>
  saveProfile(db, { bio: 'b'.repeat(500) }),
);
info.allowed('owner', 'update', 'takes a 100-character displayName (the limit)', (db) =>
  db.ref(INFO).update({ displayName: 'n'.repeat(100) }),
);
info.denied('owner', 'update', 'takes a 101-character displayName', (db) =>
  db.ref(INFO).update({ displayName: 'n'.repeat(101) }),
);
info.denied('owner', 'update', 'writes a 501-character bio', (db) =>
  saveProfile(db, { bio: 'b'.repeat(501) }),
);
info.denied('owner', 'update', 'blanks its displayName', (db) =>
  db.ref(INFO).update({ displayName: '   ' }),
);
info.allowed('owner', 'update', 'sets a 2,048-character photoURL (the limit)', (db) =>
  db.ref(INFO).update({ photoURL: urlOfLength('https://lh3.googleusercontent.com/a/', 2048) }),
);
info.denied('owner', 'update', 'sets a 2,049-character photoURL', (db) =>
  db.ref(INFO).update({ photoURL: urlOfLength('https://lh3.googleusercontent.com/a/', 2049) }),
);
info.denied('owner', 'update', 'sets a data: photoURL', (db) =>
  db.ref(INFO).update({ photoURL: 'data:image/svg+xml;base64,PHN2Zz4=' }),
);
info.denied('owner', 'update', 'sets a plain-http photoURL on another host', (db) =>
  db.ref(INFO).update({ photoURL: 'http://evil.example/a.png' }),
);
info.denied('owner', 'update', 'adds an unknown field', (db) =>
  db.ref(INFO).update({ role: 'admin' }),
);
info.denied('member', 'update', "edits another member's displayName", (db) =>
  db.ref(INFO).update({ displayName: 'Hacked' }),
);
info.denied('other member', 'update', "edits another member's bio", (db) =>
  db.ref(INFO).update({ bio: 'Hacked' }),
);
info.denied('admin', 'update', "edits a member's displayName", (db) =>
  db.ref(INFO).update({ displayName: 'Renamed' }),
);
info.denied('visitor', 'update', "edits a member's bio", (db) =>
  db.ref(INFO).update({ bio: 'Hacked' }),
);
info.denied('owner', 'delete', 'removes its whole info record', (db) => db.ref(INFO).remove());
info.denied('owner', 'delete', 'removes its score', (db) => db.ref(`${INFO}/score`).remove());
info.allowed('owner', 'delete', 'clears its optional bio', (db) => db.ref(`${INFO}/bio`).remove());
info.denied('other member', 'delete', "removes another member's info", (db) =>
  db.ref(INFO).remove(),
);
info.denied('admin', 'delete', "removes a member's info", (db) => db.ref(INFO).remove());

const users = casesFor<DatabaseWorld, Database>('users');
// Nobody lists users/, not even an admin: the admin screen lists members through the API
// (GET /api/admin/members reads Auth), so the rules grant no query here in any order or size.
users.denied('admin', 'query', 'reads a page of 11 members ordered by info/createdAt', (db) =>
  db.ref('users').orderByChild('info/createdAt').limitToLast(11).get(),
);
users.denied('admin', 'query', 'reads 100 members with their challenges in one page', (db) =>
  db.ref('users').orderByChild('info/createdAt').limitToLast(100).get(),
);
// The 25-member page the admin screen once read, from either end.
for (const [end, limit] of [
  ['newest', (query: Query, n: number) => query.limitToLast(n)],
  ['oldest', (query: Query, n: number) => query.limitToFirst(n)],
] as const) {
  users.denied('admin', 'query', `reads the ${end} 25 members (the old admin page)`, (db) =>
    limit(db.ref('users').orderByChild('info/createdAt'), 25).get(),
  );
}
users.denied('admin', 'read', 'reads the whole users tree', (db) => db.ref('users').get());
users.denied(
  'member',
  'query',
  'lists every member with their challenges and private fields',
  (db) => db.ref('users').orderByChild('info/createdAt').limitToLast(100).get(),
);
users.denied('visitor', 'query', 'lists every member', (db) =>
  db.ref('users').limitToFirst(100).get(),
);
users.denied('owner', 'read', 'reads the whole users tree', (db) => db.ref('users').get());
users.denied('owner', 'create', 'adds an unknown record under its own uid', (db) =>
  db.ref(`users/${OWNER_UID}/roles`).set({ admin: true }),
);
users.allowed(
  'owner',
  'read',
  'reads its own info, social and challenges as separate nodes',
  (db) =>
    Promise.all([
      db.ref(INFO).get(),
      db.ref(SOCIAL).get(),
      db.ref(`users/${OWNER_UID}/challenges`).get(),
    ]),
);

const privateRecord = casesFor<DatabaseWorld, Database>('users/{uid}/private');
privateRecord.denied('visitor', 'read', "reads a member's email and body stats", (db) =>
  db.ref(PRIVATE).get(),
);
privateRecord.denied('member', 'read', "reads a member's email and body stats", (db) =>
  db.ref(PRIVATE).get(),
);
privateRecord.allowed('owner', 'read', 'reads its own private record', (db) =>
  db.ref(PRIVATE).get(),
);
privateRecord.denied('other member', 'read', "reads another member's private record", (db) =>
  db.ref(PRIVATE).get(),
);
privateRecord.allowed('admin', 'read', "reads a member's private record", (db) =>
  db.ref(PRIVATE).get(),
);
privateRecord.denied(
  'owner',
  'create',
  'first sign-in with an email that is not the signed-in one',
  (db) => db.ref().update(firstSignIn({}, { email: 'ceo@example.com' })),
  withoutOwnerRecords,
);
privateRecord.denied(
  'owner',
  'create',
  'first sign-in with an emailVerified that is not a boolean',
  (db) => db.ref().update(firstSignIn({}, { emailVerified: 'yes' })),
  withoutOwnerRecords,
);
privateRecord.denied(
  'other member',
  'create',
  "creates another member's private record",
  (db) => db.ref(PRIVATE).set({ email: 'olivia@example.com', emailVerified: true }),
  withoutOwnerRecords,
);
privateRecord.allowed(
  'owner',
  'update',
  'saves the profile form: location, preference, bio, height, weight, age, sex and activity',
  (db) => saveProfile(db),
);
privateRecord.allowed(
  'owner',
  'update',
  'saves body stats on an older private record that has no emailVerified',
  (db) => db.ref(PRIVATE).update({ height: 170, weight: 64, age: 31 }),
  (world) => setInWorld(world, `${PRIVATE}/emailVerified`, null),
);
privateRecord.denied('owner', 'update', 'removes its emailVerified field', (db) =>
  db.ref(`${PRIVATE}/emailVerified`).remove(),
);
privateRecord.denied('owner', 'update', 'saves a height that is not a number', (db) =>
  db.ref(PRIVATE).update({ height: 'tall' }),
);
privateRecord.denied('owner', 'update', 'saves an age of 5', (db) =>
  db.ref(PRIVATE).update({ age: 5 }),
);
privateRecord.denied('owner', 'update', 'saves a weight of 500 kg', (db) =>
  db.ref(PRIVATE).update({ weight: 500 }),
);
// Both sides of every bound of the body stats: the last value inside is saved, the first outside refused.
for (const [field, lowest, highest] of [
  ['height', 100, 250],
  ['weight', 25, 300],
  ['age', 13, 110],
] as const) {
  privateRecord.allowed('owner', 'update', `saves ${field} ${lowest} (its lowest)`, (db) =>
    saveProfile(db, { [field]: lowest }),
  );
  privateRecord.allowed('owner', 'update', `saves ${field} ${highest} (its highest)`, (db) =>
    saveProfile(db, { [field]: highest }),
  );
  privateRecord.denied('owner', 'update', `saves ${field} ${lowest - 1} (below its lowest)`, (db) =>
    saveProfile(db, { [field]: lowest - 1 }),
  );
  privateRecord.denied(
    'owner',
    'update',
    `saves ${field} ${highest + 1} (above its highest)`,
    (db) => saveProfile(db, { [field]: highest + 1 }),
  );
}
privateRecord.denied('owner', 'update', 'saves an unknown activity level', (db) =>
  db.ref(PRIVATE).update({ activity: 'couch' }),
);
privateRecord.denied('owner', 'update', 'adds an unknown field', (db) =>
  db.ref(PRIVATE).update({ phone: '+911234567890' }),
);
privateRecord.denied('other member', 'update', "changes another member's weight", (db) =>
  db.ref(PRIVATE).update({ weight: 120 }),
);
privateRecord.denied('admin', 'update', "changes a member's weight", (db) =>
  db.ref(PRIVATE).update({ weight: 120 }),
);
privateRecord.denied('visitor', 'update', "changes a member's age", (db) =>
  db.ref(PRIVATE).update({ age: 99 }),
);
privateRecord.allowed(
  'owner',
  'delete',
  'clears its optional sex field',
  (db) => db.ref(`${PRIVATE}/sex`).remove(),
  (world) => setInWorld(world, `${PRIVATE}/sex`, 'female'),
);
const withServerTimeZone = (world: DatabaseWorld) => {
  setInWorld(world, `${PRIVATE}/timeZone`, 'Asia/Kolkata');
  setInWorld(world, `${PRIVATE}/timeZoneSetAt`, 1_750_000_000_000);
};
privateRecord.denied(
  'owner',
  'update',
  'moves its meal-window time zone (server-written)',
  (db) => db.ref(PRIVATE).update({ timeZone: 'Europe/London', timeZoneSetAt: 1 }),
  withServerTimeZone,
);
privateRecord.denied(
  'owner',
  'create',
  'sets a time zone at first sign-in',
  (db) => db.ref().update(firstSignIn({}, { timeZone: 'Europe/London', timeZoneSetAt: 1 })),
  withoutOwnerRecords,
);
privateRecord.denied(
  'owner',
  'delete',
  'clears its time zone to choose a new one',
  (db) => db.ref(`${PRIVATE}/timeZone`).remove(),
  withServerTimeZone,
);
privateRecord.allowed(
  'owner',
  'update',
  'saves its body stats while the server keeps its time zone',
  (db) => db.ref(PRIVATE).update({ weight: 70 }),
  withServerTimeZone,
);
privateRecord.denied('owner', 'delete', 'removes its whole private record', (db) =>
  db.ref(PRIVATE).remove(),
);
privateRecord.denied('other member', 'delete', "removes another member's private record", (db) =>
  db.ref(PRIVATE).remove(),
);

export const memberRecordCases = [
  ...users.cases,
  ...info.cases,
  ...privateRecord.cases,
  ...socialLinkCases,
  ...memberIdentityCases,
];
