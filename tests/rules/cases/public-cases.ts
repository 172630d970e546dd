import type firebase from 'firebase/compat/app';
import { casesFor } from '../support/rules-matrix';
import {
  MONTH,
  OTHER_CHALLENGE,
  OWNER_CHALLENGE,
  SERVER_TIME,
  WEEK,
  type Database,
  type DatabaseWorld,
} from '../support/database-world';
import { OTHER_UID, OWNER_UID } from '../support/roles';

type Query = firebase.database.Query;

const FEED_ENTRY = `feed/${OWNER_CHALLENGE}`;
const OWNER_CHALLENGE_PATH = `users/${OWNER_UID}/challenges/${OWNER_CHALLENGE}`;
const OTHER_CHALLENGE_PATH = `users/${OTHER_UID}/challenges/${OTHER_CHALLENGE}`;

const feed = casesFor<DatabaseWorld, Database>('feed/{cid}');
feed.allowed('visitor', 'read', 'reads a feed entry', (db) => db.ref(FEED_ENTRY).get());
feed.allowed('member', 'read', 'reads a feed entry', (db) => db.ref(FEED_ENTRY).get());
feed.allowed('owner', 'read', 'reads its own feed entry', (db) => db.ref(FEED_ENTRY).get());
feed.allowed('other member', 'read', "reads another member's feed entry", (db) =>
  db.ref(FEED_ENTRY).get(),
);
feed.allowed('admin', 'read', 'reads a feed entry', (db) => db.ref(FEED_ENTRY).get());
feed.allowed('visitor', 'query', 'reads the newest page of the feed by createdAt', (db) =>
  db.ref('feed').orderByChild('createdAt').limitToLast(5).get(),
);
feed.allowed('member', 'query', 'reads the next page of the feed (endBefore the last card)', (db) =>
  db
    .ref('feed')
    .orderByChild('createdAt')
    .endBefore(Date.now(), OWNER_CHALLENGE)
    .limitToLast(5)
    .get(),
);
feed.allowed('member', 'query', "reads one author's challenges by uid", (db) =>
  db.ref('feed').orderByChild('uid').equalTo(OWNER_UID).limitToLast(100).get(),
);
feed.denied('visitor', 'read', 'downloads the whole feed at once', (db) => db.ref('feed').get());
feed.denied('member', 'query', 'asks for 1,000 feed entries in one page', (db) =>
  db.ref('feed').orderByChild('createdAt').limitToLast(1000).get(),
);
// Both sides of the 100-row cap, from either end.
feed.allowed('member', 'query', 'reads the newest 100 entries (the cap)', (db) =>
  db.ref('feed').orderByChild('createdAt').limitToLast(100).get(),
);
feed.denied('member', 'query', 'reads the newest 101 entries (one past the cap)', (db) =>
  db.ref('feed').orderByChild('createdAt').limitToLast(101).get(),
);
feed.allowed('member', 'query', 'reads the oldest 100 entries (the cap)', (db) =>
  db.ref('feed').orderByChild('createdAt').limitToFirst(100).get(),
);
feed.denied('member', 'query', 'reads the oldest 101 entries (one past the cap)', (db) =>
  db.ref('feed').orderByChild('createdAt').limitToFirst(101).get(),
);
feed.denied('member', 'query', 'orders the feed by an unindexed field', (db) =>
  db.ref('feed').orderByChild('title').limitToLast(5).get(),
);
feed.denied('owner', 'create', 'creates its own feed entry (only the server publishes)', (db) =>
  db.ref('feed/c-fake').set({
    uid: OWNER_UID,
    title: 'Fake',
    day: 1,
    preference: 'veg',
    targetBody: 'Lean',
    createdAt: SERVER_TIME,
  }),
);
feed.denied('admin', 'create', 'creates a feed entry', (db) =>
  db.ref('feed/c-fake').set({ uid: OWNER_UID, title: 'Fake', createdAt: SERVER_TIME }),
);
feed.denied('visitor', 'create', 'creates a feed entry', (db) =>
  db.ref('feed/c-fake').set({ uid: OWNER_UID, title: 'Fake', createdAt: SERVER_TIME }),
);
feed.denied('owner', 'update', 'retitles its feed entry without the challenge', (db) =>
  db.ref(FEED_ENTRY).update({ title: 'Only here', updatedAt: SERVER_TIME }),
);
feed.denied('owner', 'update', 'swaps the cover image of its feed entry', (db) =>
  db.ref(FEED_ENTRY).update({ cover: 'https://evil.example/cover.png' }),
);
feed.denied('owner', 'update', 'bumps createdAt to stay on top of the feed', (db) =>
  db.ref(FEED_ENTRY).update({ createdAt: Date.now() + 86_400_000 }),
);
feed.denied('owner', 'update', 'hands its feed entry to another member', (db) =>
  db.ref(FEED_ENTRY).update({ uid: OTHER_UID }),
);
feed.denied('other member', 'update', "edits another member's feed entry", (db) =>
  db.ref(FEED_ENTRY).update({ title: 'Hacked', updatedAt: SERVER_TIME }),
);
feed.denied(
  'other member',
  'update',
  "edits another member's feed entry alongside its own challenge",
  (db) =>
    db.ref().update({
      [`${OTHER_CHALLENGE_PATH}/title`]: 'Hacked',
      [`${OTHER_CHALLENGE_PATH}/updatedAt`]: SERVER_TIME,
      [`${FEED_ENTRY}/title`]: 'Hacked',
      [`${FEED_ENTRY}/updatedAt`]: SERVER_TIME,
    }),
);
feed.denied('member', 'update', "edits another member's feed entry", (db) =>
  db.ref(`${FEED_ENTRY}/title`).set('Hacked'),
);
feed.denied('admin', 'update', "edits a member's feed entry", (db) =>
  db.ref(FEED_ENTRY).update({ title: 'Moderated', updatedAt: SERVER_TIME }),
);
feed.denied('visitor', 'update', "edits a member's feed entry", (db) =>
  db.ref(`${FEED_ENTRY}/title`).set('Hacked'),
);
feed.denied('owner', 'delete', 'removes its feed entry without deleting the challenge', (db) =>
  db.ref(FEED_ENTRY).remove(),
);
feed.denied('other member', 'delete', "removes another member's feed entry", (db) =>
  db.ref(FEED_ENTRY).remove(),
);
feed.denied(
  'other member',
  'delete',
  "removes another member's feed entry while deleting its own challenge",
  (db) =>
    db.ref().update({
      [`${OTHER_CHALLENGE_PATH}/deleted`]: true,
      [`${OTHER_CHALLENGE_PATH}/isActive`]: false,
      [`feed/${OTHER_CHALLENGE}`]: null,
      [FEED_ENTRY]: null,
    }),
);
feed.denied('admin', 'delete', 'removes a feed entry', (db) => db.ref(FEED_ENTRY).remove());
feed.denied('visitor', 'delete', 'removes a feed entry', (db) => db.ref(FEED_ENTRY).remove());
// The delete route removes it with the soft delete; the browser does neither (challenge-cases.ts).
feed.denied(
  'owner',
  'delete',
  'removes its feed entry in the same update that soft-deletes the challenge',
  (db) =>
    db.ref().update({
      [`${OWNER_CHALLENGE_PATH}/deleted`]: true,
      [`${OWNER_CHALLENGE_PATH}/isActive`]: false,
      [FEED_ENTRY]: null,
    }),
);

const BOARDS = [
  { path: 'leaderboard/all/{uid}', node: 'leaderboard/all' },
  { path: 'leaderboard/weekly/{YYYY-Www}/{uid}', node: `leaderboard/weekly/${WEEK}` },
  { path: 'leaderboard/monthly/{YYYY-MM}/{uid}', node: `leaderboard/monthly/${MONTH}` },
];
const leaderboardCases = BOARDS.flatMap(({ path, node }) => {
  const board = casesFor<DatabaseWorld, Database>(path);
  const own = `${node}/${OWNER_UID}`;
  board.allowed('visitor', 'query', 'reads the top 5 by points', (db) =>
    db.ref(node).orderByChild('points').limitToLast(5).get(),
  );
  board.allowed('member', 'query', 'reads the top 3 by points', (db) =>
    db.ref(node).orderByChild('points').limitToLast(3).get(),
  );
  board.allowed('visitor', 'read', "reads one member's standing", (db) => db.ref(own).get());
  // Both sides of the 100-row cap, from either end.
  for (const [end, limit] of [
    ['top', (query: Query, n: number) => query.limitToLast(n)],
    ['bottom', (query: Query, n: number) => query.limitToFirst(n)],
  ] as const) {
    board.allowed('member', 'query', `reads the ${end} 100 by points (the cap)`, (db) =>
      limit(db.ref(node).orderByChild('points'), 100).get(),
    );
    board.denied('member', 'query', `reads the ${end} 101 by points (one past the cap)`, (db) =>
      limit(db.ref(node).orderByChild('points'), 101).get(),
    );
  }
  board.denied('member', 'read', 'downloads the whole board without a query', (db) =>
    db.ref(node).get(),
  );
  board.denied('owner', 'update', 'writes its own points', (db) =>
    db.ref(`${own}/points`).set(1_000_000),
  );
  board.denied('owner', 'create', 'adds a standing for itself', (db) =>
    db.ref(`${node}/${OWNER_UID}-2`).set({ points: 999, displayName: 'Olivia' }),
  );
  board.denied('other member', 'delete', "removes a rival's standing", (db) =>
    db.ref(own).remove(),
  );
  board.denied('admin', 'update', "edits a member's points", (db) =>
    db.ref(`${own}/points`).set(0),
  );
  board.denied('visitor', 'update', "edits a member's points", (db) =>
    db.ref(`${own}/points`).set(0),
  );
  return board.cases;
});

const leaderboardRoot = casesFor<DatabaseWorld, Database>('leaderboard');
leaderboardRoot.denied('member', 'read', 'downloads every leaderboard at once', (db) =>
  db.ref('leaderboard').get(),
);
leaderboardRoot.denied(
  'owner',
  'update',
  'writes its own points on all three boards in one update',
  (db) =>
    db.ref().update({
      [`leaderboard/all/${OWNER_UID}/points`]: 500,
      [`leaderboard/weekly/${WEEK}/${OWNER_UID}/points`]: 500,
      [`leaderboard/monthly/${MONTH}/${OWNER_UID}/points`]: 500,
    }),
);

const root = casesFor<DatabaseWorld, Database>('/ (root and unknown paths)');
root.denied('admin', 'read', 'downloads the whole database', (db) => db.ref().get());
root.denied('visitor', 'read', 'downloads the whole database', (db) => db.ref().get());
root.denied('member', 'create', 'writes a top-level node the app does not have', (db) =>
  db.ref('scratch/x').set('hello'),
);
root.denied('admin', 'create', 'writes a top-level node the app does not have', (db) =>
  db.ref('scratch/x').set('hello'),
);
root.denied('owner', 'delete', 'wipes the database', (db) => db.ref().remove());

export const publicCases = [
  ...feed.cases,
  ...leaderboardCases,
  ...leaderboardRoot.cases,
  ...root.cases,
];
