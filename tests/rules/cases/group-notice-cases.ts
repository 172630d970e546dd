import { casesFor } from '../support/rules-matrix';
import {
  SERVER_TIME,
  setInWorld,
  type Database,
  type DatabaseWorld,
} from '../support/database-world';
import { OWNER_UID } from '../support/roles';
import { HOUR, notice, NOTICES, SEEN_AT, withGroup } from '../support/group-world';

/** A member's cheers and nudges (server-written) and when they last opened them (support/group-world.ts). */

// users/{uid}/notices: cheers and nudges for the member, written by the API; the member reads pages of 20.
const notices = casesFor<DatabaseWorld, Database>('users/{uid}/notices');
const newest = (db: Database, count: number) =>
  db.ref(NOTICES).orderByKey().limitToLast(count).get();
notices.allowed(
  'owner',
  'query',
  'reads its newest 20 notices (the cap)',
  (db) => newest(db, 20),
  withGroup,
);
notices.denied(
  'owner',
  'query',
  'reads its newest 21 notices (one past the cap)',
  (db) => newest(db, 21),
  withGroup,
);
notices.denied(
  'owner',
  'read',
  'downloads all its notices at once (no limit)',
  (db) => db.ref(NOTICES).get(),
  withGroup,
);
notices.denied(
  'other member',
  'query',
  'reads the notices of the member it cheered (a member of the same group)',
  (db) => newest(db, 20),
  withGroup,
);
notices.denied(
  'member',
  'query',
  'reads another member’s notices',
  (db) => newest(db, 20),
  withGroup,
);
notices.denied('admin', 'query', 'reads a member’s notices', (db) => newest(db, 20), withGroup);
notices.denied('visitor', 'query', 'reads a member’s notices', (db) => newest(db, 20), withGroup);
notices.denied('owner', 'create', 'writes a notice of its own (a cheer nobody sent)', (db) =>
  db.ref(NOTICES).push(notice('cheer', Date.now())),
);
notices.denied(
  'other member',
  'create',
  'sends a notice straight to a member (a nudge the API never allowed)',
  (db) => db.ref(`${NOTICES}/-NoticeNudge0000003`).set(notice('nudge', Date.now())),
  withGroup,
);
notices.denied(
  'owner',
  'update',
  'rewrites who sent a notice',
  (db) => db.ref(`${NOTICES}/-NoticeCheer0000001/fromName`).set('ChallangeX Team'),
  withGroup,
);
notices.denied(
  'owner',
  'delete',
  'deletes its notices',
  (db) => db.ref(NOTICES).remove(),
  withGroup,
);
notices.denied(
  'admin',
  'create',
  'sends a member a notice from the browser',
  (db) => db.ref(`${NOTICES}/-NoticeAdmin0000004`).set(notice('nudge', Date.now())),
  withGroup,
);
notices.denied(
  'visitor',
  'delete',
  'deletes a member’s notices',
  (db) => db.ref(NOTICES).remove(),
  withGroup,
);

// users/{uid}/noticesSeenAt: when the member last opened their notices (the badge counts newer ones).
const seenAt = casesFor<DatabaseWorld, Database>('users/{uid}/noticesSeenAt');
seenAt.allowed(
  'owner',
  'update',
  'marks its notices seen (server time)',
  (db) => db.ref(SEEN_AT).set(SERVER_TIME),
  withGroup,
);
seenAt.allowed('owner', 'create', 'marks its notices seen for the first time', (db) =>
  db.ref(SEEN_AT).set(SERVER_TIME),
);
seenAt.denied(
  'owner',
  'update',
  'marks its notices seen at a time of its choosing (a day ahead)',
  (db) => db.ref(SEEN_AT).set(Date.now() + 24 * HOUR),
  withGroup,
);
seenAt.denied(
  'owner',
  'update',
  'writes text as noticesSeenAt',
  (db) => db.ref(SEEN_AT).set('now'),
  withGroup,
);
seenAt.denied(
  'owner',
  'delete',
  'removes its noticesSeenAt',
  (db) => db.ref(SEEN_AT).remove(),
  withGroup,
);
seenAt.denied(
  'owner',
  'update',
  'marks its notices seen while disabled',
  (db) => db.ref(SEEN_AT).set(SERVER_TIME),
  (world) => {
    withGroup(world);
    setInWorld(world, `moderation/disabledMembers/${OWNER_UID}`, {
      at: world.now - HOUR,
      by: 'ada',
      reason: 'Spam',
    });
  },
);
seenAt.allowed(
  'owner',
  'read',
  'reads when it last opened its notices',
  (db) => db.ref(SEEN_AT).get(),
  withGroup,
);
seenAt.denied(
  'other member',
  'update',
  'marks another member’s notices seen (hides their badge)',
  (db) => db.ref(SEEN_AT).set(SERVER_TIME),
  withGroup,
);
seenAt.denied(
  'other member',
  'read',
  'reads when another member last opened their notices',
  (db) => db.ref(SEEN_AT).get(),
  withGroup,
);
seenAt.denied(
  'member',
  'read',
  'reads when a member last opened their notices',
  (db) => db.ref(SEEN_AT).get(),
  withGroup,
);
seenAt.denied(
  'admin',
  'update',
  'marks a member’s notices seen',
  (db) => db.ref(SEEN_AT).set(SERVER_TIME),
  withGroup,
);
seenAt.denied('visitor', 'read', 'reads when a member last opened their notices', (db) =>
  db.ref(SEEN_AT).get(),
);
seenAt.denied('visitor', 'update', 'marks a member’s notices seen', (db) =>
  db.ref(SEEN_AT).set(SERVER_TIME),
);

export const groupNoticeCases = [...notices.cases, ...seenAt.cases];
