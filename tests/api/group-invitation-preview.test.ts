/**
 * The invitation preview (GET /api/challenges/:challengeId/invitation; docs/security.md, "Group
 * challenges", "Bounded reads"): members are listed only with a current token while the group runs, and
 * a challenge a moderator hid is not found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MESSAGES } from '@domain/challenges/group-records';
import { groupApi } from './group-api';
import { readyMember, signUpWithClaims, startApiHarness, type ApiHarness } from './api-harness';

const DAY = 24 * 60 * 60 * 1000;
/** 17:30 in India: the day's dinner window is still to come, so a challenge starting today runs. */
const INDIA_EVENING = Date.parse('2025-06-10T12:00:00Z');

let harness: ApiHarness;
let now = INDIA_EVENING;

beforeAll(async () => {
  harness = await startApiHarness({
    clock: () => now,
    generateRateLimit: { windowMs: 60_000, max: 1_000 },
    groupRateLimit: { windowMs: 60_000, max: 1_000 },
  });
});
afterAll(() => harness?.close());

const { send, createChallenge, tokenOf, joiner, joinWith } = groupApi(() => harness);

describe('GET /api/challenges/:challengeId/invitation', () => {
  it('lists no one of an ended group, even with its current token or to a member; a hidden challenge is not found', async () => {
    now = INDIA_EVENING;
    const owner = await readyMember(harness.database);
    const challengeId = await createChallenge(owner, { day: 1 });
    const token = await tokenOf(owner, challengeId);
    const member = await joiner();
    await joinWith(member, challengeId, token);
    const visitor = await joiner();
    const preview = () =>
      send('GET', `/api/challenges/${challengeId}/invitation?token=${token}`, visitor);
    expect(((await preview()).body.members as unknown[]).length).toBe(2);

    now = INDIA_EVENING + 4 * DAY;
    const ended = await preview();
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ refusal: GROUP_MESSAGES.ended, members: [] });
    const asMember = await send('GET', `/api/challenges/${challengeId}/invitation`, member);
    expect(asMember.body).toMatchObject({ joined: true, members: [] });

    now = INDIA_EVENING;
    const admin = await signUpWithClaims(harness.auth, { admin: true });
    const hidden = await send('POST', `/api/admin/challenges/${challengeId}/hide`, admin, {
      ownerId: owner.uid,
      reason: 'spam',
    });
    expect(hidden.status).toBe(200);
    const found = await preview();
    expect({ status: found.status, members: found.body.members }).toEqual({
      status: 404,
      members: undefined,
    });
  });
});
