import { describe, expect, it } from 'vitest';
import { dbPaths } from '@domain/data/database-paths';
import type { ProofQueuePage } from '@domain/challenges/proof-review';
import { storagePaths } from '@domain/data/storage-paths';
import { postJson, TEST_BUCKET, uploadProofAt } from './api-harness';
import { MINUTE, PROOF_TESTS_START, proofTestSetup } from './group-api';
import { makeGroup, type GroupMember } from './group-fixtures';
import { mealPhoto, photoTakenAt } from './proof-photos';
import {
  boardMealsOfRow,
  boardProofOfRow,
  encodeBoardProofs,
} from '@domain/challenges/board-windows';

// A group member's board row kept live from their proofs, the admin's review and the recompute, over
// HTTP (docs/product.md, "Group challenges").

const HOUR = 60 * MINUTE;

const setup = proofTestSetup();
const { clock, read, mealOf, rowOf, prove } = setup;

async function group(names = ['Owner', 'Asha', 'Ravi']) {
  clock.now = PROOF_TESTS_START;
  return makeGroup(setup.harness, names);
}

async function queueKeyOf(member: GroupMember): Promise<string> {
  const response = await fetch(`${setup.harness.baseUrl}/api/admin/proofs`, {
    headers: { Authorization: `Bearer ${setup.admin.idToken}` },
  });
  const page = (await response.json()) as ProofQueuePage;
  const row = page.proofs.find((proof) => proof.uid === member.uid);
  expect(row).toBeDefined();
  return row!.key;
}

describe("a group member's board row", () => {
  it("a joined member's proof updates their row and photo at once; the others' rows stay", async () => {
    const { owner, members } = await group();
    const asha = members[1];
    const before = await rowOf(asha);
    const proved = await prove(asha, 'lunch', 'board-asha-lunch');
    const row = await rowOf(asha);
    expect(row).toMatchObject({ proved: 1, points: 10, lastProvedAt: proved.doneAt });
    // Only the meals with something to say are stored beside the windows.
    expect(row.proofs).toBe(encodeBoardProofs([['Day1-lunch', 'Done']]));
    expect(row.meals).toBeUndefined();
    expect(await read(`${dbPaths.groupPhotos(asha.challengeId, asha.uid)}/Day1-lunch`)).toBe(
      proved.img,
    );
    // The row is written by leaf paths: its identity and windows stay as they were.
    expect(row).toMatchObject({ displayName: 'Asha', joinedAt: expect.any(Number) });
    expect(boardMealsOfRow(row).map(([key]) => key)).toContain('Day1-dinner');
    expect(row.windows).toBe(before.windows);
    expect(await rowOf(owner)).toMatchObject({ proved: 0, points: 0 });
    expect((await rowOf(owner)).lastProvedAt).toBeUndefined();
  });

  it('a row written before the windows were one string gets them at its next write (docs/architecture.md, "Board rows")', async () => {
    const { members } = await group(['Owner', 'Asha']);
    const asha = members[1];
    const current = await rowOf(asha);
    const path = dbPaths.groupMember(asha.challengeId, asha.uid);
    const legacyMeals = Object.fromEntries(
      boardMealsOfRow(current).map(([key, { opensAt, closesAt }]) => [key, { opensAt, closesAt }]),
    );
    await setup.harness.database
      .ref(path)
      .update({ windows: null, proofs: null, meals: legacyMeals });
    expect(boardMealsOfRow(await rowOf(asha))).toEqual([]);
    await prove(asha, 'lunch', 'board-legacy-lunch');
    const row = await rowOf(asha);
    expect(row.windows).toBe(current.windows);
    expect(Object.fromEntries(boardMealsOfRow(row))['Day1-lunch']).toEqual({
      ...legacyMeals['Day1-lunch'],
      proof: 'Done',
    });
  });

  it("the owner's proof of their own group challenge updates the owner's row", async () => {
    const { owner } = await group(['Owner', 'Asha']);
    await prove(owner, 'breakfast', 'board-owner-breakfast');
    expect(await rowOf(owner)).toMatchObject({
      proved: 1,
      points: 10,
      proofs: encodeBoardProofs([['Day1-breakfast', 'Done']]),
    });
  });

  it('a solo challenge gets no board row from its proofs', async () => {
    const { owner } = await group(['Solo']);
    await setup.harness.database.ref(dbPaths.group(owner.challengeId)).remove();
    await prove(owner, 'dinner', 'board-solo-dinner');
    expect(await read(dbPaths.group(owner.challengeId))).toBeNull();
  });

  it('a member who left gets no row back from a later proof', async () => {
    const { members } = await group(['Owner', 'Leaver']);
    const leaver = members[1];
    await setup.harness.database.ref(dbPaths.groupMember(leaver.challengeId, leaver.uid)).remove();
    await prove(leaver, 'lunch', 'board-leaver-lunch');
    expect(await rowOf(leaver)).toBeNull();
    expect(await read(dbPaths.groupPhotos(leaver.challengeId, leaver.uid))).toBeNull();
  });

  it('a flagged proof shows Flagged and earns nothing; approved it counts', async () => {
    const { members } = await group(['Owner', 'Flagged']);
    const member = members[1];
    const { opensAt } = await mealOf(member, 'lunch');
    const proved = await prove(
      member,
      'lunch',
      await photoTakenAt(await mealPhoto('board-flagged-lunch'), opensAt - 6 * HOUR),
    );
    expect(await rowOf(member)).toMatchObject({
      proved: 0,
      points: 0,
      proofs: encodeBoardProofs([['Day1-lunch', 'Flagged']]),
    });
    expect((await rowOf(member)).lastProvedAt).toBeUndefined();
    // The group still sees the photo while an admin looks at it.
    expect(await read(`${dbPaths.groupPhotos(member.challengeId, member.uid)}/Day1-lunch`)).toBe(
      proved.img,
    );
    const key = await queueKeyOf(member);
    const approved = await postJson(
      `${setup.harness.baseUrl}/api/admin/proofs/${key}/approve`,
      {},
      { token: setup.admin.idToken },
    );
    expect(approved.status).toBe(200);
    expect(await rowOf(member)).toMatchObject({
      proved: 1,
      points: 10,
      lastProvedAt: proved.doneAt,
      proofs: encodeBoardProofs([['Day1-lunch', 'Done']]),
    });
  });

  it('a rejected proof shows Rejected, earns nothing and its photo leaves the board', async () => {
    const { members } = await group(['Owner', 'Rejected']);
    const member = members[1];
    const { opensAt } = await mealOf(member, 'dinner');
    await prove(
      member,
      'dinner',
      await photoTakenAt(await mealPhoto('board-rejected-dinner'), opensAt - 6 * HOUR),
    );
    const key = await queueKeyOf(member);
    const rejected = await postJson(
      `${setup.harness.baseUrl}/api/admin/proofs/${key}/reject`,
      { reason: 'Not a meal' },
      { token: setup.admin.idToken },
    );
    expect(rejected.status).toBe(200);
    expect(await rowOf(member)).toMatchObject({
      proved: 0,
      points: 0,
      proofs: encodeBoardProofs([['Day1-dinner', 'Rejected']]),
    });
    expect(
      await read(`${dbPaths.groupPhotos(member.challengeId, member.uid)}/Day1-dinner`),
    ).toBeNull();
  });

  it('the recompute keeps the row in step: a proof it no longer counts leaves the row', async () => {
    const { members } = await group(['Owner', 'Claimer']);
    const member = members[1];
    // A Done meal whose photo was never stored (written as an old client did): it earns nothing.
    const { opensAt } = await mealOf(member, 'breakfast');
    const planPath = dbPaths.challenge(member.uid, member.challengeId);
    const path = storagePaths.mealProof(member.uid, member.challengeId, 1, 'lunch', 1);
    const lunch = await mealOf(member, 'lunch');
    await uploadProofAt(setup.harness.bucket, path, lunch.opensAt + 30_000);
    await setup.harness.database.ref().update({
      [`${planPath}/meals/Day1/breakfast/status`]: 'Done',
      [`${planPath}/meals/Day1/breakfast/doneAt`]: opensAt + MINUTE,
      [`${planPath}/meals/Day1/lunch/status`]: 'Done',
      [`${planPath}/meals/Day1/lunch/doneAt`]: lunch.opensAt + MINUTE,
      [`${planPath}/meals/Day1/lunch/imgPath`]: path,
      [`${planPath}/meals/Day1/lunch/img`]: `https://firebasestorage.googleapis.com/v0/b/${TEST_BUCKET}/o/x?alt=media&token=t`,
      // The row as a stale write left it: both meals proved.
      [`${dbPaths.groupMember(member.challengeId, member.uid)}/proved`]: 2,
      [`${dbPaths.groupMember(member.challengeId, member.uid)}/points`]: 20,
    });
    clock.now = lunch.opensAt + 2 * MINUTE;
    const response = await postJson(
      `${setup.harness.baseUrl}/api/me/recompute`,
      { challengeId: member.challengeId },
      { token: member.idToken },
    );
    expect(response.status).toBe(200);
    expect(response.body.score).toBe(10);
    const row = await rowOf(member);
    expect(row).toMatchObject({ proved: 1, points: 10, lastProvedAt: lunch.opensAt + MINUTE });
    expect(boardProofOfRow(row, 'Day1-lunch')).toBe('Done');
    expect(boardProofOfRow(row, 'Day1-breakfast')).toBeUndefined();
    expect(row.streak).toBe(response.body.currentStreak);
  });

  it('a member who leaves keeps the points they earned, in their score and on the boards', async () => {
    const { members } = await group(['Owner', 'Leaving']);
    const member = members[1];
    await prove(member, 'breakfast', 'board-leaving-breakfast');
    const recompute = () =>
      postJson(
        `${setup.harness.baseUrl}/api/me/recompute`,
        { challengeId: member.challengeId },
        { token: member.idToken },
      );
    expect((await recompute()).body).toMatchObject({ score: 10, activeChallenges: 1 });
    const left = await postJson(
      `${setup.harness.baseUrl}/api/challenges/${member.challengeId}/leave`,
      {},
      { token: member.idToken },
    );
    expect(left.status).toBe(200);
    expect(await read(dbPaths.challenge(member.uid, member.challengeId))).toBeNull();
    for (let round = 0; round < 2; round++) {
      clock.now += MINUTE;
      expect((await recompute()).body).toMatchObject({ score: 10, activeChallenges: 0 });
      expect(await read(`${dbPaths.leaderboardAll}/${member.uid}/points`)).toBe(10);
      expect(await read(`${dbPaths.leaderboardWeekly('2025-W24')}/${member.uid}/points`)).toBe(10);
      expect(await read(`${dbPaths.leaderboardMonthly('2025-06')}/${member.uid}/points`)).toBe(10);
    }
    // A rebuild from the records (no rollup) keeps them too.
    await setup.harness.database.ref(dbPaths.progressMember(member.uid)).remove();
    expect((await recompute()).body).toMatchObject({ score: 10, activeChallenges: 0 });
  });
});
