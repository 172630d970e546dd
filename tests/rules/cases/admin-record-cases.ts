import { casesFor } from '../support/rules-matrix';
import { IDENTITIES, OWNER_UID } from '../support/roles';
import {
  OWNER_CHALLENGE,
  setInWorld,
  type Database,
  type DatabaseWorld,
} from '../support/database-world';
import { GROUP, INVITE, withGroup } from '../support/group-world';
import type { Storage, StorageWorld } from '../support/storage-world';

// Admin powers follow the server's admins/{uid} record, not the token's claim (docs/security.md, "Admins"):
// `npm run admin:revoke` removes the record, and the 'revoked admin' (roles.ts) still holds a token with
// `admin: true`, valid for up to an hour. Every rule that lets an admin through must refuse them. Each
// attempt is one the admin's own cases allow (or, for Storage, allowed before admins saw proofs only
// through the API).

const role = 'revoked admin' as const;

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

const invite = casesFor<DatabaseWorld, Database>('users/{uid}/challenges/{cid}/invite');
invite.denied(
  role,
  'read',
  'reads a member’s invite link',
  (db) => db.ref(INVITE).get(),
  withGroup,
);

const group = casesFor<DatabaseWorld, Database>('groups/{cid}');
group.denied(role, 'read', 'reads a group', (db) => db.ref(GROUP).get(), withGroup);

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

const lists = (['subscribers', 'contact'] as const).flatMap((node) => {
  const list = casesFor<DatabaseWorld, Database>(`website/${node}/{id}`);
  list.denied(role, 'query', `reads the newest page of ${node}`, (db) =>
    db.ref(`website/${node}`).orderByChild('createdAt').limitToLast(25).get(),
  );
  return list.cases;
});

/** The cases a rule that trusts the token's claim instead of the record lets through. */
export const revokedAdminDatabaseCases = [
  ...privateRecord.cases,
  ...weights.cases,
  ...challenges.cases,
  ...invite.cases,
  ...group.cases,
  ...audit.cases,
  ...lists,
];

// admins/{uid}: written by the grant and revoke scripts only (firebase-admin), read by the rules and the
// API only. No rule grants a client anything here: the root's denial holds.
const ADA = `admins/${IDENTITIES.admin.uid}`;
const records = casesFor<DatabaseWorld, Database>('admins/{uid}');
for (const reader of ['visitor', 'member', 'owner', 'other member'] as const)
  records.denied(reader, 'read', 'reads whether a member is an admin', (db) => db.ref(ADA).get());
records.denied('admin', 'read', 'reads its own admin record (the server’s)', (db) =>
  db.ref(ADA).get(),
);
records.denied('admin', 'query', 'lists the admins', (db) =>
  db.ref('admins').orderByKey().limitToFirst(10).get(),
);
records.denied('member', 'create', 'grants itself admin', (db) =>
  db.ref(`admins/${IDENTITIES.member.uid}`).set(true),
);
records.denied(role, 'create', 'restores its own admin record after the revoke', (db) =>
  db.ref(`admins/${IDENTITIES[role].uid}`).set(true),
);
records.denied('admin', 'create', 'grants another member admin from the browser', (db) =>
  db.ref(`admins/${IDENTITIES.member.uid}`).set(true),
);
records.denied('admin', 'update', 'changes another admin record from the browser', (db) =>
  db.ref(`admins/${IDENTITIES['truthy admin'].uid}`).set(true),
);
records.denied('other member', 'delete', 'revokes an admin from the browser', (db) =>
  db.ref(ADA).remove(),
);

export const adminRecordCases = records.cases;

// Storage: no admin reads a member's proof by path any more (the API streams a flagged one after checking
// the record); a revoked admin's claim opens nothing either.
const proofs = casesFor<StorageWorld, Storage>('Challenge/{uid}/{cid}/{file}');
proofs.denied(role, 'read', "gets a download URL of a member's proof", (s) =>
  s.ref(`Challenge/${OWNER_UID}/-NxOliviaChallenge01/Day2-breakfast.jpg`).getDownloadURL(),
);
proofs.denied(role, 'query', "lists the proofs of a member's challenge", (s) =>
  s.ref(`Challenge/${OWNER_UID}/-NxOliviaChallenge01`).listAll(),
);

export const revokedAdminStorageCases = proofs.cases;
