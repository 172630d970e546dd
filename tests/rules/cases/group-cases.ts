import { casesFor } from '../support/rules-matrix';
import {
  OWNER_CHALLENGE,
  setInWorld,
  type Database,
  type DatabaseWorld,
} from '../support/database-world';
import { OTHER_UID, OWNER_UID } from '../support/roles';
import {
  boardRow,
  CHEER,
  GROUP,
  JOINER_ROW,
  MEMBERS,
  NUDGE,
  REPORT,
  OTHER_GROUP,
  OWNER_PHOTO,
  OWNER_ROW,
  withGroup,
  withJoinerRemoved,
} from '../support/group-world';
import { groupGivenCases } from './group-given-cases';
import { groupNoticeCases } from './group-notice-cases';
import { groupChallengeCases } from './group-challenge-cases';

/**
 * Group challenges (docs/security.md, "Group challenges"), in the world of support/group-world.ts. Every write
 * under groups/, groupCheers/ and groupNudges/ is the API's (firebase-admin ignores the rules), so each one is
 * denied here to every role; a group is read by its members (a board row) and admins only.
 */

// groups/{cid}: the group record (ownerId, access, memberCount, members, photos, bonus), read whole by members.
const group = casesFor<DatabaseWorld, Database>('groups/{cid}');
group.denied('visitor', 'read', 'reads a group', (db) => db.ref(GROUP).get(), withGroup);
group.denied(
  'member',
  'read',
  'reads a group it has not joined',
  (db) => db.ref(GROUP).get(),
  withGroup,
);
group.allowed(
  'owner',
  'read',
  'reads its own group whole (ownerId, access, memberCount, board, photos)',
  (db) => db.ref(GROUP).get(),
  withGroup,
);
group.allowed(
  'other member',
  'read',
  'reads the group it joined, whole',
  (db) => db.ref(GROUP).get(),
  withGroup,
);
group.allowed('admin', 'read', 'reads a group', (db) => db.ref(GROUP).get(), withGroup);
group.denied(
  'owner',
  'read',
  'reads a group it is not a member of (another member’s group)',
  (db) => db.ref(OTHER_GROUP).get(),
  withGroup,
);
group.denied(
  'other member',
  'read',
  'reads the group after the owner removed it (its copy of the plan kept, its board row gone)',
  (db) => db.ref(GROUP).get(),
  withJoinerRemoved,
);
group.denied(
  'member',
  'read',
  'reads the member count of a group it has not joined',
  (db) => db.ref(`${GROUP}/memberCount`).get(),
  withGroup,
);
group.denied(
  'admin',
  'query',
  'lists every group at once',
  (db) => db.ref('groups').get(),
  withGroup,
);
group.denied('member', 'create', 'creates a group of its own (around the API)', (db) =>
  db.ref('groups/c-mia-1').set({ ownerId: 'mia', access: 'feed', memberCount: 1 }),
);
group.denied('owner', 'create', 'opens its challenge to others by writing the group itself', (db) =>
  db.ref(GROUP).set({ ownerId: OWNER_UID, access: 'link', memberCount: 1 }),
);
group.denied(
  'owner',
  'update',
  'lowers its group’s memberCount (room past 50 members)',
  (db) => db.ref(`${GROUP}/memberCount`).set(1),
  withGroup,
);
group.denied(
  'owner',
  'update',
  'switches its group to feed access from the browser',
  (db) => db.ref(`${GROUP}/access`).set('feed'),
  withGroup,
);
group.denied(
  'owner',
  'update',
  'writes the team bonus for its group',
  (db) =>
    db.ref(`${GROUP}/bonus`).set({ decidedAt: Date.now(), recipients: { [OWNER_UID]: true } }),
  withGroup,
);
group.denied(
  'other member',
  'update',
  'makes itself the owner of the group it joined (ownerId)',
  (db) => db.ref(`${GROUP}/ownerId`).set(OTHER_UID),
  withGroup,
);
group.denied(
  'owner',
  'delete',
  'removes its group from the browser',
  (db) => db.ref(GROUP).remove(),
  withGroup,
);
group.denied(
  'admin',
  'delete',
  'removes a group from the browser (unaudited)',
  (db) => db.ref(GROUP).remove(),
  withGroup,
);
group.denied(
  'visitor',
  'update',
  'switches a group’s access',
  (db) => db.ref(`${GROUP}/access`).set('feed'),
  withGroup,
);

/**
 * A row without joinedAt under the removed member's id: a server write that raced the removal recreated
 * a few fields (docs/security.md, "Group challenges"). It is no membership: it opens nothing.
 */
function withJoinerStrayRow(world: DatabaseWorld): void {
  withJoinerRemoved(world);
  setInWorld(world, `${JOINER_ROW}/points`, 10);
  setInWorld(world, `${JOINER_ROW}/meals/Day2-breakfast/cheers`, 1);
}
group.denied(
  'other member',
  'read',
  'reads the group through a row without joinedAt left by a write that raced its removal',
  (db) => db.ref(GROUP).get(),
  withJoinerStrayRow,
);
group.denied(
  'other member',
  'read',
  'reads the board through a row without joinedAt left by a write that raced its removal',
  (db) => db.ref(MEMBERS).get(),
  withJoinerStrayRow,
);

// groups/{cid}/members/{uid}: the board rows; the board's first read is the whole members node, once.
const members = casesFor<DatabaseWorld, Database>('groups/{cid}/members/{uid}');
members.denied('visitor', 'read', 'reads a board', (db) => db.ref(MEMBERS).get(), withGroup);
members.denied(
  'member',
  'read',
  'reads the board of a group it has not joined',
  (db) => db.ref(MEMBERS).get(),
  withGroup,
);
members.denied(
  'member',
  'read',
  'reads one board row of a group it has not joined',
  (db) => db.ref(OWNER_ROW).get(),
  withGroup,
);
members.allowed(
  'owner',
  'read',
  'reads its group’s whole board in one read',
  (db) => db.ref(MEMBERS).get(),
  withGroup,
);
members.allowed(
  'other member',
  'read',
  'reads the whole board of the group it joined in one read',
  (db) => db.ref(MEMBERS).get(),
  withGroup,
);
members.allowed(
  'other member',
  'read',
  'reads the owner’s board row',
  (db) => db.ref(OWNER_ROW).get(),
  withGroup,
);
members.allowed('admin', 'read', 'reads a board', (db) => db.ref(MEMBERS).get(), withGroup);
members.denied(
  'other member',
  'read',
  'reads the board after the owner removed it',
  (db) => db.ref(MEMBERS).get(),
  withJoinerRemoved,
);
members.denied(
  'member',
  'create',
  'joins by writing its own board row (no token, no limit of 50 or of 2 active challenges)',
  (db) => db.ref(`${MEMBERS}/mia`).set(boardRow('mia', Date.now(), 0)),
  withGroup,
);
members.denied(
  'other member',
  'update',
  'raises its own proved count and points',
  (db) => db.ref(JOINER_ROW).update({ proved: 6, points: 60 }),
  withGroup,
);
members.denied(
  'other member',
  'update',
  'marks a meal proved on its own board row',
  (db) => db.ref(`${JOINER_ROW}/proofs`).set('D'),
  withGroup,
);
members.denied(
  'other member',
  'update',
  'adds cheers to the owner’s meal directly (no once-per-meal check)',
  (db) => db.ref(`${OWNER_ROW}/meals/Day2-breakfast/cheers`).set(40),
  withGroup,
);
members.denied(
  'owner',
  'update',
  'raises its own points on the board',
  (db) => db.ref(`${OWNER_ROW}/points`).set(500),
  withGroup,
);
members.denied(
  'owner',
  'update',
  'lowers a member’s points on its board',
  (db) => db.ref(`${JOINER_ROW}/points`).set(0),
  withGroup,
);
members.denied(
  'owner',
  'delete',
  'removes a member by deleting its board row (not through the API)',
  (db) => db.ref(JOINER_ROW).remove(),
  withGroup,
);
members.denied(
  'other member',
  'delete',
  'leaves by deleting its own board row (the API removes its plan with it)',
  (db) => db.ref(JOINER_ROW).remove(),
  withGroup,
);
members.denied(
  'admin',
  'update',
  'edits a member’s board row from the browser',
  (db) => db.ref(`${JOINER_ROW}/proved`).set(3),
  withGroup,
);
members.denied('visitor', 'create', 'adds a board row', (db) =>
  db.ref(`${MEMBERS}/intruder`).set(boardRow('intruder', Date.now(), 0)),
);

// groups/{cid}/photos/{uid}/{meal}: the proof photos' download URLs, read on demand by the group's members.
const photos = casesFor<DatabaseWorld, Database>('groups/{cid}/photos/{uid}/{meal}');
photos.denied(
  'visitor',
  'read',
  'reads a proof photo URL',
  (db) => db.ref(OWNER_PHOTO).get(),
  withGroup,
);
photos.denied(
  'member',
  'read',
  'reads a proof photo URL of a group it has not joined',
  (db) => db.ref(OWNER_PHOTO).get(),
  withGroup,
);
photos.allowed(
  'owner',
  'read',
  'reads a proof photo URL of its group',
  (db) => db.ref(OWNER_PHOTO).get(),
  withGroup,
);
photos.allowed(
  'other member',
  'read',
  'reads the owner’s proof photo URL (the group it joined)',
  (db) => db.ref(OWNER_PHOTO).get(),
  withGroup,
);
photos.allowed(
  'admin',
  'read',
  'reads a proof photo URL',
  (db) => db.ref(OWNER_PHOTO).get(),
  withGroup,
);
photos.denied(
  'other member',
  'create',
  'adds a photo for a meal it never proved',
  (db) =>
    db
      .ref(`${GROUP}/photos/${OTHER_UID}/Day1-breakfast`)
      .set('https://lh3.googleusercontent.com/a/any-picture'),
  withGroup,
);
photos.denied(
  'other member',
  'update',
  'points the owner’s proof photo at another picture',
  (db) => db.ref(OWNER_PHOTO).set('https://lh3.googleusercontent.com/a/rude'),
  withGroup,
);
photos.denied(
  'owner',
  'delete',
  'removes its proof photo from the board',
  (db) => db.ref(OWNER_PHOTO).remove(),
  withGroup,
);
photos.denied(
  'admin',
  'delete',
  'removes a proof photo from the board from the browser',
  (db) => db.ref(OWNER_PHOTO).remove(),
  withGroup,
);
photos.denied('visitor', 'update', 'replaces a proof photo URL', (db) =>
  db.ref(OWNER_PHOTO).set('https://lh3.googleusercontent.com/a/rude'),
);

// groupCheers/…, groupNudges/… and groupReports/…: who cheered, nudged or reported whom; only the API reads
// them (once per meal, once per window and pair, once per photo) and writes them.
function serverRecordCases(
  tree: 'groupCheers' | 'groupNudges' | 'groupReports',
  record: string,
  what: string,
) {
  const records = casesFor<DatabaseWorld, Database>(`${tree}/{cid}/{uid}/{meal}/{fromUid}`);
  const group = `${tree}/${OWNER_CHALLENGE}`;
  /** Oscar's record for a meal he has not cheered, nudged or reported yet, and the same made by Mia. */
  const fresh = `${group}/${OWNER_UID}/Day1-lunch/${OTHER_UID}`;
  for (const role of ['visitor', 'member', 'owner', 'other member', 'admin'] as const)
    records.denied(
      role,
      'read',
      `reads the ${what} records of a group`,
      (db) => db.ref(group).get(),
      withGroup,
    );
  records.denied(
    'admin',
    'query',
    `lists every ${what} record`,
    (db) => db.ref(tree).get(),
    withGroup,
  );
  records.denied(
    'other member',
    'create',
    `records its own ${what} around the API (its once-only check skipped)`,
    (db) => db.ref(fresh).set(Date.now()),
    withGroup,
  );
  records.denied(
    'other member',
    'delete',
    `removes its ${what} record to send it again`,
    (db) => db.ref(record).remove(),
    withGroup,
  );
  records.denied(
    'owner',
    'update',
    `rewrites a ${what} record`,
    (db) => db.ref(record).set(1),
    withGroup,
  );
  records.denied(
    'member',
    'create',
    `writes a ${what} record for a group it has not joined`,
    (db) => db.ref(fresh.replace(OTHER_UID, 'mia')).set(Date.now()),
  );
  return records.cases;
}
const cheerRecords = serverRecordCases('groupCheers', CHEER, 'cheer');
const nudgeRecords = serverRecordCases('groupNudges', NUDGE, 'nudge');
const reportRecords = serverRecordCases('groupReports', REPORT, 'report');

// serverLimits/plansMade/{uid}: every plan a member made (a join or a creation) for the daily cap, kept
// when the plan goes (functions/src/challenges/challenge-records.ts). A member who could read it would see its
// allowance; one who could write it would take back the plans it made by leaving.
const PLANS_MADE = `serverLimits/plansMade/${OWNER_UID}`;
const withPlansMade = (world: DatabaseWorld) =>
  setInWorld(world, PLANS_MADE, {
    p1: { at: world.now - 60_000, challengeId: OWNER_CHALLENGE },
    p2: { at: world.now - 30_000, challengeId: OWNER_CHALLENGE },
  });
const plansMade = casesFor<DatabaseWorld, Database>('serverLimits/plansMade/{uid}');
plansMade.denied(
  'owner',
  'read',
  'reads its own log of plans made (its daily allowance)',
  (db) => db.ref(PLANS_MADE).get(),
  withPlansMade,
);
plansMade.denied(
  'owner',
  'delete',
  'clears its own log of plans made to plan again the same day',
  (db) => db.ref(PLANS_MADE).remove(),
  withPlansMade,
);
plansMade.denied(
  'owner',
  'update',
  'takes one join back from its own log of plans made',
  (db) => db.ref(`${PLANS_MADE}/p1`).remove(),
  withPlansMade,
);
plansMade.denied(
  'other member',
  'read',
  'reads another member’s log of plans made',
  (db) => db.ref(PLANS_MADE).get(),
  withPlansMade,
);

export const groupCases = [
  ...group.cases,
  ...members.cases,
  ...photos.cases,
  ...cheerRecords,
  ...nudgeRecords,
  ...reportRecords,
  ...groupNoticeCases,
  ...groupGivenCases,
  ...groupChallengeCases,
  ...plansMade.cases,
];

/** The admin rule of groups/{cid}, refused to a claim that is truthy but not true (cases/admin-claim-cases.ts). */
const claimed = casesFor<DatabaseWorld, Database>('groups/{cid}');
claimed.denied('truthy admin', 'read', 'reads a group', (db) => db.ref(GROUP).get(), withGroup);
export const groupAdminClaimCases = claimed.cases;
