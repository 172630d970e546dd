import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MealRecord } from '../../src/domain/challenge-record';
import type { MealSlot } from '../../src/domain/constants';
import { dbPaths } from '../../src/domain/database-paths';
import { GROUP_MESSAGES, type BoardRow } from '../../src/domain/group-records';
import type { ProofQueueEntry } from '../../src/domain/proof-review';
import { storagePaths } from '../../src/domain/storage-paths';
import {
  postJson,
  readyMember,
  signUpWithClaims,
  startApiHarness,
  type ApiHarness,
  type TestMember,
} from './api-harness';
import { makeGroup, type GroupMember } from './group-fixtures';
import { mealPhoto } from './proof-photos';
import { storePhotoAt } from './proof-uploads';

// Members' reports of another member's proof photo over HTTP (#31 item 4; docs/product.md, "Group
// challenges"): three reports from different members put it in the admins' review queue.

const NOW = Date.parse('2025-06-10T00:00:00Z');
const MINUTE = 60_000;

let harness: ApiHarness;
let now = NOW;
let admin: TestMember;

beforeAll(async () => {
  harness = await startApiHarness({
    clock: () => now,
    proofRateLimit: { windowMs: 60_000, max: 1_000 },
    cheerRateLimit: { windowMs: 60_000, max: 1_000 },
  });
  admin = await signUpWithClaims(harness.auth, { admin: true });
});
afterAll(() => harness?.close());

const read = async (path: string) => (await harness.database.ref(path).get()).val();
const mealOf = async (member: GroupMember, slot: MealSlot) =>
  (await read(
    `${dbPaths.challenge(member.uid, member.challengeId)}/meals/Day1/${slot}`,
  )) as MealRecord;
const rowOf = async (member: GroupMember) =>
  (await read(dbPaths.groupMember(member.challengeId, member.uid))) as BoardRow;
const queueOf = async (member: GroupMember) =>
  Object.entries(((await read(dbPaths.proofQueue)) ?? {}) as Record<string, ProofQueueEntry>)
    .filter(([, entry]) => entry.uid === member.uid)
    .map(([key, entry]) => ({ key, ...entry }));

async function prove(member: GroupMember, slot: MealSlot, seed: string) {
  const { opensAt } = await mealOf(member, slot);
  const path = storagePaths.mealProof(member.uid, member.challengeId, 1, slot, 1);
  await storePhotoAt(harness.bucket, path, await mealPhoto(seed), opensAt + 10 * MINUTE);
  now = opensAt + 11 * MINUTE;
  const response = await postJson(
    `${harness.baseUrl}/api/challenges/${member.challengeId}/days/1/meals/${slot}/proof`,
    {},
    { token: member.idToken },
  );
  expect(response.status).toBe(200);
}

const report = (
  from: { idToken: string },
  to: GroupMember,
  body: unknown = { reason: 'not-a-meal' },
  meal = 'Day1-lunch',
) =>
  postJson(
    `${harness.baseUrl}/api/challenges/${to.challengeId}/members/${to.uid}/meals/${meal}/reports`,
    body,
    { token: from.idToken },
  );

async function reportedGroup() {
  now = NOW;
  const group = await makeGroup(harness, ['Owner', 'Asha', 'Ravi', 'Meera', 'Kiran']);
  await prove(group.members[1], 'lunch', `report-${group.challengeId}`);
  return group;
}

describe('reporting a proof photo', () => {
  it('three reports from different members flag it: review, board row, queue with the reports, points withheld; an admin can approve it', async () => {
    const { members } = await reportedGroup();
    const [owner, asha, ravi, meera] = members;
    const first = await report(ravi, asha, { reason: 'someone-elses-photo' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ reports: 1, flagged: false });
    expect((await report(ravi, asha, { reason: 'inappropriate' })).status).toBe(409);
    now += MINUTE;
    expect((await report(meera, asha)).body).toMatchObject({ reports: 2, flagged: false });
    expect((await mealOf(asha, 'lunch')).review).toBeUndefined();
    expect(await queueOf(asha)).toEqual([]);

    now += MINUTE;
    const third = await report(owner, asha, { reason: 'not-this-meal' });
    expect(third.status).toBe(201);
    expect(third.body).toMatchObject({ reports: 3, flagged: true });
    const meal = await mealOf(asha, 'lunch');
    expect(meal.review).toMatchObject({ state: 'flagged', reasons: ['reported'], at: now });
    expect(await rowOf(asha)).toMatchObject({
      proved: 0,
      points: 0,
      meals: { 'Day1-lunch': { proof: 'Flagged' } },
    });
    const [entry] = await queueOf(asha);
    expect(entry).toMatchObject({
      challengeId: asha.challengeId,
      day: 1,
      slot: 'lunch',
      imgPath: meal.imgPath,
      img: meal.img,
      reasons: ['reported'],
      at: now,
    });
    expect(
      (entry as unknown as { reports: Array<{ fromUid: string; reason: string }> }).reports.map(
        ({ fromUid, reason }) => [fromUid, reason],
      ),
    ).toEqual([
      [ravi.uid, 'someone-elses-photo'],
      [meera.uid, 'not-a-meal'],
      [owner.uid, 'not-this-meal'],
    ]);
    expect(await read(`${dbPaths.userInfo(asha.uid)}/score`)).toBe(0);

    const approved = await postJson(
      `${harness.baseUrl}/api/admin/proofs/${entry.key}/approve`,
      {},
      { token: admin.idToken },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.score).toBe(10);
    expect(await rowOf(asha)).toMatchObject({ proved: 1, points: 10 });
  });

  it('refuses what cannot be reported, recording nothing', async () => {
    const { members } = await reportedGroup();
    const [owner, asha, ravi] = members;
    const outsider = await readyMember(harness.database);
    const cases: Array<
      [string, Promise<{ status: number; body: Record<string, unknown> }>, number]
    > = [
      ['your own proof', report(asha, asha), 400],
      ['a reason not on the list', report(ravi, asha, { reason: 'ugly' }), 400],
      ['an unknown field', report(ravi, asha, { reason: 'not-a-meal', note: 'x' }), 400],
      ['not a meal key', report(ravi, asha, undefined, 'Day1-brunch'), 400],
      ['a meal with no proof', report(ravi, asha, undefined, 'Day1-dinner'), 409],
      ['a member with no proof', report(asha, ravi), 409],
      ['a non-member', report(outsider, asha), 403],
      ['an unknown member', report(owner, { ...asha, uid: outsider.uid }), 404],
      ['an unknown challenge', report(owner, { ...asha, challengeId: 'no-such-challenge' }), 404],
    ];
    for (const [what, request, status] of cases) expect((await request).status, what).toBe(status);
    expect((await report(outsider, asha)).body.error).toBe(GROUP_MESSAGES.notMember);
    expect(await read(`groupReports/${asha.challengeId}`)).toBeNull();
    expect((await mealOf(asha, 'lunch')).review).toBeUndefined();
  });

  it('racing reports flag the proof once', async () => {
    const { members } = await reportedGroup();
    const [owner, asha, ravi, meera, kiran] = members;
    const responses = await Promise.all(
      [owner, ravi, meera, kiran].map((reporter) => report(reporter, asha)),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    expect(responses.filter((response) => response.body.flagged === true)).toHaveLength(1);
    const queue = await queueOf(asha);
    expect(queue).toHaveLength(1);
  });
});
