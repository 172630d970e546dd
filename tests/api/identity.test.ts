import type { Database } from 'firebase-admin/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDateInZone, isoWeekKey, monthKey } from '@domain/calendar-dates';
import { challengeDeleteWrites } from '../../functions/src/challenges/challenge-delete-route';
import { MAX_FEED_ENTRIES_PER_CALL } from '../../functions/src/members/identity-route';
import {
  generatePayload,
  postJson,
  readyMember,
  startApiHarness,
  TEST_BUCKET,
  type ApiHarness,
  type TestMember,
} from './api-harness';
import { databaseWithWriteHook, onceBeforeWriteTo } from './database-hooks';

const ZONE = 'Asia/Kolkata';
/** When the seeded breakfast was proved: 10 June 2025, 08:00 in India. */
const PROVED_AT = Date.parse('2025-06-10T02:30:00Z');
const WEEK = isoWeekKey(PROVED_AT, ZONE);
const MONTH = monthKey(PROVED_AT, ZONE);
const OLD = { displayName: 'Asha', photoURL: '' };
const CURRENT = {
  displayName: 'Asha Rao',
  photoURL: `https://firebasestorage.googleapis.com/v0/b/${TEST_BUCKET}/o/new-avatar?alt=media`,
};

let harness: ApiHarness;

beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(() => harness?.close());

const read = async (path: string) => (await harness.database.ref(path).get()).val();
const propagate = (member: TestMember, body: unknown = {}) =>
  postJson(`${harness.baseUrl}/api/me/identity`, body, { token: member.idToken });

/** A one-day challenge with its breakfast proved in its window, so it earned on WEEK and MONTH. */
function challengeRecord(deleted = false) {
  return {
    ...OLD,
    title: 'Monsoon reset',
    day: 1,
    timezone: ZONE,
    createdAt: PROVED_AT - 3_600_000,
    deleted,
    isActive: !deleted,
    meals: {
      Day1: {
        breakfast: {
          name: 'Poha',
          status: 'Done',
          opensAt: PROVED_AT - 60_000,
          closesAt: PROVED_AT + 3_600_000,
          doneAt: PROVED_AT,
        },
      },
    },
  };
}

const feedEntry = (uid: string, createdAt: number) => ({
  ...OLD,
  uid,
  title: 'Monsoon reset',
  day: 1,
  cover: '',
  createdAt,
});
const boardRow = (points: number) => ({ ...OLD, points, joinAt: '2025-06-01 10:00:00' });

const challengeIdOf = (member: TestMember, index: number) =>
  `${member.uid.slice(0, 6)}-c${String(index).padStart(4, '0')}`;

/**
 * A member whose records all carry OLD copies: `challenges` live challenges (each in the feed and
 * earning on WEEK and MONTH), plus the rows of the three boards.
 */
async function memberWithCopies(challenges: number, extra: Record<string, unknown> = {}) {
  const member = await readyMember(harness.database);
  const seed: Record<string, unknown> = {
    [`leaderboard/all/${member.uid}`]: boardRow(10),
    [`leaderboard/weekly/${WEEK}/${member.uid}`]: boardRow(10),
    [`leaderboard/monthly/${MONTH}/${member.uid}`]: boardRow(10),
    ...extra,
  };
  for (let index = 0; index < challenges; index++) {
    const challengeId = challengeIdOf(member, index);
    seed[`users/${member.uid}/challenges/${challengeId}`] = challengeRecord();
    seed[`feed/${challengeId}`] = feedEntry(member.uid, PROVED_AT + index);
  }
  await harness.database.ref().update(seed);
  return member;
}

/**
 * The harness database, except that `race` runs once, and is awaited, before the route's first write
 * is sent: what another client does between the route's reads and its writes.
 */
const racingDatabase = (database: Database, race: () => Promise<unknown>) =>
  databaseWithWriteHook(
    database,
    onceBeforeWriteTo('', () => race().then(() => undefined)),
  );

async function renameTo(member: TestMember, identity: typeof CURRENT) {
  await harness.database.ref(`users/${member.uid}/info`).update(identity);
}

async function copiesOf(member: TestMember) {
  const feed = (await harness.database
    .ref('feed')
    .orderByChild('uid')
    .equalTo(member.uid)
    .get()
    .then((snapshot) => snapshot.val())) as Record<string, typeof OLD>;
  const challenges = (await read(`users/${member.uid}/challenges`)) as Record<string, typeof OLD>;
  return {
    feed: Object.values(feed ?? {}).map(({ displayName, photoURL }) => ({ displayName, photoURL })),
    challenges: Object.values(challenges ?? {}).map(({ displayName, photoURL }) => ({
      displayName,
      photoURL,
    })),
    rows: await Promise.all(
      [
        `leaderboard/all/${member.uid}`,
        `leaderboard/weekly/${WEEK}/${member.uid}`,
        `leaderboard/monthly/${MONTH}/${member.uid}`,
      ].map(read),
    ),
  };
}

describe('POST /api/me/identity', () => {
  it('401 without a token, and with a token that is not a real sign-in', async () => {
    expect((await postJson(`${harness.baseUrl}/api/me/identity`, {})).status).toBe(401);
    const forged = await postJson(
      `${harness.baseUrl}/api/me/identity`,
      {},
      { token: 'not-a-token' },
    );
    expect(forged.status).toBe(401);
  });

  it("rewrites the member's feed entries, challenges and board rows with the name and photo of their info", async () => {
    const member = await memberWithCopies(3);
    await renameTo(member, CURRENT);

    const response = await propagate(member);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      ...CURRENT,
      feedEntries: 3,
      leaderboardRows: 3,
      challenges: 3,
      next: null,
    });
    const copies = await copiesOf(member);
    expect(copies.feed).toEqual(Array(3).fill(CURRENT));
    expect(copies.challenges).toEqual(Array(3).fill(CURRENT));
    for (const row of copies.rows) expect(row).toEqual({ ...boardRow(10), ...CURRENT });

    // Idempotent: nothing is stale the second time.
    expect((await propagate(member)).body).toMatchObject({
      feedEntries: 0,
      leaderboardRows: 0,
      challenges: 0,
    });
  });

  it('copies neither a photo from another host nor a name posing as the team into public places', async () => {
    const member = await memberWithCopies(2);
    // An older record, or one written before the rules refused these: the copies must not carry them.
    await renameTo(member, {
      displayName: 'Adm\u0456n', // a Cyrillic i, which the rules' regular expression cannot see
      photoURL: 'https://evil.example/pixel.png?viewer=tracking',
    });
    const response = await propagate(member);
    expect(response.status).toBe(200);
    const safe = { displayName: 'Member', photoURL: '' };
    expect(response.body).toMatchObject(safe);
    const copies = await copiesOf(member);
    expect(copies.feed).toEqual(Array(2).fill(safe));
    expect(copies.challenges).toEqual(Array(2).fill(safe));
    for (const row of copies.rows) expect(row).toEqual({ ...boardRow(10), ...safe });

    await renameTo(member, {
      displayName: 'Asha\u200B',
      photoURL: `https://firebasestorage.googleapis.com/v0/b/someone-else.appspot.com/o/a.jpg`,
    });
    expect((await propagate(member)).body).toMatchObject(safe);
  });

  it('ignores a name and photo sent in the body: the copies follow the stored info', async () => {
    const member = await memberWithCopies(1);
    await renameTo(member, CURRENT);

    const response = await propagate(member, {
      displayName: 'Admin-X',
      photoURL: 'https://evil.example/phish.png',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject(CURRENT);
    const copies = await copiesOf(member);
    expect(copies.feed).toEqual([CURRENT]);
    expect(copies.rows[0]).toMatchObject(CURRENT);
    expect(JSON.stringify(copies)).not.toContain('Admin-X');
    expect(JSON.stringify(copies)).not.toContain('evil.example');
  });

  it("leaves another member's feed entries and rows untouched", async () => {
    const other = await memberWithCopies(2);
    const member = await memberWithCopies(2);
    await renameTo(member, CURRENT);
    const before = await copiesOf(other);

    expect((await propagate(member)).status).toBe(200);
    expect(await copiesOf(other)).toEqual(before);
    expect((await copiesOf(other)).feed).toEqual([OLD, OLD]);
  });

  it('creates no board row the member does not have, and leaves a deleted challenge out of the feed', async () => {
    const member = await readyMember(harness.database);
    await harness.database.ref().update({
      [`users/${member.uid}/challenges/gone-1`]: challengeRecord(true),
      // The feed entry outlived its deleted challenge (the next recompute removes it).
      [`feed/gone-1`]: feedEntry(member.uid, PROVED_AT),
    });
    await renameTo(member, CURRENT);

    const response = await propagate(member);
    expect(response.body).toMatchObject({ feedEntries: 0, leaderboardRows: 0 });
    expect(await read(`leaderboard/all/${member.uid}`)).toBeNull();
    expect(await read(`leaderboard/weekly/${WEEK}/${member.uid}`)).toBeNull();
    expect(await read('feed/gone-1')).toEqual(feedEntry(member.uid, PROVED_AT));
  });

  it(`rewrites at most ${MAX_FEED_ENTRIES_PER_CALL} feed entries per call and continues from "next"`, async () => {
    const member = await memberWithCopies(MAX_FEED_ENTRIES_PER_CALL + 5);
    await renameTo(member, CURRENT);

    const first = await propagate(member);
    expect(first.body).toMatchObject({ feedEntries: MAX_FEED_ENTRIES_PER_CALL });
    expect(first.body.next).toEqual(expect.any(String));
    const stale = (await copiesOf(member)).feed.filter((copy) => copy.displayName === 'Asha');
    expect(stale).toHaveLength(5);

    const second = await propagate(member, { after: first.body.next });
    expect(second.body).toMatchObject({ feedEntries: 5, next: null });
    expect((await copiesOf(member)).feed.every((copy) => copy.displayName === 'Asha Rao')).toBe(
      true,
    );
  });

  it('writes no stub feed entry for a challenge deleted between its reads and its writes', async () => {
    const member = await memberWithCopies(2);
    await renameTo(member, CURRENT);
    const [deleted, kept] = [challengeIdOf(member, 0), challengeIdOf(member, 1)];
    // The member deletes a challenge from another tab: the delete route's soft-delete update.
    const softDelete = challengeDeleteWrites(member.uid, deleted);
    const otherClient = harness.openDatabase();
    const baseUrl = await harness.startApi({
      database: racingDatabase(harness.database, () => otherClient.ref().update(softDelete)),
    });

    const response = await postJson(`${baseUrl}/api/me/identity`, {}, { token: member.idToken });
    expect(response.status).toBe(200);
    expect(await read(`feed/${deleted}`)).toBeNull();
    expect(response.body).toMatchObject({ feedEntries: 1, next: null });
    expect(await read(`feed/${kept}`)).toEqual({
      ...feedEntry(member.uid, PROVED_AT + 1),
      ...CURRENT,
    });
    expect(await read(`users/${member.uid}/challenges/${deleted}/deleted`)).toBe(true);
  });

  it('creates no board row that was removed between its reads and its writes', async () => {
    const member = await memberWithCopies(1);
    await renameTo(member, CURRENT);
    const weeklyRow = `leaderboard/weekly/${WEEK}/${member.uid}`;
    // The row is removed meanwhile, as a recompute does when the week's points fall to 0.
    const otherClient = harness.openDatabase();
    const baseUrl = await harness.startApi({
      database: racingDatabase(harness.database, () => otherClient.ref(weeklyRow).remove()),
    });

    const response = await postJson(`${baseUrl}/api/me/identity`, {}, { token: member.idToken });
    expect(response.status).toBe(200);
    expect(await read(weeklyRow)).toBeNull();
    expect(response.body).toMatchObject({ feedEntries: 1, leaderboardRows: 2 });
    expect(await read(`leaderboard/all/${member.uid}`)).toEqual({ ...boardRow(10), ...CURRENT });
  });

  it('400 for a cursor that is not a feed entry id, 409 before the member record exists', async () => {
    const member = await memberWithCopies(0);
    const badCursor = await propagate(member, { after: '../users' });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error).toContain('after');

    await harness.database.ref(`users/${member.uid}/info`).remove();
    const missing = await propagate(member);
    expect(missing.status).toBe(409);
    expect(missing.body.error).toMatch(/sign in to the app once/);
  });

  it('is rate-limited per member', async () => {
    const baseUrl = await harness.startApi({ identityRateLimit: { windowMs: 60_000, max: 1 } });
    const member = await memberWithCopies(0);
    const call = () => postJson(`${baseUrl}/api/me/identity`, {}, { token: member.idToken });
    expect((await call()).status).toBe(200);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('the other public copies of the name and photo', () => {
  it('generate and recompute copy neither a name posing as the team nor a photo from another host from an older record', async () => {
    const member = await readyMember(harness.database);
    // Planted through the admin SDK, as a record stored before the rules tightened would be.
    await renameTo(member, {
      displayName: 'ChallangeX Team',
      photoURL: 'https://evil.example/pixel.png?viewer=tracking',
    });
    const safe = { displayName: 'Member', photoURL: '' };

    const created = await postJson(
      `${harness.baseUrl}/api/generate`,
      // Tomorrow: some meal window is ahead whatever the time of day.
      generatePayload(member.uid, { startDate: addDays(calendarDateInZone(Date.now(), ZONE), 1) }),
      { token: member.idToken },
    );
    expect(created.status).toBe(201);
    const challengeId = created.body.challengeId as string;
    expect(await read(`feed/${challengeId}`)).toMatchObject(safe);
    expect(await read(`users/${member.uid}/challenges/${challengeId}`)).toMatchObject(safe);

    const recomputed = await postJson(
      `${harness.baseUrl}/api/me/recompute`,
      {},
      { token: member.idToken },
    );
    expect(recomputed.status).toBe(200);
    expect(await read(`leaderboard/all/${member.uid}`)).toMatchObject(safe);
  });
});
