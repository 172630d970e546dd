import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MealRecord } from '../../src/domain/challenge-record';
import type { MealSlot } from '../../src/domain/constants';
import { dbPaths } from '../../src/domain/database-paths';
import type { BoardRow } from '../../src/domain/group-records';
import type { ProofQueuePage } from '../../src/domain/proof-review';
import { storagePaths } from '../../src/domain/storage-paths';
import {
  postJson,
  signUpWithClaims,
  startApiHarness,
  TEST_BUCKET,
  uploadProofAt,
  type ApiHarness,
  type TestMember,
} from './api-harness';
import { makeGroup, type GroupMember } from './group-fixtures';
import { mealPhoto } from './proof-photos';
import { storePhotoAt } from './proof-uploads';

// A group member's board row kept live from their proofs, the admin's review and the recompute, over
// HTTP (docs/product.md, "Group challenges").

/** 05:30 on 10 June 2025 in India: every window of the day is still ahead when challenges are made. */
const NOW = Date.parse('2025-06-10T00:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let harness: ApiHarness;
let now = NOW;
let admin: TestMember;

beforeAll(async () => {
  harness = await startApiHarness({
    clock: () => now,
    proofRateLimit: { windowMs: 60_000, max: 1_000 },
  });
  admin = await signUpWithClaims(harness.auth, { admin: true });
});
afterAll(() => harness?.close());

const read = async (path: string) => (await harness.database.ref(path).get()).val();
const rowOf = async (member: GroupMember) =>
  (await read(dbPaths.groupMember(member.challengeId, member.uid))) as BoardRow;
const mealOf = async (member: GroupMember, slot: MealSlot) =>
  (await read(
    `${dbPaths.challenge(member.uid, member.challengeId)}/meals/Day1/${slot}`,
  )) as MealRecord;

async function group(names = ['Owner', 'Asha', 'Ravi']) {
  now = NOW;
  return makeGroup(harness, names);
}

/** Uploads a real JPEG ten minutes into the meal's window and records it through the proof route. */
async function prove(member: GroupMember, slot: MealSlot, seed: string, body: object = {}) {
  const { opensAt } = await mealOf(member, slot);
  const path = storagePaths.mealProof(member.uid, member.challengeId, 1, slot, 1);
  await storePhotoAt(harness.bucket, path, await mealPhoto(seed), opensAt + 10 * MINUTE);
  now = opensAt + 11 * MINUTE;
  const response = await postJson(
    `${harness.baseUrl}/api/challenges/${member.challengeId}/days/1/meals/${slot}/proof`,
    body,
    { token: member.idToken },
  );
  expect(response.status).toBe(200);
  return response.body as { img: string; doneAt: number };
}

async function queueKeyOf(member: GroupMember): Promise<string> {
  const response = await fetch(`${harness.baseUrl}/api/admin/proofs`, {
    headers: { Authorization: `Bearer ${admin.idToken}` },
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
    const proved = await prove(asha, 'lunch', 'board-asha-lunch');
    const row = await rowOf(asha);
    expect(row).toMatchObject({ proved: 1, points: 10, lastProvedAt: proved.doneAt });
    expect(row.meals['Day1-lunch']).toMatchObject({ proof: 'Done' });
    expect(row.meals['Day1-breakfast']?.proof).toBeUndefined();
    expect(await read(`${dbPaths.groupPhotos(asha.challengeId, asha.uid)}/Day1-lunch`)).toBe(
      proved.img,
    );
    // The row is written by leaf paths: its identity and windows stay as they were.
    expect(row).toMatchObject({ displayName: 'Asha', joinedAt: expect.any(Number) });
    expect(row.meals['Day1-dinner']).toMatchObject({ opensAt: expect.any(Number) });
    expect(await rowOf(owner)).toMatchObject({ proved: 0, points: 0 });
    expect((await rowOf(owner)).lastProvedAt).toBeUndefined();
  });

  it("the owner's proof of their own group challenge updates the owner's row", async () => {
    const { owner } = await group(['Owner', 'Asha']);
    await prove(owner, 'breakfast', 'board-owner-breakfast');
    expect(await rowOf(owner)).toMatchObject({
      proved: 1,
      points: 10,
      meals: { 'Day1-breakfast': { proof: 'Done' } },
    });
  });

  it('a solo challenge gets no board row from its proofs', async () => {
    const { owner } = await group(['Solo']);
    await harness.database.ref(dbPaths.group(owner.challengeId)).remove();
    await prove(owner, 'dinner', 'board-solo-dinner');
    expect(await read(dbPaths.group(owner.challengeId))).toBeNull();
  });

  it('a member who left gets no row back from a later proof', async () => {
    const { members } = await group(['Owner', 'Leaver']);
    const leaver = members[1];
    await harness.database.ref(dbPaths.groupMember(leaver.challengeId, leaver.uid)).remove();
    await prove(leaver, 'lunch', 'board-leaver-lunch');
    expect(await rowOf(leaver)).toBeNull();
    expect(await read(dbPaths.groupPhotos(leaver.challengeId, leaver.uid))).toBeNull();
  });

  it('a flagged proof shows Flagged and earns nothing; approved it counts', async () => {
    const { members } = await group(['Owner', 'Flagged']);
    const member = members[1];
    const { opensAt } = await mealOf(member, 'lunch');
    const proved = await prove(member, 'lunch', 'board-flagged-lunch', {
      capturedAt: opensAt - 6 * HOUR,
    });
    expect(await rowOf(member)).toMatchObject({
      proved: 0,
      points: 0,
      meals: { 'Day1-lunch': { proof: 'Flagged' } },
    });
    expect((await rowOf(member)).lastProvedAt).toBeUndefined();
    // The group still sees the photo while an admin looks at it.
    expect(await read(`${dbPaths.groupPhotos(member.challengeId, member.uid)}/Day1-lunch`)).toBe(
      proved.img,
    );
    const key = await queueKeyOf(member);
    const approved = await postJson(
      `${harness.baseUrl}/api/admin/proofs/${key}/approve`,
      {},
      { token: admin.idToken },
    );
    expect(approved.status).toBe(200);
    expect(await rowOf(member)).toMatchObject({
      proved: 1,
      points: 10,
      lastProvedAt: proved.doneAt,
      meals: { 'Day1-lunch': { proof: 'Done' } },
    });
  });

  it('a rejected proof shows Rejected, earns nothing and its photo leaves the board', async () => {
    const { members } = await group(['Owner', 'Rejected']);
    const member = members[1];
    const { opensAt } = await mealOf(member, 'dinner');
    await prove(member, 'dinner', 'board-rejected-dinner', { capturedAt: opensAt - 6 * HOUR });
    const key = await queueKeyOf(member);
    const rejected = await postJson(
      `${harness.baseUrl}/api/admin/proofs/${key}/reject`,
      { reason: 'Not a meal' },
      { token: admin.idToken },
    );
    expect(rejected.status).toBe(200);
    expect(await rowOf(member)).toMatchObject({
      proved: 0,
      points: 0,
      meals: { 'Day1-dinner': { proof: 'Rejected' } },
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
    await uploadProofAt(harness.bucket, path, lunch.opensAt + 30_000);
    await harness.database.ref().update({
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
    now = lunch.opensAt + 2 * MINUTE;
    const response = await postJson(
      `${harness.baseUrl}/api/me/recompute`,
      { challengeId: member.challengeId },
      { token: member.idToken },
    );
    expect(response.status).toBe(200);
    expect(response.body.score).toBe(10);
    const row = await rowOf(member);
    expect(row).toMatchObject({ proved: 1, points: 10, lastProvedAt: lunch.opensAt + MINUTE });
    expect(row.meals['Day1-lunch']?.proof).toBe('Done');
    expect(row.meals['Day1-breakfast']?.proof).toBeUndefined();
    expect(row.streak).toBe(response.body.currentStreak);
  });

  it('a member who leaves keeps the points they earned, in their score and on the boards', async () => {
    const { members } = await group(['Owner', 'Leaving']);
    const member = members[1];
    await prove(member, 'breakfast', 'board-leaving-breakfast');
    const recompute = () =>
      postJson(
        `${harness.baseUrl}/api/me/recompute`,
        { challengeId: member.challengeId },
        { token: member.idToken },
      );
    expect((await recompute()).body).toMatchObject({ score: 10, activeChallenges: 1 });
    const left = await postJson(
      `${harness.baseUrl}/api/challenges/${member.challengeId}/leave`,
      {},
      { token: member.idToken },
    );
    expect(left.status).toBe(200);
    expect(await read(dbPaths.challenge(member.uid, member.challengeId))).toBeNull();
    for (let round = 0; round < 2; round++) {
      now += MINUTE;
      expect((await recompute()).body).toMatchObject({ score: 10, activeChallenges: 0 });
      expect(await read(`${dbPaths.leaderboardAll}/${member.uid}/points`)).toBe(10);
      expect(await read(`${dbPaths.leaderboardWeekly('2025-W24')}/${member.uid}/points`)).toBe(10);
      expect(await read(`${dbPaths.leaderboardMonthly('2025-06')}/${member.uid}/points`)).toBe(10);
    }
    // A rebuild from the records (no rollup) keeps them too.
    await harness.database.ref(dbPaths.progressMember(member.uid)).remove();
    expect((await recompute()).body).toMatchObject({ score: 10, activeChallenges: 0 });
  });
});
