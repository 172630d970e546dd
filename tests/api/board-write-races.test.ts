/**
 * The proof route's and the admin's review's board writes racing the owner's removal of the member:
 * the removal lands between the route's reads and its row write, and the row stays deleted, its photo
 * with it (docs/security.md, "Group challenges", "No write brings a departed member back").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProofQueuePage } from '@domain/challenges/proof-review';
import { dbPaths } from '@domain/data/database-paths';
import { storagePaths } from '@domain/data/storage-paths';
import { postJson } from './api-harness';
import { databaseWithWriteHook } from './database-hooks';
import { MINUTE, PROOF_TESTS_START, proofTestSetup } from './group-api';
import { makeGroup, type GroupMember } from './group-fixtures';
import { mealPhoto, photoTakenAt } from './proof-photos';
import { storePhotoAt } from './proof-uploads';

const setup = proofTestSetup();
const { clock, read, mealOf, rowOf } = setup;

/** What runs once before the racing API's first write to a chosen location (none: no race). */
let race: { prefix: string; action: () => Promise<void> } | undefined;
let racingApi: string;

beforeAll(async () => {
  racingApi = await setup.harness.startApi({
    clock: () => clock.now,
    proofRateLimit: { windowMs: 60_000, max: 1_000 },
    database: databaseWithWriteHook(setup.harness.database, async (paths) => {
      const pending = race;
      if (!pending || !paths.some((path) => path.startsWith(pending.prefix))) return;
      race = undefined;
      await pending.action();
    }),
  });
});

/** The owner removes `member` through the API (the other instance), before the racing write. */
function removalBefore(owner: GroupMember, member: GroupMember) {
  race = {
    prefix: dbPaths.groupMember(member.challengeId, member.uid),
    action: async () => {
      const response = await fetch(
        `${setup.harness.baseUrl}/api/challenges/${member.challengeId}/members/${member.uid}`,
        { method: 'DELETE', headers: { Authorization: `Bearer ${owner.idToken}` } },
      );
      expect(response.status).toBe(200);
    },
  };
}

async function provedVia(base: string, member: GroupMember, photo: Buffer) {
  const { opensAt } = await mealOf(member, 'lunch');
  const path = storagePaths.mealProof(member.uid, member.challengeId, 1, 'lunch', 1);
  await storePhotoAt(setup.harness.bucket, path, photo, opensAt + 10 * MINUTE);
  clock.now = opensAt + 11 * MINUTE;
  return postJson(
    `${base}/api/challenges/${member.challengeId}/days/1/meals/lunch/proof`,
    {},
    { token: member.idToken },
  );
}

async function expectGone(member: GroupMember) {
  expect(await rowOf(member)).toBeNull();
  expect(await read(dbPaths.groupPhotos(member.challengeId, member.uid))).toBeNull();
  expect(await read(dbPaths.groupMemberCount(member.challengeId))).toBe(1);
}

describe('board writes racing a removal', () => {
  it("a proof whose row write comes after the owner's removal leaves no row and no photo", async () => {
    clock.now = PROOF_TESTS_START;
    const { owner, members } = await makeGroup(setup.harness, ['Owner', 'Asha']);
    const asha = members[1];
    removalBefore(owner, asha);
    const proved = await provedVia(racingApi, asha, await mealPhoto('race-proof-lunch'));
    expect(race).toBeUndefined();
    // The proof itself was recorded before the removal; only the board refused it.
    expect(proved.status).toBe(200);
    await expectGone(asha);
  });

  it("an admin's review whose row write comes after the owner's removal leaves no row", async () => {
    clock.now = PROOF_TESTS_START;
    const { owner, members } = await makeGroup(setup.harness, ['Owner', 'Ravi']);
    const ravi = members[1];
    const { opensAt } = await mealOf(ravi, 'lunch');
    // Taken six hours before the window: held for review.
    const photo = await photoTakenAt(
      await mealPhoto('race-review-lunch'),
      opensAt - 6 * 60 * MINUTE,
    );
    expect((await provedVia(setup.harness.baseUrl, ravi, photo)).status).toBe(200);
    expect(await rowOf(ravi)).toMatchObject({ joinedAt: expect.any(Number) });
    const queue = await fetch(`${setup.harness.baseUrl}/api/admin/proofs`, {
      headers: { Authorization: `Bearer ${setup.admin.idToken}` },
    });
    const { proofs } = (await queue.json()) as ProofQueuePage;
    const key = proofs.find((proof) => proof.uid === ravi.uid)!.key;
    removalBefore(owner, ravi);
    const approved = await postJson(
      `${racingApi}/api/admin/proofs/${key}/approve`,
      {},
      { token: setup.admin.idToken },
    );
    expect(race).toBeUndefined();
    expect(approved.status).toBe(200);
    await expectGone(ravi);
  });
});
