import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MealSlot } from '@domain/constants';
import { PROOF_CLAIM_LIMITS } from '@domain/api/proofs';
import {
  createStoredUploadCheck,
  type FinalizedObject,
} from '../../functions/src/proofs/stored-upload-check';
import { proofClaimsPath } from '../../functions/src/proofs/proof-claims';
import { postJson, startApiHarness, type ApiHarness } from './api-harness';
import { MINUTE, proofChallengers, type Challenger } from './proof-challengers';
import { mealPhoto } from './proof-photos';
import { storePhotoAt } from './proof-uploads';

// Proof claims over HTTP (docs/security.md, "Proof claims"): POST .../claim {sha256} while the
// window is open, then a photo uploaded after the close that hashes to the claim still counts.

const HOUR = 60 * MINUTE;
const clock = { now: 0 };
let harness: ApiHarness;

beforeAll(async () => {
  harness = await startApiHarness({
    clock: () => clock.now,
    proofRateLimit: { windowMs: 60_000, max: 1_000 },
  });
});
afterAll(() => harness?.close());

const { read, storedMeal, photoPath, challenger, submit } = proofChallengers(() => harness, clock);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const claim = (
  member: Challenger,
  slot: MealSlot,
  hash: string,
  challengeId = member.challengeId,
) =>
  postJson(
    `${harness.baseUrl}/api/challenges/${challengeId}/days/1/meals/${slot}/claim`,
    { sha256: hash },
    { token: member.idToken },
  );

/** The clock `offset` ms after the meal's window opens (negative: before). */
async function atOpening(member: Challenger, slot: MealSlot, offset: number) {
  clock.now = (await storedMeal(member, slot)).opensAt + offset;
}
async function atClose(member: Challenger, slot: MealSlot, offset: number) {
  clock.now = (await storedMeal(member, slot)).closesAt + offset;
}

/** The photo stored now (the clock's time), as the member's app uploads it. */
const storeNow = (member: Challenger, slot: MealSlot, bytes: Buffer) =>
  storePhotoAt(harness.bucket, photoPath(member, slot), bytes, clock.now);

const uploadCheck = () =>
  createStoredUploadCheck({
    database: harness.database,
    deleteObject: async (name) => {
      await harness.bucket.file(name).delete({ ignoreNotFound: true });
    },
    log: () => undefined,
  });

async function finalizedEvent(path: string): Promise<FinalizedObject> {
  const [resource] = await harness.bucket.file(path).getMetadata();
  return resource as unknown as FinalizedObject;
}

const isStored = async (path: string) => (await harness.bucket.file(path).exists())[0];

async function score(member: Challenger): Promise<number> {
  const response = await postJson(
    `${harness.baseUrl}/api/me/recompute`,
    {},
    { token: member.idToken },
  );
  expect(response.status).toBe(200);
  return response.body.score as number;
}

describe('claiming a meal', () => {
  it("files the claim at the server's time; the same photo again is the same claim", async () => {
    const asha = await challenger();
    await atOpening(asha, 'lunch', 5 * MINUTE);
    const receivedAt = clock.now;
    const hash = sha256(await mealPhoto('claim-thali'));
    const first = await claim(asha, 'lunch', hash);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      challengeId: asha.challengeId,
      day: 1,
      slot: 'lunch',
      sha256: hash,
      receivedAt,
    });
    clock.now += MINUTE;
    const again = await claim(asha, 'lunch', hash);
    expect(again.body.receivedAt).toBe(receivedAt);
    expect(await read(proofClaimsPath(asha.uid, asha.challengeId, 1, 'lunch'))).toEqual({
      [hash]: receivedAt,
    });
  });

  it('refuses a fourth photo for one meal (409 claims-used) and files nothing', async () => {
    const asha = await challenger();
    await atOpening(asha, 'dinner', MINUTE);
    for (const seed of ['one', 'two', 'three'])
      expect((await claim(asha, 'dinner', sha256(Buffer.from(seed)))).status).toBe(200);
    const fourth = await claim(asha, 'dinner', sha256(Buffer.from('four')));
    expect(fourth.status).toBe(409);
    expect(fourth.body.code).toBe('claims-used');
    const claims = await read(proofClaimsPath(asha.uid, asha.challengeId, 1, 'dinner'));
    expect(Object.keys(claims)).toHaveLength(PROOF_CLAIM_LIMITS.perMeal);
  });

  it('refuses a claim after the close and its 2 minutes’ grace (409 window-closed), takes one inside it', async () => {
    const asha = await challenger();
    await atClose(asha, 'breakfast', PROOF_CLAIM_LIMITS.graceMs + 1);
    const late = await claim(asha, 'breakfast', sha256(Buffer.from('late')));
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('window-closed');
    expect(await read(proofClaimsPath(asha.uid, asha.challengeId, 1, 'breakfast'))).toBeNull();
    await atClose(asha, 'breakfast', PROOF_CLAIM_LIMITS.graceMs);
    expect((await claim(asha, 'breakfast', sha256(Buffer.from('in grace')))).status).toBe(200);
  });

  it('refuses a claim before the window opens (409 window-not-open)', async () => {
    const asha = await challenger();
    await atOpening(asha, 'dinner', -MINUTE);
    const early = await claim(asha, 'dinner', sha256(Buffer.from('early')));
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('window-not-open');
  });

  it("refuses a claim on someone else's meal (404) and files nothing under either member", async () => {
    const asha = await challenger();
    const ravi = await challenger();
    await atOpening(asha, 'lunch', MINUTE);
    const refused = await claim(ravi, 'lunch', sha256(Buffer.from('not mine')), asha.challengeId);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('not-found');
    expect(await read(proofClaimsPath(asha.uid, asha.challengeId, 1, 'lunch'))).toBeNull();
    expect(await read(proofClaimsPath(ravi.uid, asha.challengeId, 1, 'lunch'))).toBeNull();
  });

  it('refuses a hash that is not a lower-case hex SHA-256 (400)', async () => {
    const asha = await challenger();
    await atOpening(asha, 'lunch', MINUTE);
    const refused = await claim(asha, 'lunch', 'ABC');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid-request');
  });

  it('throttles claims like proofs (429 rate-limited past the allowance)', async () => {
    const strict = await startApiHarness({
      clock: () => clock.now,
      proofRateLimit: { windowMs: 60_000, max: 2 },
    });
    const previous = harness;
    try {
      harness = strict;
      const asha = await challenger();
      await atOpening(asha, 'lunch', MINUTE);
      const hash = sha256(Buffer.from('throttled'));
      expect((await claim(asha, 'lunch', hash)).status).toBe(200);
      expect((await claim(asha, 'lunch', hash)).status).toBe(200);
      const third = await claim(asha, 'lunch', hash);
      expect(third.status).toBe(429);
      expect(third.body.code).toBe('rate-limited');
    } finally {
      harness = previous;
      await strict.close();
    }
  });
});

describe('a photo uploaded after its window closed', () => {
  it('counts when its bytes match a claim received in time: kept by the upload check, Done at the claim time, points', async () => {
    const asha = await challenger();
    const photo = await mealPhoto('claimed-late-dosa');
    await atClose(asha, 'breakfast', -5 * MINUTE);
    const claimedAt = clock.now;
    expect((await claim(asha, 'breakfast', sha256(photo))).status).toBe(200);
    await atClose(asha, 'breakfast', 3 * HOUR);
    await storeNow(asha, 'breakfast', photo);
    const path = photoPath(asha, 'breakfast');
    expect(await uploadCheck()(await finalizedEvent(path))).toEqual({ keep: true });
    expect(await isStored(path)).toBe(true);

    const response = await submit(asha, 'breakfast');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'Done',
      doneAt: claimedAt,
      claimedAt,
      review: null,
    });
    expect(await storedMeal(asha, 'breakfast')).toMatchObject({
      status: 'Done',
      doneAt: claimedAt,
      claimedAt,
      imgPath: path,
    });
    expect(response.body.score).toBe(10);
    expect(await score(asha)).toBe(10);
  });

  it('a claim in the grace after the close counts as proved at the close', async () => {
    const asha = await challenger();
    const photo = await mealPhoto('grace-poha');
    await atClose(asha, 'lunch', MINUTE);
    expect((await claim(asha, 'lunch', sha256(photo))).status).toBe(200);
    await atClose(asha, 'lunch', HOUR);
    await storeNow(asha, 'lunch', photo);
    const response = await submit(asha, 'lunch');
    expect(response.status).toBe(200);
    const { closesAt } = await storedMeal(asha, 'lunch');
    expect(response.body.doneAt).toBe(closesAt);
    expect(await score(asha)).toBe(10);
  });

  it('without a claim is refused as before (409 window-closed) and deleted by the upload check', async () => {
    const asha = await challenger();
    await atClose(asha, 'dinner', HOUR);
    await storeNow(asha, 'dinner', await mealPhoto('unclaimed-khichdi'));
    const path = photoPath(asha, 'dinner');
    const response = await submit(asha, 'dinner');
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('window-closed');
    expect((await storedMeal(asha, 'dinner')).status).not.toBe('Done');
    const verdict = await uploadCheck()(await finalizedEvent(path));
    expect(verdict.keep).toBe(false);
    expect(await isStored(path)).toBe(false);
  });

  it('whose bytes do not match the claim gets nothing (409 claim-mismatch) and is deleted', async () => {
    const asha = await challenger();
    await atOpening(asha, 'lunch', 10 * MINUTE);
    expect((await claim(asha, 'lunch', sha256(await mealPhoto('claimed-rajma')))).status).toBe(200);
    await atClose(asha, 'lunch', HOUR);
    await storeNow(asha, 'lunch', await mealPhoto('other-rajma'));
    const response = await submit(asha, 'lunch');
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('claim-mismatch');
    expect((await storedMeal(asha, 'lunch')).status).not.toBe('Done');
    expect(await isStored(photoPath(asha, 'lunch'))).toBe(false);
    expect(await score(asha)).toBe(0);
  });

  it('more than 24 hours after the close is refused even with its claim (409 window-closed)', async () => {
    const asha = await challenger();
    const photo = await mealPhoto('day-old-idli');
    await atOpening(asha, 'breakfast', MINUTE);
    expect((await claim(asha, 'breakfast', sha256(photo))).status).toBe(200);
    await atClose(asha, 'breakfast', PROOF_CLAIM_LIMITS.lateUploadMs + MINUTE);
    await storeNow(asha, 'breakfast', photo);
    const path = photoPath(asha, 'breakfast');
    const response = await submit(asha, 'breakfast');
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('window-closed');
    expect((await uploadCheck()(await finalizedEvent(path))).keep).toBe(false);
  });

  it("a later recompute keeps the claimed late photo's points", async () => {
    const asha = await challenger();
    const photo = await mealPhoto('recomputed-upma');
    await atOpening(asha, 'dinner', MINUTE);
    expect((await claim(asha, 'dinner', sha256(photo))).status).toBe(200);
    await atClose(asha, 'dinner', 2 * HOUR);
    await storeNow(asha, 'dinner', photo);
    expect((await submit(asha, 'dinner')).status).toBe(200);
    await atClose(asha, 'dinner', 20 * HOUR);
    expect(await score(asha)).toBe(10);
  });
});
