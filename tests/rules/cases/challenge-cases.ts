import { challengeDeleteWrites } from '../../../functions/src/challenges/challenge-delete-route';
import { challengeTitleWrites } from '@/features/challenges/api/edit-challenge-title';
import { casesFor } from '../support/rules-matrix';
import {
  mealProof,
  mealProofPath,
  mealProofUrl,
  OWNER_CHALLENGE,
  SERVER_TIME,
  setInWorld,
  type Database,
  type DatabaseWorld,
} from '../support/database-world';
import { OWNER_UID } from '../support/roles';

const CHALLENGES = `users/${OWNER_UID}/challenges`;
/** What every member may read of a challenge: the summary card's fields and whether it is deleted. */
const SUMMARY_FIELDS = [
  'title',
  'displayName',
  'photoURL',
  'createdAt',
  'day',
  'preference',
  'deleted',
];
const CHALLENGE = `${CHALLENGES}/${OWNER_CHALLENGE}`;
const FEED_ENTRY = `feed/${OWNER_CHALLENGE}`;

const OWNER_REF = { ownerId: OWNER_UID, challengeId: OWNER_CHALLENGE, title: 'Lean week' };

/** The edit the app sends for a published challenge: challenge and feed entry retitled together. */
const retitle = (title: string) => challengeTitleWrites(OWNER_REF, title, true);

/** The delete route's soft delete: challenge marked deleted and inactive, feed entry removed. */
const softDelete = () => challengeDeleteWrites(OWNER_UID, OWNER_CHALLENGE);

const newChallenge = {
  title: 'Free points',
  day: 7,
  preference: 'veg',
  targetBody: 'Bulk',
  createdAt: SERVER_TIME,
  deleted: false,
  isActive: true,
};

const challenges = casesFor<DatabaseWorld, Database>('users/{uid}/challenges/{cid}');
challenges.denied('visitor', 'read', "opens a member's challenge", (db) => db.ref(CHALLENGE).get());
challenges.denied('member', 'read', "opens a member's whole challenge (targets, meals)", (db) =>
  db.ref(CHALLENGE).get(),
);
challenges.allowed('owner', 'read', 'opens its own challenge', (db) => db.ref(CHALLENGE).get());
challenges.denied('other member', 'read', "opens another member's whole challenge", (db) =>
  db.ref(CHALLENGE).get(),
);
challenges.allowed('admin', 'read', "opens a member's challenge", (db) => db.ref(CHALLENGE).get());
for (const field of SUMMARY_FIELDS) {
  challenges.allowed('other member', 'read', `reads the summary field ${field}`, (db) =>
    db.ref(`${CHALLENGE}/${field}`).get(),
  );
}
challenges.denied('visitor', 'read', 'reads the summary title', (db) =>
  db.ref(`${CHALLENGE}/title`).get(),
);
challenges.denied(
  'other member',
  'read',
  "reads the targets (weight follows from protein ÷ the goal's g/kg)",
  (db) => db.ref(`${CHALLENGE}/targets`).get(),
);
challenges.denied('member', 'read', 'reads the per-meal plan', (db) =>
  db.ref(`${CHALLENGE}/meals`).get(),
);
challenges.denied('member', 'read', 'reads the start date and time zone', (db) =>
  Promise.all([db.ref(`${CHALLENGE}/startDate`).get(), db.ref(`${CHALLENGE}/timezone`).get()]),
);
challenges.allowed('owner', 'query', 'lists its newest 100 challenges by createdAt', (db) =>
  db.ref(CHALLENGES).orderByChild('createdAt').limitToLast(100).get(),
);
challenges.allowed('owner', 'query', 'lists its own active challenges (create form check)', (db) =>
  db.ref(CHALLENGES).orderByChild('isActive').equalTo(true).get(),
);
challenges.denied('member', 'query', "lists a member's active challenges", (db) =>
  db.ref(CHALLENGES).orderByChild('isActive').equalTo(true).get(),
);
challenges.allowed('admin', 'query', "lists a member's challenges", (db) =>
  db.ref(CHALLENGES).orderByChild('createdAt').limitToLast(100).get(),
);
challenges.denied('visitor', 'query', "lists a member's challenges", (db) =>
  db.ref(CHALLENGES).orderByChild('createdAt').limitToLast(100).get(),
);
challenges.denied(
  'owner',
  'create',
  'creates a challenge directly, bypassing the API and its limit',
  (db) => db.ref(`${CHALLENGES}/c-direct`).set(newChallenge),
);
challenges.denied('owner', 'create', 'creates a challenge by writing only its title', (db) =>
  db.ref(`${CHALLENGES}/c-direct/title`).set('Sneaky'),
);
challenges.denied(
  'owner',
  'create',
  'creates a challenge with its feed entry in one update',
  (db) =>
    db.ref().update({
      [`${CHALLENGES}/c-direct`]: newChallenge,
      ['feed/c-direct']: { uid: OWNER_UID, title: 'Free points', createdAt: SERVER_TIME },
    }),
);
challenges.denied(
  'other member',
  'create',
  "creates a challenge under another member's uid",
  (db) => db.ref(`${CHALLENGES}/c-planted`).set(newChallenge),
);
challenges.denied('admin', 'create', 'creates a challenge directly', (db) =>
  db.ref(`${CHALLENGES}/c-direct`).set(newChallenge),
);
challenges.denied('visitor', 'create', 'creates a challenge', (db) =>
  db.ref(`${CHALLENGES}/c-direct`).set(newChallenge),
);
challenges.allowed(
  'owner',
  'update',
  'retitles it with updatedAt = now, challenge and feed entry together',
  (db) => db.ref().update(retitle('Leaner week')),
);
challenges.denied(
  'owner',
  'update',
  'retitles the challenge but leaves the feed entry stale',
  (db) => db.ref().update(challengeTitleWrites(OWNER_REF, 'Leaner week', false)),
);
challenges.allowed(
  'owner',
  'update',
  'retitles a challenge that has no feed entry (the challenge alone)',
  (db) => db.ref().update(challengeTitleWrites(OWNER_REF, 'Leaner week', false)),
  (world) => setInWorld(world, FEED_ENTRY, null),
);
challenges.denied('owner', 'update', 'retitles without updatedAt', (db) =>
  db
    .ref()
    .update({ [`${CHALLENGE}/title`]: 'Leaner week', [`${FEED_ENTRY}/title`]: 'Leaner week' }),
);
challenges.denied('owner', 'update', 'retitles with a client-chosen updatedAt', (db) =>
  db.ref().update({ ...retitle('Leaner week'), [`${CHALLENGE}/updatedAt`]: 1_700_000_000_000 }),
);
challenges.allowed('owner', 'update', 'retitles with a 100-character title (the limit)', (db) =>
  db.ref().update(retitle('t'.repeat(100))),
);
challenges.denied('owner', 'update', 'retitles with a 101-character title', (db) =>
  db.ref().update(retitle('t'.repeat(101))),
);
challenges.denied('owner', 'update', 'retitles with a blank title', (db) =>
  db.ref().update(retitle('  ')),
);
challenges.denied('owner', 'update', 'stretches the challenge to 7 days', (db) =>
  db.ref(CHALLENGE).update({ day: 7 }),
);
challenges.denied('owner', 'update', 'raises its own calorie target', (db) =>
  db.ref(`${CHALLENGE}/targets/calories`).set(5000),
);
challenges.denied('owner', 'update', 'moves createdAt', (db) =>
  db.ref(CHALLENGE).update({ createdAt: 1 }),
);
challenges.denied(
  'owner',
  'update',
  'reactivates the challenge',
  (db) => db.ref(CHALLENGE).update({ isActive: true, deleted: false }),
  (world) => {
    setInWorld(world, `${CHALLENGE}/deleted`, true);
    setInWorld(world, `${CHALLENGE}/isActive`, false);
    setInWorld(world, FEED_ENTRY, null);
  },
);
challenges.denied(
  'owner',
  'update',
  'retitles a deleted challenge',
  (db) => db.ref().update(challengeTitleWrites(OWNER_REF, 'Back', false)),
  (world) => {
    setInWorld(world, `${CHALLENGE}/deleted`, true);
    setInWorld(world, `${CHALLENGE}/isActive`, false);
    setInWorld(world, FEED_ENTRY, null);
  },
);
challenges.denied('owner', 'update', 'adds an unknown field next to a valid edit', (db) =>
  db.ref().update({ ...retitle('Leaner week'), [`${CHALLENGE}/featured`]: true }),
);
challenges.denied(
  'other member',
  'update',
  "retitles another member's challenge and feed entry",
  (db) => db.ref().update(retitle('Hacked')),
);
challenges.denied('admin', 'update', "retitles a member's challenge", (db) =>
  db.ref().update(retitle('Moderated')),
);
challenges.denied('visitor', 'update', "retitles a member's challenge", (db) =>
  db.ref().update(retitle('Hacked')),
);
// Only DELETE /api/challenges/:challengeId soft-deletes, and it recounts the owner's points and boards in
// the same request (functions/src/challenges/challenge-delete-route.ts): the browser's own write would skip the recount.
challenges.denied(
  'owner',
  'delete',
  'soft-deletes it from the browser, around the delete route and its recount',
  (db) => db.ref().update(softDelete()),
);
challenges.denied(
  'owner',
  'delete',
  'soft-deletes it from the browser when its feed entry is already gone',
  (db) => db.ref().update(softDelete()),
  (world) => setInWorld(world, FEED_ENTRY, null),
);
challenges.denied('owner', 'delete', 'marks it deleted but keeps it active', (db) =>
  db.ref().update({ ...softDelete(), [`${CHALLENGE}/isActive`]: true }),
);
challenges.denied('owner', 'delete', 'marks it deleted but leaves it in the feed', (db) =>
  db.ref(CHALLENGE).update({ deleted: true, isActive: false }),
);
challenges.denied(
  'owner',
  'delete',
  'only switches isActive off (frees an active slot without deleting)',
  (db) => db.ref(CHALLENGE).update({ isActive: false }),
);
challenges.denied('owner', 'delete', 'erases the challenge node with its proofs', (db) =>
  db.ref(CHALLENGE).remove(),
);
challenges.denied('other member', 'delete', "deletes another member's challenge", (db) =>
  db.ref().update(softDelete()),
);
challenges.denied('admin', 'delete', "deletes a member's challenge", (db) =>
  db.ref().update(softDelete()),
);
challenges.denied('visitor', 'delete', "deletes a member's challenge", (db) =>
  db.ref().update(softDelete()),
);

const MEAL_BASE = 'users/{uid}/challenges/{cid}/meals/{day}/{meal}';
const meals = casesFor<DatabaseWorld, Database>(MEAL_BASE);
const meal = (day: string, slot: string, uid = OWNER_UID, challenge = OWNER_CHALLENGE) =>
  `users/${uid}/challenges/${challenge}/meals/${day}/${slot}`;
const prove = (db: Database, day: string, slot: string, changes: Record<string, unknown> = {}) =>
  db
    .ref(meal(day, slot))
    .update({ ...mealProof(OWNER_UID, OWNER_CHALLENGE, day, slot), ...changes });

// Only the proof route writes a proved meal (functions/src/proofs/proof-submit-route.ts, docs/security.md
// "Proof checks"): the window, once-only, the photo and its URL are checked there, over HTTP.
meals.denied(
  'owner',
  'update',
  'proves a meal inside its window from the browser (img, imgPath, status Done, doneAt = now)',
  (db) => prove(db, 'Day1', 'breakfast'),
);
meals.denied(
  'owner',
  'update',
  'proves a meal from the browser with one multi-path update of the four fields',
  (db) => {
    const proof = mealProof(OWNER_UID, OWNER_CHALLENGE, 'Day1', 'breakfast');
    return db
      .ref()
      .update(
        Object.fromEntries(
          Object.entries(proof).map(([field, value]) => [
            `${meal('Day1', 'breakfast')}/${field}`,
            value,
          ]),
        ),
      );
  },
);
meals.denied('owner', 'update', 'proves a meal after its window closed', (db) =>
  prove(db, 'Day1', 'dinner'),
);
meals.denied('owner', 'update', 'replaces the photo of a proved meal', (db) =>
  db
    .ref(`${meal('Day2', 'breakfast')}/img`)
    .set(mealProofUrl(OWNER_UID, OWNER_CHALLENGE, 'Day2', 'breakfast') + 'x'),
);
meals.denied('owner', 'update', "sets status 'Done' without a photo", (db) =>
  db.ref(meal('Day1', 'breakfast')).update({ status: 'Done', doneAt: SERVER_TIME }),
);
// As the database stores a list: keyed by index.
const FLAGGED = { state: 'flagged', reasons: { 0: 'duplicate' }, at: 1 };
const flagDay2Breakfast = (world: DatabaseWorld) =>
  setInWorld(world, `${meal('Day2', 'breakfast')}/review`, FLAGGED);
meals.denied(
  'owner',
  'update',
  'clears the flag on its own proof (removes review)',
  (db) => db.ref(`${meal('Day2', 'breakfast')}/review`).remove(),
  flagDay2Breakfast,
);
meals.denied(
  'owner',
  'update',
  'approves its own flagged proof',
  (db) => db.ref(`${meal('Day2', 'breakfast')}/review/state`).set('approved'),
  flagDay2Breakfast,
);
meals.denied('owner', 'create', 'writes an approved review on its own proof', (db) =>
  db.ref(`${meal('Day2', 'breakfast')}/review`).set({ ...FLAGGED, state: 'approved' }),
);
meals.denied(
  'owner',
  'update',
  'sets its rejected meal back to Done',
  (db) => db.ref(`${meal('Day2', 'breakfast')}/status`).set('Done'),
  (world) => {
    setInWorld(world, `${meal('Day2', 'breakfast')}/status`, 'Rejected');
    setInWorld(world, `${meal('Day2', 'breakfast')}/review`, {
      ...FLAGGED,
      state: 'rejected',
      rejectedReason: 'Not a meal',
    });
  },
);
meals.denied(
  'admin',
  'update',
  "approves a member's flagged proof from the browser (unaudited)",
  (db) => db.ref(`${meal('Day2', 'breakfast')}/review/state`).set('approved'),
  flagDay2Breakfast,
);
meals.denied('owner', 'update', 'adds an unknown field to a proof', (db) =>
  prove(db, 'Day1', 'breakfast', { points: 500 }),
);
meals.denied('owner', 'update', 'moves the window to make a closed meal open', (db) =>
  db.ref(meal('Day1', 'dinner')).update({ closesAt: Date.now() + 3_600_000 }),
);
meals.denied('owner', 'update', 'rewrites the calories of a meal', (db) =>
  db.ref(`${meal('Day1', 'breakfast')}/calories`).set(100),
);
meals.denied('owner', 'create', 'proves a meal that the plan does not have', (db) =>
  prove(db, 'Day9', 'breakfast'),
);
meals.denied('owner', 'delete', 'removes a proved meal', (db) =>
  db.ref(meal('Day2', 'breakfast')).remove(),
);
meals.denied('owner', 'delete', 'clears the Done status of a proved meal', (db) =>
  db.ref(`${meal('Day2', 'breakfast')}/status`).remove(),
);
meals.denied('other member', 'update', "proves another member's open meal", (db) =>
  prove(db, 'Day1', 'breakfast'),
);
meals.denied('member', 'update', "proves another member's open meal", (db) =>
  prove(db, 'Day1', 'breakfast'),
);
meals.denied('admin', 'update', "proves a member's open meal", (db) =>
  prove(db, 'Day1', 'breakfast'),
);
meals.denied('visitor', 'update', "proves a member's open meal", (db) =>
  prove(db, 'Day1', 'breakfast'),
);
meals.denied('member', 'read', "reads a member's meal (macros, proof)", (db) =>
  db.ref(meal('Day1', 'breakfast')).get(),
);
meals.denied('other member', 'read', "reads another member's proof photo URL", (db) =>
  db.ref(`${meal('Day2', 'breakfast')}/img`).get(),
);
meals.allowed('owner', 'read', 'reads its own meal', (db) =>
  db.ref(meal('Day1', 'breakfast')).get(),
);
meals.allowed('admin', 'read', "reads a member's meal", (db) =>
  db.ref(meal('Day1', 'breakfast')).get(),
);
meals.denied('visitor', 'read', "reads a member's meal", (db) =>
  db.ref(meal('Day1', 'breakfast')).get(),
);

// moderation/proofQueue/{key}: flagged proofs for admins, written and read by the API only.
const QUEUE_ENTRY = 'moderation/proofQueue/000001764000000000~olivia~c~2~breakfast';
const queue = casesFor<DatabaseWorld, Database>('moderation/proofQueue/{key}');
const queueEntry = {
  uid: OWNER_UID,
  challengeId: OWNER_CHALLENGE,
  day: 2,
  slot: 'breakfast',
  imgPath: mealProofPath(OWNER_UID, OWNER_CHALLENGE, 'Day2', 'breakfast'),
  reasons: { 0: 'duplicate' },
  at: 1,
};
const withQueueEntry = (world: DatabaseWorld) => setInWorld(world, QUEUE_ENTRY, queueEntry);
for (const role of ['visitor', 'member', 'owner', 'other member', 'admin'] as const)
  queue.denied(
    role,
    'read',
    'reads the proof review queue (the API lists it to admins)',
    (db) => db.ref('moderation/proofQueue').get(),
    withQueueEntry,
  );
queue.denied(
  'owner',
  'read',
  'reads its own queue entry (who it copied)',
  (db) => db.ref(QUEUE_ENTRY).get(),
  withQueueEntry,
);
queue.denied(
  'owner',
  'delete',
  'takes its own proof out of the queue',
  (db) => db.ref(QUEUE_ENTRY).remove(),
  withQueueEntry,
);
queue.denied('other member', 'create', "queues another member's proof", (db) =>
  db.ref(QUEUE_ENTRY).set(queueEntry),
);
queue.denied(
  'admin',
  'update',
  'decides a queued proof from the browser (unaudited)',
  (db) => db.ref(`${QUEUE_ENTRY}/reasons`).set([]),
  withQueueEntry,
);

export const challengeCases = [...challenges.cases, ...meals.cases, ...queue.cases];
