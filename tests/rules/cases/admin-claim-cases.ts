import { casesFor } from '../support/rules-matrix';
import { OWNER_UID } from '../support/roles';
import {
  OWNER_CHALLENGE,
  setInWorld,
  type Database,
  type DatabaseWorld,
} from '../support/database-world';
import type { Storage, StorageWorld } from '../support/storage-world';

// A member whose admins/{uid} record is truthy but not `true` (roles.ts, 'truthy admin'; their token's claim is
// too): every rule that lets an admin through must refuse them, so that the record check relaxed to a
// presence check fails here (rule-mutant-catalogue.ts). Each attempt is one the real admin's cases allow.

const role = 'truthy admin' as const;

const privateRecord = casesFor<DatabaseWorld, Database>('users/{uid}/private');
privateRecord.denied(role, 'read', "reads a member's private record", (db) =>
  db.ref(`users/${OWNER_UID}/private`).get(),
);

const weights = casesFor<DatabaseWorld, Database>('users/{uid}/weights');
weights.denied(role, 'read', "reads a member's weight log", (db) =>
  db.ref(`users/${OWNER_UID}/weights`).get(),
);

const challenges = casesFor<DatabaseWorld, Database>('users/{uid}/challenges/{cid}');
challenges.denied(role, 'read', "opens a member's challenge", (db) =>
  db.ref(`users/${OWNER_UID}/challenges/${OWNER_CHALLENGE}`).get(),
);
challenges.denied(role, 'query', "lists a member's challenges", (db) =>
  db.ref(`users/${OWNER_UID}/challenges`).orderByChild('createdAt').limitToLast(100).get(),
);

const withAudit = (world: DatabaseWorld) =>
  setInWorld(world, 'moderation/audit/entry-1', {
    at: world.now - 3_600_000,
    action: 'hide-challenge',
    actor: { uid: 'ada', email: 'ada@example.com' },
    target: { uid: OWNER_UID, challengeId: OWNER_CHALLENGE, label: 'Lean week' },
    reason: 'Spam',
  });
const audit = casesFor<DatabaseWorld, Database>('moderation/audit/{id}');
audit.denied(
  role,
  'query',
  'reads the newest page of the audit log',
  (db) => db.ref('moderation/audit').orderByChild('at').limitToLast(11).get(),
  withAudit,
);
audit.denied(
  role,
  'read',
  'reads one audit entry',
  (db) => db.ref('moderation/audit/entry-1').get(),
  withAudit,
);

// The banner and the site's links have no admin rule to relax: only the audited API writes them
// (tests/rules/cases/website-cases.ts denies every browser write there).
const lists = (['subscribers', 'contact'] as const).flatMap((node) => {
  const list = casesFor<DatabaseWorld, Database>(`website/${node}/{id}`);
  list.denied(role, 'query', `reads the newest page of ${node}`, (db) =>
    db.ref(`website/${node}`).orderByChild('createdAt').limitToLast(25).get(),
  );
  return list.cases;
});

export const adminClaimDatabaseCases = [
  ...privateRecord.cases,
  ...weights.cases,
  ...challenges.cases,
  ...audit.cases,
  ...lists,
];

const proofs = casesFor<StorageWorld, Storage>('Challenge/{uid}/{cid}/{file}');
proofs.denied(role, 'read', "gets a download URL of a member's proof", (s) =>
  s.ref(`Challenge/${OWNER_UID}/-NxOliviaChallenge01/Day2-breakfast.jpg`).getDownloadURL(),
);
proofs.denied(role, 'query', "lists the proofs of a member's challenge", (s) =>
  s.ref(`Challenge/${OWNER_UID}/-NxOliviaChallenge01`).listAll(),
);

export const adminClaimStorageCases = proofs.cases;
