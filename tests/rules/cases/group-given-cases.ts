import { casesFor } from '../support/rules-matrix';
import { OWNER_CHALLENGE, type Database, type DatabaseWorld } from '../support/database-world';
import { OWNER_UID } from '../support/roles';
import { GIVEN, withGroup } from '../support/group-world';

/**
 * groupGiven/{cid}/{uid}: what a member cheered and nudged in a group, written by the API with the cheer or
 * nudge, read by that member alone so their board shows it done after a reload (docs/security.md, "Group
 * challenges"). In support/group-world.ts Oscar ('other member') cheered and nudged Olivia ('owner').
 */
const given = casesFor<DatabaseWorld, Database>('groupGiven/{cid}/{uid}');
/** Olivia's own record in her group: she sent nothing, so it is empty, but hers to read. */
const OWNERS_OWN = `groupGiven/${OWNER_CHALLENGE}/${OWNER_UID}`;

given.allowed(
  'other member',
  'read',
  'reads what it cheered and nudged in its group',
  (db) => db.ref(GIVEN).get(),
  withGroup,
);
given.allowed(
  'owner',
  'read',
  'reads its own record of cheers and nudges, empty while it sent none',
  (db) => db.ref(OWNERS_OWN).get(),
  withGroup,
);
given.denied(
  'owner',
  'read',
  'reads who cheered and nudged it (another member’s record, same group)',
  (db) => db.ref(GIVEN).get(),
  withGroup,
);
given.denied(
  'owner',
  'query',
  'reads every member’s cheers and nudges in its group at once',
  (db) => db.ref(`groupGiven/${OWNER_CHALLENGE}`).get(),
  withGroup,
);
given.denied(
  'member',
  'read',
  'reads what a member of a group it has not joined cheered',
  (db) => db.ref(GIVEN).get(),
  withGroup,
);
given.denied(
  'admin',
  'read',
  'reads what a member cheered and nudged',
  (db) => db.ref(GIVEN).get(),
  withGroup,
);
given.denied(
  'visitor',
  'read',
  'reads what a member cheered and nudged',
  (db) => db.ref(GIVEN).get(),
  withGroup,
);
given.denied(
  'other member',
  'create',
  'marks a meal cheered on its own record without cheering',
  (db) => db.ref(`${GIVEN}/${OWNER_UID}/Day3-lunch/cheer`).set(Date.now()),
  withGroup,
);
given.denied(
  'other member',
  'delete',
  'clears its record to show "Cheer" again',
  (db) => db.ref(GIVEN).remove(),
  withGroup,
);
given.denied(
  'owner',
  'update',
  'rewrites another member’s record of cheers',
  (db) => db.ref(`${GIVEN}/${OWNER_UID}/Day2-breakfast/cheer`).set(1),
  withGroup,
);
given.denied(
  'member',
  'create',
  'writes a record in a group it has not joined',
  (db) => db.ref(`groupGiven/${OWNER_CHALLENGE}/mia/${OWNER_UID}/Day2-breakfast/cheer`).set(1),
  withGroup,
);
given.denied(
  'admin',
  'delete',
  'removes a member’s record of cheers from the browser',
  (db) => db.ref(GIVEN).remove(),
  withGroup,
);
given.denied('visitor', 'create', 'writes a record of cheers', (db) =>
  db.ref(`${GIVEN}/${OWNER_UID}/Day3-lunch/cheer`).set(1),
);

export const groupGivenCases = given.cases;
