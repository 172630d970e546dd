import { describe, expect, it } from 'vitest';
import { dbPaths } from '@domain/data/database-paths';
import { GROUP_MESSAGES } from '@domain/challenges/group-records';
import { encodeBoardProofs } from '@domain/challenges/board-windows';
import type { ProofQueueEntry } from '@domain/challenges/proof-review';
import { REPORT_MESSAGES } from '../../functions/src/groups/group-report-route';
import { postJson, readyMember } from './api-harness';
import { groupApi, MINUTE, PROOF_TESTS_START, proofTestSetup } from './group-api';
import { makeGroup, type GroupMember } from './group-fixtures';

// Members' reports of another member's proof photo over HTTP (#31 item 4; docs/product.md, "Group
// challenges"): three reports from different members put it in the admins' review queue.

const setup = proofTestSetup({ cheerRateLimit: { windowMs: 60_000, max: 1_000 } });
const { clock, read, mealOf, rowOf, prove } = setup;
const api = groupApi(() => setup.harness);
const DAY = 24 * 60 * MINUTE;
const queueOf = async (member: GroupMember) =>
  Object.entries(((await read(dbPaths.proofQueue)) ?? {}) as Record<string, ProofQueueEntry>)
    .filter(([, entry]) => entry.uid === member.uid)
    .map(([key, entry]) => ({ key, ...entry }));

const report = (
  from: { idToken: string },
  to: GroupMember,
  body: unknown = { reason: 'not-a-meal' },
  meal = 'Day1-lunch',
) =>
  postJson(
    `${setup.harness.baseUrl}/api/challenges/${to.challengeId}/members/${to.uid}/meals/${meal}/reports`,
    body,
    { token: from.idToken },
  );

async function reportedGroup() {
  clock.now = PROOF_TESTS_START;
  const group = await makeGroup(setup.harness, ['Owner', 'Asha', 'Ravi', 'Meera', 'Kiran']);
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
    clock.now += MINUTE;
    expect((await report(meera, asha)).body).toMatchObject({ reports: 2, flagged: false });
    expect((await mealOf(asha, 'lunch')).review).toBeUndefined();
    expect(await queueOf(asha)).toEqual([]);

    clock.now += MINUTE;
    const third = await report(owner, asha, { reason: 'not-this-meal' });
    expect(third.status).toBe(201);
    expect(third.body).toMatchObject({ reports: 3, flagged: true });
    const meal = await mealOf(asha, 'lunch');
    expect(meal.review).toMatchObject({ state: 'flagged', reasons: ['reported'], at: clock.now });
    expect(await rowOf(asha)).toMatchObject({
      proved: 0,
      points: 0,
      proofs: encodeBoardProofs([['Day1-lunch', 'Flagged']]),
    });
    const [entry] = await queueOf(asha);
    expect(entry).toMatchObject({
      challengeId: asha.challengeId,
      day: 1,
      slot: 'lunch',
      imgPath: meal.imgPath,
      img: meal.img,
      reasons: ['reported'],
      at: clock.now,
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
      `${setup.harness.baseUrl}/api/admin/proofs/${entry.key}/approve`,
      {},
      { token: setup.admin.idToken },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.score).toBe(10);
    expect(await rowOf(asha)).toMatchObject({ proved: 1, points: 10 });
  });

  it('refuses what cannot be reported, recording nothing', async () => {
    const { members } = await reportedGroup();
    const [owner, asha, ravi] = members;
    const outsider = await readyMember(setup.harness.database);
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

/** A flagged proof's queue key, from the queue (one entry for the member). */
async function queuedKey(member: GroupMember) {
  const [entry] = await queueOf(member);
  expect(entry).toBeDefined();
  return entry.key;
}

describe('reports that cannot be farmed (#41 item 4; docs/security.md, "Reports")', () => {
  it('three throwaway accounts that join a feed group after the proof, report it and leave flag nothing', async () => {
    clock.now = PROOF_TESTS_START;
    const owner = await readyMember(setup.harness.database);
    const challengeId = await api.createChallenge(owner, { access: 'feed', day: 1 });
    const honest = { ...(await api.joiner()), challengeId, displayName: 'Ravi' };
    await api.joinWith(honest, challengeId);
    await prove(honest, 'lunch', `farmed-${challengeId}`);
    const provedRow = await rowOf(honest);

    for (const index of [1, 2, 3]) {
      clock.now += MINUTE;
      const throwaway = await readyMember(setup.harness.database);
      await api.joinWith(throwaway, challengeId);
      const refused = await report(throwaway, honest, { reason: 'someone-elses-photo' });
      expect({ index, status: refused.status, error: refused.body.error }).toEqual({
        index,
        status: 403,
        error: REPORT_MESSAGES.joinedAfter,
      });
      expect(
        (await api.send('POST', `/api/challenges/${challengeId}/leave`, throwaway)).status,
      ).toBe(200);
    }
    expect(await read(`groupReports/${challengeId}`)).toBeNull();
    expect((await mealOf(honest, 'lunch')).review).toBeUndefined();
    expect(await rowOf(honest)).toMatchObject({
      proved: provedRow.proved,
      proofs: provedRow.proofs,
    });
    expect(await queueOf(honest)).toEqual([]);
  });

  it('a report counts only while its reporter is in the group, and once per reporter', async () => {
    const { members } = await reportedGroup();
    const [owner, asha, ravi, meera, kiran] = members;
    // Racing reports by one member: one is recorded.
    const racing = await Promise.all([1, 2, 3].map(() => report(ravi, asha)));
    expect(racing.map(({ status }) => status).sort()).toEqual([201, 409, 409]);
    clock.now += MINUTE;
    expect((await report(meera, asha)).body).toMatchObject({ reports: 2, flagged: false });
    expect((await api.send('POST', `/api/challenges/${asha.challengeId}/leave`, ravi)).status).toBe(
      200,
    );
    clock.now += MINUTE;
    // Ravi left: his report no longer counts, so two of the three left in the group flag nothing.
    expect((await report(owner, asha)).body).toMatchObject({ reports: 2, flagged: false });
    expect((await mealOf(asha, 'lunch')).review).toBeUndefined();
    clock.now += MINUTE;
    expect((await report(kiran, asha)).body).toMatchObject({ reports: 3, flagged: true });
    expect((await mealOf(asha, 'lunch')).review).toMatchObject({ state: 'flagged' });
  });

  it('takes no report once the group has ended, recording nothing', async () => {
    const { members } = await reportedGroup();
    const [, asha, ravi] = members;
    clock.now += 2 * DAY;
    const refused = await report(ravi, asha);
    expect({ status: refused.status, error: refused.body.error }).toEqual({
      status: 409,
      error: REPORT_MESSAGES.ended,
    });
    expect(await read(`groupReports/${asha.challengeId}`)).toBeNull();
  });

  it("after an admin's approval, reports change nothing: the photo stays approved and keeps its points", async () => {
    const { members } = await reportedGroup();
    const [owner, asha, ravi, meera, kiran] = members;
    for (const reporter of [ravi, meera, owner]) {
      clock.now += MINUTE;
      expect((await report(reporter, asha)).status).toBe(201);
    }
    const approved = await postJson(
      `${setup.harness.baseUrl}/api/admin/proofs/${await queuedKey(asha)}/approve`,
      {},
      { token: setup.admin.idToken },
    );
    expect(approved.status).toBe(200);
    const review = (await mealOf(asha, 'lunch')).review;
    expect(review).toMatchObject({ state: 'approved' });

    clock.now += MINUTE;
    const late = await report(kiran, asha, { reason: 'inappropriate' });
    expect({ status: late.status, error: late.body.error }).toEqual({
      status: 409,
      error: REPORT_MESSAGES.settled,
    });
    expect((await mealOf(asha, 'lunch')).review).toEqual(review);
    expect(await queueOf(asha)).toEqual([]);
    expect(
      await read(dbPaths.groupProofReport(asha.challengeId, asha.uid, 'Day1-lunch', kiran.uid)),
    ).toBeNull();
    expect(await rowOf(asha)).toMatchObject({ proved: 1, points: 10 });
    expect(await read(`${dbPaths.userInfo(asha.uid)}/score`)).toBe(10);
  });
});
