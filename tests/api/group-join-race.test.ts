/**
 * Racing joins (docs/product.md, "Group challenges"): 70 members joining at once a group with room for
 * 50 end with exactly 50 members, and one member joining three groups at once stays within the active
 * limit. The joins are spread over two API instances, each with its own database connection, so the
 * place is reserved against the server's value, not one connection's queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MEMBER_LIMIT } from '@domain/challenges/challenge-board';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { ACTIVE_CHALLENGE_LIMIT_MESSAGE, MAX_ACTIVE_CHALLENGES } from '@domain/constants';
import { GROUP_MESSAGES, type BoardRow } from '@domain/challenges/group-records';
import { groupApi } from './group-api';
import { readyMember, startApiHarness, type ApiHarness, type TestMember } from './api-harness';

/** 17:30 in India: the day's dinner window is still to come. */
const INDIA_EVENING = Date.parse('2025-06-10T12:00:00Z');
const JOINERS = 70;

let harness: ApiHarness;
let secondApi: string;
const limits = {
  clock: () => INDIA_EVENING,
  generateRateLimit: { windowMs: 60_000, max: 1_000 },
  groupRateLimit: { windowMs: 60_000, max: 1_000 },
};

beforeAll(async () => {
  harness = await startApiHarness(limits);
  secondApi = await harness.startApi({ ...limits, database: harness.openDatabase() });
});
afterAll(() => harness?.close());

const { read, send, createChallenge, tokenOf } = groupApi(() => harness);

async function openGroup(owner: TestMember): Promise<{ challengeId: string; token: string }> {
  const challengeId = await createChallenge(owner);
  return { challengeId, token: await tokenOf(owner, challengeId) };
}

const join = (base: string, member: TestMember, challengeId: string, token: string) =>
  send('POST', `/api/challenges/${challengeId}/join`, member, { token }, base);

describe('racing joins', () => {
  it(`${JOINERS} members joining at once a group with room for ${GROUP_MEMBER_LIMIT} end with exactly ${GROUP_MEMBER_LIMIT}; every refused one got 409 and has no plan`, async () => {
    const owner = await readyMember(harness.database);
    const { challengeId, token } = await openGroup(owner);
    const members = await Promise.all(
      Array.from({ length: JOINERS }, () => readyMember(harness.database)),
    );
    const answers = await Promise.all(
      members.map((member, index) =>
        join(index % 2 ? secondApi : harness.baseUrl, member, challengeId, token),
      ),
    );

    const joined = members.filter((_, index) => answers[index].status === 201);
    const refused = members.filter((_, index) => answers[index].status !== 201);
    // The owner is member #1.
    expect(joined).toHaveLength(GROUP_MEMBER_LIMIT - 1);
    for (const [index, answer] of answers.entries()) {
      if (answer.status === 201) continue;
      expect({ index, status: answer.status, error: answer.body.error }).toEqual({
        index,
        status: 409,
        error: GROUP_MESSAGES.full,
      });
    }
    expect(await read(`groups/${challengeId}/memberCount`)).toBe(GROUP_MEMBER_LIMIT);
    const rows = (await read<Record<string, BoardRow>>(`groups/${challengeId}/members`))!;
    expect(Object.keys(rows).sort()).toEqual([owner.uid, ...joined.map(({ uid }) => uid)].sort());
    expect(await read(`feed/${challengeId}/memberCount`)).toBe(GROUP_MEMBER_LIMIT);
    expect(await read(`users/${owner.uid}/challenges/${challengeId}/memberCount`)).toBe(
      GROUP_MEMBER_LIMIT,
    );
    expect(await read(`feed/${challengeId}/memberPhotos`)).toHaveLength(5);
    const plans = await Promise.all(
      members.map((member) =>
        read<ChallengeRecord>(`users/${member.uid}/challenges/${challengeId}`),
      ),
    );
    for (const [index, member] of members.entries()) {
      const plan = plans[index];
      if (refused.includes(member)) expect(plan).toBeNull();
      else expect(plan?.groupOwnerId).toBe(owner.uid);
    }
    const refusedInfo = await Promise.all(
      refused.map((member) => read(`users/${member.uid}/info/activeChallenges`)),
    );
    expect(refusedInfo.every((count) => count === null)).toBe(true);

    // A place freed by a member who leaves goes to the next one.
    const leaver = joined[0];
    const left = await send('POST', `/api/challenges/${challengeId}/leave`, leaver);
    expect(left.status).toBe(200);
    expect((await join(secondApi, refused[0], challengeId, token)).status).toBe(201);
    expect((await join(harness.baseUrl, refused[1], challengeId, token)).status).toBe(409);
    expect(await read(`groups/${challengeId}/memberCount`)).toBe(GROUP_MEMBER_LIMIT);
  }, 120_000);

  it(`a member joining three groups at once while holding none ends with at most ${MAX_ACTIVE_CHALLENGES} active`, async () => {
    const groups = await Promise.all(
      Array.from({ length: 3 }, async () => openGroup(await readyMember(harness.database))),
    );
    const member = await readyMember(harness.database);
    const answers = await Promise.all(
      groups.map(({ challengeId, token }, index) =>
        join(index % 2 ? secondApi : harness.baseUrl, member, challengeId, token),
      ),
    );
    const statuses = answers.map(({ status }) => status).sort();
    expect(statuses).toEqual([201, 201, 409]);
    expect(answers.find(({ status }) => status === 409)!.body.error).toBe(
      ACTIVE_CHALLENGE_LIMIT_MESSAGE,
    );
    const plans = (await read<Record<string, ChallengeRecord>>(`users/${member.uid}/challenges`))!;
    expect(Object.keys(plans)).toHaveLength(MAX_ACTIVE_CHALLENGES);
    expect(await read(`users/${member.uid}/info/activeChallenges`)).toBe(MAX_ACTIVE_CHALLENGES);
    const counts = await Promise.all(
      groups.map(({ challengeId }) => read<number>(`groups/${challengeId}/memberCount`)),
    );
    expect(counts.sort()).toEqual([1, 2, 2]);
  }, 60_000);
});
