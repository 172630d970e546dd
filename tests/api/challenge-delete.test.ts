import { describe, expect, it } from 'vitest';
import { dbPaths } from '@domain/data/database-paths';
import { DELETE_MESSAGES } from '../../functions/src/challenges/challenge-delete-route';
import { bucketProofStore } from '../../functions/src/proofs/proof-store';
import { recomputeTotals } from '../../functions/src/progress/recompute-totals';
import { generatePayload, postJson, readyMember, type TestMember } from './api-harness';
import { PROOF_TESTS_START, proofTestSetup, type ChallengeHolder } from './group-api';
import { makeGroup } from './group-fixtures';
import { periodPoints } from './leaderboard-rows';

// Deleting a challenge through the API (#41 item 5; docs/product.md#states-and-transitions): the
// route soft-deletes it and derives the owner's score, boards and streak in the same request, with no
// recompute asked for by the client.

const setup = proofTestSetup();
const { clock, read, prove } = setup;

const remove = async (member: TestMember, challengeId: string) => {
  const response = await fetch(`${setup.harness.baseUrl}/api/challenges/${challengeId}`, {
    method: 'DELETE',
    headers: member.idToken ? { Authorization: `Bearer ${member.idToken}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** A member whose one-day challenge has its lunch proved, with totals derived (score 10). */
async function provedChallenge(): Promise<ChallengeHolder> {
  clock.now = PROOF_TESTS_START;
  const member = await readyMember(setup.harness.database);
  const created = await postJson(
    `${setup.harness.baseUrl}/api/generate`,
    generatePayload(member.uid, { day: 1 }),
    { token: member.idToken },
  );
  expect(created.status).toBe(201);
  const holder = { ...member, challengeId: created.body.challengeId as string };
  await prove(holder, 'lunch', `delete-${holder.challengeId}`);
  // The totals as any write that derives them leaves them (the proof route's, once it derives them).
  await recomputeTotals(
    {
      database: setup.harness.database,
      clock: () => clock.now,
      proofs: bucketProofStore(setup.harness.bucket),
    },
    holder.uid,
    holder.challengeId,
  );
  expect(await read(`${dbPaths.userInfo(holder.uid)}/score`)).toBe(10);
  return holder;
}

describe('DELETE /api/challenges/:challengeId', () => {
  it('soft-deletes the challenge and takes its points off the score and every board at once', async () => {
    const holder = await provedChallenge();
    const before = await periodPoints(setup.harness.database, holder.uid);
    expect(Object.values(before)).toEqual([10, 10]);
    expect(await read(dbPaths.feedEntry(holder.challengeId))).not.toBeNull();

    const deleted = await remove(holder, holder.challengeId);
    expect(deleted).toEqual({
      status: 200,
      body: { challengeId: holder.challengeId, deleted: true, score: 0 },
    });
    const challenge = dbPaths.challenge(holder.uid, holder.challengeId);
    expect(await read(`${challenge}/deleted`)).toBe(true);
    expect(await read(`${challenge}/isActive`)).toBe(false);
    expect(await read(dbPaths.feedEntry(holder.challengeId))).toBeNull();
    expect(await read(`${dbPaths.userInfo(holder.uid)}/score`)).toBe(0);
    expect(await read(`${dbPaths.userInfo(holder.uid)}/activeChallenges`)).toBe(0);
    expect(await read(`${dbPaths.leaderboardAll}/${holder.uid}/points`)).toBe(0);
    expect(await periodPoints(setup.harness.database, holder.uid)).toEqual({});
    expect(await read(`${dbPaths.memberGlance(holder.uid)}/mealsProved`)).toBe(0);

    // Again: nothing more changes, the same answer (a retry after a lost answer is safe).
    expect(await remove(holder, holder.challengeId)).toEqual(deleted);
  });

  it('refuses what it cannot delete, changing nothing', async () => {
    const holder = await provedChallenge();
    const other = await readyMember(setup.harness.database);
    const group = await makeGroup(setup.harness, ['Owner', 'Ravi']);
    const [, joined] = group.members;
    const cases: Array<[string, TestMember, string, number, string?]> = [
      ["another member's challenge", other, holder.challengeId, 404, DELETE_MESSAGES.notFound],
      ['an unknown challenge', holder, 'no-such-challenge', 404, DELETE_MESSAGES.notFound],
      ['not a challenge id', holder, 'bad$id', 400],
      ['a joined plan (left, not deleted)', joined, group.challengeId, 409, DELETE_MESSAGES.joined],
      ['no token', { uid: holder.uid, idToken: '' }, holder.challengeId, 401],
    ];
    for (const [what, member, challengeId, status, error] of cases) {
      const response = await remove(member, challengeId);
      expect({ what, status: response.status }).toEqual({ what, status });
      if (error) expect(response.body.error, what).toBe(error);
    }
    expect(await read(`${dbPaths.challenge(holder.uid, holder.challengeId)}/deleted`)).toBe(false);
    expect(await read(`${dbPaths.challenge(joined.uid, group.challengeId)}/deleted`)).not.toBe(
      true,
    );
    expect(await read(`${dbPaths.userInfo(holder.uid)}/score`)).toBe(10);
  });
});
