import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { firstSignInWrites } from '../../src/features/auth/api/member-records';
import { bucketProofStore } from '../../functions/src/proofs/proof-store';
import {
  generatePayload,
  postJson,
  readyMember,
  signUpMember,
  startApiHarness,
  TEST_BUCKET,
  uploadProofAt,
  type ApiHarness,
  type TestMember,
} from './api-harness';

/** 05:30 on 10 June 2025 in India, a Tuesday of ISO week 24. */
const NOW = Date.parse('2025-06-10T00:00:00Z');

let harness: ApiHarness;
/** The server's clock; a test that moves it puts it back. */
let now = NOW;

beforeAll(async () => {
  harness = await startApiHarness({ clock: () => now });
});
afterAll(() => harness?.close());

async function createChallenge(member: TestMember, day: number): Promise<string> {
  const response = await postJson(
    `${harness.baseUrl}/api/generate`,
    generatePayload(member.uid, { day }),
    {
      token: member.idToken,
    },
  );
  expect(response.status).toBe(201);
  return response.body.challengeId as string;
}

/**
 * Proves meals the way the owner's client does: the photo uploaded to its path inside the window,
 * then status, img and a doneAt inside the window. `photo` bends the upload for the attack cases.
 */
async function prove(
  uid: string,
  challengeId: string,
  meals: Array<[day: string, slot: string]>,
  photo: 'in-window' | 'missing' | 'before-window' = 'in-window',
) {
  const path = `users/${uid}/challenges/${challengeId}`;
  const challenge = (await harness.database.ref(path).get()).val() as ChallengeRecord;
  const update: Record<string, unknown> = {};
  for (const [day, slot] of meals) {
    const meal = challenge.meals[day][slot as 'breakfast']!;
    const objectPath = `Challenge/${uid}/${challengeId}/${day}-${slot}.jpg`;
    if (photo !== 'missing')
      await uploadProofAt(
        harness.bucket,
        objectPath,
        photo === 'in-window' ? meal.opensAt + 30_000 : meal.opensAt - 60_000,
      );
    update[`${path}/meals/${day}/${slot}/status`] = 'Done';
    update[`${path}/meals/${day}/${slot}/img`] =
      `https://firebasestorage.googleapis.com/v0/b/${TEST_BUCKET}/o/${encodeURIComponent(objectPath)}?alt=media&token=t`;
    update[`${path}/meals/${day}/${slot}/imgPath`] = objectPath;
    update[`${path}/meals/${day}/${slot}/doneAt`] = meal.opensAt + 60_000;
  }
  await harness.database.ref().update(update);
}

const recompute = (member: TestMember) =>
  postJson(`${harness.baseUrl}/api/me/recompute`, {}, { token: member.idToken });
const read = async (path: string) => (await harness.database.ref(path).get()).val();

describe('POST /api/me/recompute', () => {
  it('401 without a token', async () => {
    expect((await postJson(`${harness.baseUrl}/api/me/recompute`, {})).status).toBe(401);
  });

  it('derives the score from proofs and writes info and the three leaderboards, idempotently', async () => {
    const member = await readyMember(harness.database);
    const full = await createChallenge(member, 1);
    const partial = await createChallenge(member, 2);
    await prove(member.uid, full, [
      ['Day1', 'breakfast'],
      ['Day1', 'lunch'],
      ['Day1', 'dinner'],
    ]);
    await prove(member.uid, partial, [['Day2', 'lunch']]);

    const first = await recompute(member);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ score: 100, activeChallenges: 2, totalChallenges: 2 });
    expect(await recompute(member)).toMatchObject({ status: 200, body: first.body });

    expect(await read(`users/${member.uid}/info/score`)).toBe(100);
    const entry = { displayName: 'Asha', photoURL: '', joinAt: '2025-06-01 10:00:00' };
    expect(await read(`leaderboard/all/${member.uid}`)).toEqual({ points: 100, ...entry });
    expect(await read(`leaderboard/weekly/2025-W24/${member.uid}`)).toEqual({
      points: 100,
      ...entry,
    });
    expect(await read(`leaderboard/monthly/2025-06/${member.uid}`)).toEqual({
      points: 100,
      ...entry,
    });
  });

  it('takes a deleted challenge out of the score, counters and period boards', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await createChallenge(member, 1);
    await prove(member.uid, challengeId, [['Day1', 'breakfast']]);
    expect((await recompute(member)).body).toMatchObject({ score: 10 });
    expect(await read(`feed/${challengeId}/uid`)).toBe(member.uid);
    expect(await read(`leaderboard/weekly/2025-W24/${member.uid}/points`)).toBe(10);

    await harness.database
      .ref(`users/${member.uid}/challenges/${challengeId}`)
      .update({ deleted: true, isActive: false });
    const after = await recompute(member);
    expect(after.body).toMatchObject({ score: 0, activeChallenges: 0, totalChallenges: 0 });
    expect(await read(`leaderboard/weekly/2025-W24/${member.uid}`)).toBeNull();
    expect(await read(`leaderboard/monthly/2025-06/${member.uid}`)).toBeNull();
    expect(await read(`leaderboard/all/${member.uid}/points`)).toBe(0);
    expect(await read(`feed/${challengeId}`)).toBeNull();
  });

  it('ignores a score the member wrote', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await createChallenge(member, 1);
    await prove(member.uid, challengeId, [['Day1', 'lunch']]);
    await harness.database.ref(`users/${member.uid}/info/score`).set(99_999);
    expect((await recompute(member)).body).toMatchObject({ score: 10 });
    expect(await read(`users/${member.uid}/info/score`)).toBe(10);
  });

  it('counts no proof marked done outside its window, even with its photo stored inside it', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await createChallenge(member, 1);
    // Stored like a good proof (the photo inside the window, so Storage alone would accept it)...
    await prove(member.uid, challengeId, [['Day1', 'dinner']]);
    const path = `users/${member.uid}/challenges/${challengeId}/meals/Day1/dinner`;
    const dinner = await read(path);
    // ...but marked done a millisecond after the window closed.
    await harness.database.ref(path).update({ doneAt: dinner.closesAt + 1 });
    expect((await recompute(member)).body).toMatchObject({ score: 0 });
    expect(await read(`leaderboard/all/${member.uid}/points`)).toBe(0);
    await harness.database.ref(path).update({ doneAt: dinner.closesAt });
    expect((await recompute(member)).body).toMatchObject({ score: 10 });
  });

  it('puts the join date of a member who signed up through the app (server clock) on the boards', async () => {
    const member = await signUpMember();
    // The app's own first sign-in update: joinAt and createdAt are the server's clock (a number).
    await harness.database.ref().update(
      firstSignInWrites({
        uid: member.uid,
        email: 'new@example.com',
        displayName: 'Neha',
        photoURL: null,
        emailVerified: true,
        isAdmin: false,
      }),
    );
    await harness.database.ref().update({
      [`users/${member.uid}/info/location`]: 'Pune',
      [`users/${member.uid}/info/preference`]: 'veg',
      [`users/${member.uid}/private/height`]: 165,
      [`users/${member.uid}/private/weight`]: 62,
      [`users/${member.uid}/private/age`]: 29,
      [`users/${member.uid}/private/sex`]: 'female',
    });
    const joinAt = await read(`users/${member.uid}/info/joinAt`);
    expect(typeof joinAt).toBe('number');
    const challengeId = await createChallenge(member, 1);
    await prove(member.uid, challengeId, [['Day1', 'breakfast']]);
    expect((await recompute(member)).body).toMatchObject({ score: 10 });
    const row = { points: 10, displayName: 'Neha', photoURL: '', joinAt };
    expect(await read(`leaderboard/all/${member.uid}`)).toEqual(row);
    expect(await read(`leaderboard/weekly/2025-W24/${member.uid}`)).toEqual(row);
    expect(await read(`leaderboard/monthly/2025-06/${member.uid}`)).toEqual(row);
  });

  it('409 and writes nothing before the member’s first sign-in record exists', async () => {
    const member = await signUpMember();
    const response = await recompute(member);
    expect(response.status).toBe(409);
    expect(response.body.error).toMatch(/sign in/i);
    // An info node holding only a score would make the rules refuse the first sign-in record for ever.
    expect(await read(`users/${member.uid}`)).toBeNull();
    expect(await read(`leaderboard/all/${member.uid}`)).toBeNull();
  });

  it('counts no proof whose photo is missing from Storage or was created outside the window', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await createChallenge(member, 2);
    await prove(member.uid, challengeId, [['Day1', 'breakfast']], 'missing');
    await prove(member.uid, challengeId, [['Day1', 'lunch']], 'before-window');
    await prove(member.uid, challengeId, [['Day2', 'dinner']]);
    const response = await recompute(member);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ score: 10 });
    expect(await read(`leaderboard/all/${member.uid}/points`)).toBe(10);
  });

  describe('work that follows what changed', () => {
    /** An API on the same data whose Storage look-ups are counted. */
    async function countingApi() {
      const store = bucketProofStore(harness.bucket);
      const counter = { calls: 0 };
      const url = await harness.startApi({
        proofs: {
          createdAt: (path) => {
            counter.calls++;
            return store.createdAt(path);
          },
        },
      });
      const call = (member: TestMember, body: Record<string, unknown> = {}) =>
        postJson(`${url}/api/me/recompute`, body, { token: member.idToken });
      return { counter, call };
    }

    it('asks Storage only about proofs it has not judged before', async () => {
      const { counter, call } = await countingApi();
      const member = await readyMember(harness.database);
      const challengeId = await createChallenge(member, 2);
      await prove(member.uid, challengeId, [
        ['Day1', 'breakfast'],
        ['Day1', 'lunch'],
      ]);
      expect((await call(member)).body).toMatchObject({ score: 20 });
      expect(counter.calls).toBe(2);
      counter.calls = 0;
      expect((await call(member, { challengeId })).body).toMatchObject({ score: 20 });
      expect(counter.calls).toBe(0);
      await prove(member.uid, challengeId, [['Day1', 'dinner']]);
      expect((await call(member, { challengeId })).body).toMatchObject({ score: 40 });
      expect(counter.calls).toBe(1);
      // A proof judged once stays judged: stored proofs can be neither replaced nor deleted.
      await harness.bucket
        .file(`Challenge/${member.uid}/${challengeId}/Day1-breakfast.jpg`)
        .delete();
      counter.calls = 0;
      expect((await call(member)).body).toMatchObject({ score: 40 });
      expect(counter.calls).toBe(0);
    });

    it('settles ended challenges without asking again, and a rebuild from scratch agrees', async () => {
      const { counter, call } = await countingApi();
      const member = await readyMember(harness.database);
      const first = await createChallenge(member, 1);
      await prove(member.uid, first, [
        ['Day1', 'breakfast'],
        ['Day1', 'lunch'],
      ]);
      await call(member);
      try {
        // Two days later: the first challenge has ended; a second starts that day.
        now = Date.parse('2025-06-12T00:00:00Z');
        const second = await createChallenge(member, 1);
        await prove(member.uid, second, [['Day1', 'breakfast']]);
        counter.calls = 0;
        const incremental = await call(member, { challengeId: second });
        expect(counter.calls).toBe(1);
        expect(incremental.body).toMatchObject({
          score: 30,
          activeChallenges: 1,
          totalChallenges: 2,
        });
        expect(await read(`progress/${member.uid}/member/open`)).toEqual({ [second]: true });
        const info = await read(`users/${member.uid}/info`);
        const glance = await read(`users/${member.uid}/glance`);
        expect(glance).toEqual({
          challengesCompleted: 1,
          mealsProved: 3,
          mealsPlanned: 4,
          days: { '2025-06-10': 2, '2025-06-12': 1 },
        });
        expect(info).toMatchObject({ currentStreak: 1, bestStreak: 1 });
        // Without its rollup the server derives everything again from the records: the same figures.
        await harness.database.ref(`progress/${member.uid}/member`).remove();
        counter.calls = 0;
        expect((await call(member)).body).toEqual(incremental.body);
        expect(counter.calls).toBe(0);
        expect(await read(`users/${member.uid}/info`)).toEqual(info);
        expect(await read(`users/${member.uid}/glance`)).toEqual(glance);
      } finally {
        now = NOW;
      }
    });

    it('takes out a deleted past challenge at once when named, and by its sweep when not', async () => {
      const member = await readyMember(harness.database);
      const ids = [await createChallenge(member, 1), await createChallenge(member, 1)];
      for (const id of ids) await prove(member.uid, id, [['Day1', 'breakfast']]);
      await recompute(member);
      try {
        now = Date.parse('2025-06-12T00:00:00Z');
        expect((await recompute(member)).body).toMatchObject({ score: 20, totalChallenges: 2 });
        const remove = (id: string) =>
          harness.database
            .ref(`users/${member.uid}/challenges/${id}`)
            .update({ deleted: true, isActive: false });
        await remove(ids[0]);
        const named = await postJson(
          `${harness.baseUrl}/api/me/recompute`,
          { challengeId: ids[0] },
          { token: member.idToken },
        );
        expect(named.body).toMatchObject({ score: 10, totalChallenges: 1 });
        await remove(ids[1]);
        // A client that names nothing (or another member's challenge): the sweep finds it.
        const results = [];
        for (let attempt = 0; attempt <= ids.length; attempt++)
          results.push(
            (
              await postJson(
                `${harness.baseUrl}/api/me/recompute`,
                { challengeId: 'not-theirs' },
                { token: member.idToken },
              )
            ).body.score,
          );
        expect(results.at(-1)).toBe(0);
        expect(await read(`users/${member.uid}/info/totalChallenges`)).toBe(0);
        expect(await read(`leaderboard/weekly/2025-W24/${member.uid}`)).toBeNull();
        expect(await read(`users/${member.uid}/glance/challengesCompleted`)).toBe(0);
      } finally {
        now = NOW;
      }
    });
  });

  describe('streaks and the profile at a glance', () => {
    const info = async (uid: string) =>
      (await read(`users/${uid}/info`)) as Record<string, unknown>;
    const streakOf = async (uid: string) => {
      const { currentStreak, bestStreak, streakFreezes, lastStreakBreakDays, lastStreakBreakOn } =
        await info(uid);
      return { currentStreak, bestStreak, streakFreezes, lastStreakBreakDays, lastStreakBreakOn };
    };

    it('derives the streak and the glance from meals proved in their windows, idempotently', async () => {
      const member = await readyMember(harness.database);
      const challengeId = await createChallenge(member, 3);
      await prove(member.uid, challengeId, [
        ['Day1', 'breakfast'],
        ['Day1', 'lunch'],
      ]);
      const first = await recompute(member);
      expect(first.status).toBe(200);
      expect(await streakOf(member.uid)).toEqual({
        currentStreak: 1,
        bestStreak: 1,
        streakFreezes: 0,
        lastStreakBreakDays: undefined,
        lastStreakBreakOn: undefined,
      });
      // Day1 is 10 June in India; nothing has closed yet at 05:30, so the two proved are all planned.
      const glance = {
        challengesCompleted: 0,
        mealsProved: 2,
        mealsPlanned: 2,
        days: { '2025-06-10': 2 },
      };
      expect(await read(`users/${member.uid}/glance`)).toEqual(glance);
      expect(await recompute(member)).toMatchObject({ status: 200, body: first.body });
      expect(await read(`users/${member.uid}/glance`)).toEqual(glance);
      expect((await streakOf(member.uid)).currentStreak).toBe(1);
    });

    it('one meal a day is no streak day', async () => {
      const member = await readyMember(harness.database);
      const challengeId = await createChallenge(member, 1);
      await prove(member.uid, challengeId, [['Day1', 'dinner']]);
      await recompute(member);
      expect(await streakOf(member.uid)).toMatchObject({ currentStreak: 0, bestStreak: 0 });
      expect(await read(`users/${member.uid}/glance/days`)).toEqual({ '2025-06-10': 1 });
    });

    it('a day that ends short breaks the streak and says which; an ended challenge is completed', async () => {
      const member = await readyMember(harness.database);
      const challengeId = await createChallenge(member, 3);
      await prove(member.uid, challengeId, [
        ['Day1', 'breakfast'],
        ['Day1', 'dinner'],
      ]);
      try {
        // 05:30 on 12 June in India: Day2 (11 June) ended with nothing proved.
        now = Date.parse('2025-06-12T00:00:00Z');
        await recompute(member);
        expect(await streakOf(member.uid)).toEqual({
          currentStreak: 0,
          bestStreak: 1,
          streakFreezes: 0,
          lastStreakBreakDays: 1,
          lastStreakBreakOn: '2025-06-11',
        });
        expect(await read(`users/${member.uid}/glance`)).toEqual({
          challengesCompleted: 0,
          mealsProved: 2,
          mealsPlanned: 6,
          days: { '2025-06-10': 2, '2025-06-11': 0, '2025-06-12': 0 },
        });
        now = Date.parse('2025-06-13T00:00:00Z');
        await recompute(member);
        expect(await read(`users/${member.uid}/glance`)).toMatchObject({
          challengesCompleted: 1,
          mealsPlanned: 9,
        });
        expect(await read(`users/${member.uid}/info/activeChallenges`)).toBe(0);
      } finally {
        now = NOW;
      }
    });

    it('overwrites streak and glance figures written around the rules', async () => {
      const member = await readyMember(harness.database);
      const challengeId = await createChallenge(member, 1);
      await prove(member.uid, challengeId, [['Day1', 'breakfast']]);
      await harness.database.ref(`users/${member.uid}/info`).update({
        currentStreak: 365,
        bestStreak: 365,
        streakFreezes: 2,
        lastStreakBreakDays: 400,
        lastStreakBreakOn: '2025-01-01',
      });
      await harness.database
        .ref(`users/${member.uid}/glance`)
        .set({ challengesCompleted: 50, mealsProved: 900, mealsPlanned: 900, days: {} });
      await recompute(member);
      expect(await streakOf(member.uid)).toEqual({
        currentStreak: 0,
        bestStreak: 0,
        streakFreezes: 0,
        lastStreakBreakDays: undefined,
        lastStreakBreakOn: undefined,
      });
      expect(await read(`users/${member.uid}/glance`)).toEqual({
        challengesCompleted: 0,
        mealsProved: 1,
        mealsPlanned: 1,
        days: { '2025-06-10': 1 },
      });
    });
  });
});
