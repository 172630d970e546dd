import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { TEAM_BONUS_POINTS } from '@domain/challenges/challenge-board';
import type { MealSlot } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import type { BoardRow, GroupRecord } from '@domain/challenges/group-records';
import { decodeBoardWindows, encodeBoardWindows } from '@domain/challenges/board-windows';
import { storagePaths } from '@domain/data/storage-paths';
import { bucketProofStore } from '../../functions/src/proofs/proof-store';
import { teamBonusDuePath } from '../../functions/src/groups/team-bonus-due';
import { decideTeamBonuses, type TeamBonusRun } from '../../functions/src/groups/team-bonus-job';
import {
  postJson,
  startApiHarness,
  TEST_BUCKET,
  uploadProofAt,
  type ApiHarness,
} from './api-harness';
import { makeGroup, type GroupMember, type TestGroup } from './group-fixtures';

// The team bonus (docs/product.md, "Group challenges"): decided once when every member's last window
// has closed, 25 points to each member who proved at least half of their own meals when the team
// proved at least 80 %, counted in the week and month of the end. Decided by the scheduled job
// (functions/src/groups/team-bonus-job.ts, called here as its schedule would) with no member's activity, or
// by the first recompute after the end (the repair tool, over HTTP).

/**
 * 05:30 on Sunday 29 June 2025 in India: a 3-day challenge runs Sunday 29 June (ISO week 26), Monday
 * 30 June and Tuesday 1 July (week 27, July): its end is in another week and month than its start.
 */
const NOW = Date.parse('2025-06-29T00:00:00Z');
const HOUR = 3_600_000;

let harness: ApiHarness;
let now = NOW;

beforeAll(async () => {
  harness = await startApiHarness({
    clock: () => now,
    recomputeRateLimit: { windowMs: 60_000, max: 1_000 },
  });
});
afterAll(() => harness?.close());

const read = async (path: string) => (await harness.database.ref(path).get()).val();
const planOf = async (member: GroupMember) =>
  (await read(dbPaths.challenge(member.uid, member.challengeId))) as ChallengeRecord;
const SLOTS: MealSlot[] = ['breakfast', 'lunch', 'dinner'];
/** The first `count` meals of a 3-day plan, in order. */
const firstMeals = (count: number) =>
  [1, 2, 3].flatMap((day) => SLOTS.map((slot) => [day, slot] as const)).slice(0, count);

/** Proofs as stored by the proof route: a photo in the window, the meal Done inside it. */
async function prove(member: GroupMember, count: number) {
  const plan = await planOf(member);
  const base = dbPaths.challenge(member.uid, member.challengeId);
  const update: Record<string, unknown> = {};
  for (const [day, slot] of firstMeals(count)) {
    const meal = plan.meals[`Day${day}`][slot]!;
    const path = storagePaths.mealProof(member.uid, member.challengeId, day, slot, 1);
    await uploadProofAt(harness.bucket, path, meal.opensAt + 30_000);
    Object.assign(update, {
      [`${base}/meals/Day${day}/${slot}/status`]: 'Done',
      [`${base}/meals/Day${day}/${slot}/imgPath`]: path,
      [`${base}/meals/Day${day}/${slot}/img`]: `https://firebasestorage.googleapis.com/v0/b/${TEST_BUCKET}/o/${encodeURIComponent(path)}?alt=media&token=t`,
      [`${base}/meals/Day${day}/${slot}/doneAt`]: meal.opensAt + 60_000,
    });
  }
  await harness.database.ref().update(update);
}

async function recompute(member: GroupMember) {
  const response = await postJson(
    `${harness.baseUrl}/api/me/recompute`,
    { challengeId: member.challengeId },
    { token: member.idToken },
  );
  expect(response.status).toBe(200);
  return response.body as { score: number };
}

/** The member's score and rows on the three leaderboards, as the boards show them. */
async function standing(member: GroupMember) {
  const points = async (path: string) =>
    ((await read(`${path}/${member.uid}`)) as { points: number } | null)?.points ?? 0;
  return {
    score: (await read(`${dbPaths.userInfo(member.uid)}/score`)) as number,
    all: await points(dbPaths.leaderboardAll),
    weekly: {
      '2025-W26': await points(dbPaths.leaderboardWeekly('2025-W26')),
      '2025-W27': await points(dbPaths.leaderboardWeekly('2025-W27')),
    },
    monthly: {
      '2025-06': await points(dbPaths.leaderboardMonthly('2025-06')),
      '2025-07': await points(dbPaths.leaderboardMonthly('2025-07')),
    },
  };
}

/**
 * Every meal of 3 days proved: 9 × 10 + 3 day bonuses + 50 for the whole challenge = 170; Sunday's
 * 40 in week 26 and June, Monday's 40 in week 27 and June, Tuesday's 40 + 50 in week 27 and July.
 */
const allNine = (bonus: number) => ({
  score: 170 + bonus,
  all: 170 + bonus,
  weekly: { '2025-W26': 40, '2025-W27': 130 + bonus },
  monthly: { '2025-06': 80, '2025-07': 90 + bonus },
});

/** A group of three whose members proved `counts` meals each, recomputed while the last day runs. */
async function groupWith(counts: [number, number, number]) {
  now = NOW;
  const group = await makeGroup(harness, ['Aarti', 'Bala', 'Chitra'], { day: 3 });
  const plan = await planOf(group.owner);
  expect(plan.startDate).toBe('2025-06-29');
  // One at a time: each upload fakes the process's clock (uploadProofAt).
  for (const [index, member] of group.members.entries()) await prove(member, counts[index]);
  const lastDinner = plan.meals.Day3.dinner!;
  now = lastDinner.opensAt + 2 * 60_000;
  for (const member of group.members) await recompute(member);
  return { ...group, endsAt: lastDinner.closesAt };
}

const bonusOf = async ({ challengeId }: TestGroup) =>
  (await read(`${dbPaths.group(challengeId)}/bonus`)) as GroupRecord['bonus'] | null;

describe('the team bonus', () => {
  it('at 81 % (22 of 27 meals), the two members over half get 25 points each in the end week and month; recomputing again adds nothing', async () => {
    const group = await groupWith([9, 9, 4]);
    const [aarti, bala, chitra] = group.members;
    expect(await standing(aarti)).toEqual(allNine(0));

    // Aarti's own plan has ended, but Chitra's last window (a later zone, say) is still open: no bonus
    // yet, and Aarti's challenge must stay open so that her next recompute adds it.
    const windowsRef = harness.database.ref(
      `${dbPaths.groupMember(group.challengeId, chitra.uid)}/windows`,
    );
    const windows = decodeBoardWindows((await windowsRef.get()).val() as string);
    expect(windows.at(-1)?.key).toBe('Day3-dinner');
    windows.at(-1)!.closesAt = group.endsAt + 5 * HOUR;
    await windowsRef.set(encodeBoardWindows(windows));
    now = group.endsAt + HOUR;
    expect((await recompute(aarti)).score).toBe(170);
    expect(await bonusOf(group)).toBeNull();

    now = group.endsAt + 6 * HOUR;
    expect((await recompute(aarti)).score).toBe(170 + TEAM_BONUS_POINTS);
    expect(await bonusOf(group)).toEqual({
      decidedAt: now,
      endsAt: group.endsAt + 5 * HOUR,
      recipients: { [aarti.uid]: true, [bala.uid]: true },
    });
    // The recompute that decided it brought the others up to date: no need to wait for theirs.
    expect(await standing(bala)).toEqual(allNine(TEAM_BONUS_POINTS));
    expect((await standing(chitra)).score).toBe(50);
    for (const member of [bala, chitra]) await recompute(member);
    expect(await standing(aarti)).toEqual(allNine(TEAM_BONUS_POINTS));
    expect(await standing(bala)).toEqual(allNine(TEAM_BONUS_POINTS));
    // Chitra proved 4 of 9 (under half): Sunday's 3 meals and day, Monday's breakfast, no bonus.
    expect(await standing(chitra)).toEqual({
      score: 50,
      all: 50,
      weekly: { '2025-W26': 40, '2025-W27': 10 },
      monthly: { '2025-06': 50, '2025-07': 0 },
    });
    const rows = (await read(dbPaths.groupMembers(group.challengeId))) as Record<string, BoardRow>;
    expect(rows[aarti.uid].points).toBe(170 + TEAM_BONUS_POINTS);
    expect(rows[chitra.uid].points).toBe(50);
    // Each row carries its member's current streak, as their recompute derived it.
    const { currentStreak } = (await recompute(aarti)) as unknown as { currentStreak: number };
    expect(currentStreak).toBeGreaterThan(0);
    expect(
      (await read(`${dbPaths.groupMember(group.challengeId, aarti.uid)}/streak`)) as number,
    ).toBe(currentStreak);

    // Decided once: later recomputes, a day on, find the same decision and the same totals.
    const decision = await bonusOf(group);
    now += 24 * HOUR;
    for (const member of group.members) await recompute(member);
    for (const member of group.members) await recompute(member);
    expect(await bonusOf(group)).toEqual(decision);
    expect(await standing(aarti)).toEqual(allNine(TEAM_BONUS_POINTS));
    expect(await standing(bala)).toEqual(allNine(TEAM_BONUS_POINTS));
    expect((await standing(chitra)).score).toBe(50);
  });

  it('below 80 % (21 of 27 meals) nobody gets it, even members who proved every meal; racing recomputes agree', async () => {
    const group = await groupWith([9, 9, 3]);
    now = group.endsAt + HOUR;
    const scores = await Promise.all(group.members.map((member) => recompute(member)));
    expect(scores.map(({ score }) => score)).toEqual([170, 170, 40]);
    expect(await bonusOf(group)).toEqual({ decidedAt: now, endsAt: group.endsAt });
    for (const member of group.members) await recompute(member);
    expect(await standing(group.members[0])).toEqual(allNine(0));
    expect(await standing(group.members[1])).toEqual(allNine(0));
  });
});

/** One run of the scheduled job against this harness's emulators, at the test's clock. */
const runJob = (): Promise<TeamBonusRun> =>
  decideTeamBonuses({
    database: harness.database,
    clock: () => now,
    proofs: bucketProofStore(harness.bucket),
    photoSources: { bucket: TEST_BUCKET },
    log: () => {},
  });

describe('the scheduled team bonus job', () => {
  it("decides an ended group's bonus at its end and brings every member's score, boards and row up to date, with no member activity", async () => {
    // Each member's totals derived while the last day runs (as their proofs' are): the group is listed.
    const group = await groupWith([9, 9, 4]);
    const [aarti, bala, chitra] = group.members;
    expect(await read(teamBonusDuePath(group.challengeId))).toBe(group.endsAt);

    now = group.endsAt - HOUR;
    expect((await runJob()).decided).not.toContain(group.challengeId);
    expect(await bonusOf(group)).toBeNull();

    // An hour after the end, nobody has opened the app or sent anything since.
    now = group.endsAt + HOUR;
    const runs = await Promise.all([runJob(), runJob()]);
    expect(runs.flatMap((run) => run.decided)).toContain(group.challengeId);
    expect(await bonusOf(group)).toMatchObject({
      endsAt: group.endsAt,
      recipients: { [aarti.uid]: true, [bala.uid]: true },
    });
    expect(await standing(aarti)).toEqual(allNine(TEAM_BONUS_POINTS));
    expect(await standing(bala)).toEqual(allNine(TEAM_BONUS_POINTS));
    expect((await standing(chitra)).score).toBe(50);
    const rows = (await read(dbPaths.groupMembers(group.challengeId))) as Record<string, BoardRow>;
    expect(rows[bala.uid].points).toBe(170 + TEAM_BONUS_POINTS);
    expect(rows[chitra.uid].points).toBe(50);
    expect(await read(teamBonusDuePath(group.challengeId))).toBeNull();

    // Decided once: a later run finds nothing to do, and the totals stay.
    const decision = await bonusOf(group);
    now += 24 * HOUR;
    expect((await runJob()).decided).not.toContain(group.challengeId);
    expect(await bonusOf(group)).toEqual(decision);
    expect(await standing(aarti)).toEqual(allNine(TEAM_BONUS_POINTS));
  });

  it('decides for the members on the board when the owner’s row is put aside (a disabled owner)', async () => {
    const group = await groupWith([9, 9, 9]);
    const [owner, bala, chitra] = group.members;
    // Disabling a member puts their board rows aside (docs/security.md, "Moderation").
    await harness.database.ref(dbPaths.groupMember(group.challengeId, owner.uid)).remove();
    now = group.endsAt + HOUR;
    expect((await runJob()).decided).toContain(group.challengeId);
    expect((await bonusOf(group))?.recipients).toEqual({ [bala.uid]: true, [chitra.uid]: true });
    expect(await standing(chitra)).toEqual(allNine(TEAM_BONUS_POINTS));
  });

  it("waits for the group's real end when a member's last window closes later, then decides", async () => {
    const group = await groupWith([9, 9, 9]);
    const [, , chitra] = group.members;
    const windowsRef = harness.database.ref(
      `${dbPaths.groupMember(group.challengeId, chitra.uid)}/windows`,
    );
    const windows = decodeBoardWindows((await windowsRef.get()).val() as string);
    windows.at(-1)!.closesAt = group.endsAt + 5 * HOUR;
    await windowsRef.set(encodeBoardWindows(windows));

    now = group.endsAt + HOUR;
    expect((await runJob()).waiting).toContain(group.challengeId);
    expect(await bonusOf(group)).toBeNull();
    expect(await read(teamBonusDuePath(group.challengeId))).toBe(group.endsAt + 5 * HOUR);

    now = group.endsAt + 6 * HOUR;
    expect((await runJob()).decided).toContain(group.challengeId);
    for (const member of group.members)
      expect(await standing(member)).toEqual(allNine(TEAM_BONUS_POINTS));
  });
});
