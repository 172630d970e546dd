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

const VISITOR_LIMIT = 5;

let harness: ApiHarness;
let now = INDIA_EVENING;

beforeAll(async () => {
  harness = await startApiHarness({
    clock: () => now,
    generateRateLimit: { windowMs: 60_000, max: 1_000 },
    groupRateLimit: { windowMs: 60_000, max: 1_000 },
    visitorRateLimit: { windowMs: 60_000, max: VISITOR_LIMIT },
  });
});
afterAll(() => harness?.close());

const { send, createChallenge, tokenOf, joiner, joinWith } = groupApi(() => harness);

let visitorAddresses = 0;
/** A new visitor's address (as Google's front end appends it to X-Forwarded-For): each test its own allowance. */
const newVisitorAddress = () => `203.0.113.${++visitorAddresses}`;

/** The preview as a visitor without an account, from `address`. */
async function asVisitor(challengeId: string, token: string | undefined, address: string) {
  const query = token === undefined ? '' : `?token=${token}`;
  const response = await fetch(
    `${harness.baseUrl}/api/challenges/${challengeId}/invitation${query}`,
    {
      headers: { 'X-Forwarded-For': address },
    },
  );
  return {
    status: response.status,
    retryAfter: response.headers.get('Retry-After'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** A running link group of the owner and one member who joined; its id and current token. */
async function groupOfTwo() {
  now = INDIA_EVENING;
  const owner = await readyMember(harness.database);
  const challengeId = await createChallenge(owner, { day: 1 });
  const token = await tokenOf(owner, challengeId);
  await joinWith(await joiner(), challengeId, token);
  return { owner, challengeId, token };
}

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

describe('GET /api/challenges/:challengeId/invitation for a visitor (no account)', () => {
  it('with the current token answers the summary and members’ names and avatars, nothing else', async () => {
    const { challengeId, token } = await groupOfTwo();
    const preview = await asVisitor(challengeId, token, newVisitorAddress());
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      title: expect.any(String),
      owner: { displayName: 'Asha', photoURL: expect.any(String) },
      day: 1,
      startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      preference: expect.any(String),
      targetBody: expect.any(String),
      memberCount: 2,
      members: [
        { displayName: 'Asha', photoURL: expect.any(String) },
        { displayName: 'Ravi', photoURL: expect.any(String) },
      ],
    });
  });

  it('lists no one with a wrong or missing token, or once invitations are closed', async () => {
    const { owner, challengeId, token } = await groupOfTwo();
    const address = newVisitorAddress();
    const wrong = await asVisitor(challengeId, 'x'.repeat(token.length), address);
    expect({ status: wrong.status, members: wrong.body.members }).toEqual({
      status: 200,
      members: [],
    });
    expect(wrong.body).toMatchObject({ memberCount: 2 });
    expect((await asVisitor(challengeId, undefined, address)).body.members).toEqual([]);
    const closed = await send('DELETE', `/api/challenges/${challengeId}/invite`, owner);
    expect(closed.status).toBe(200);
    const stale = await asVisitor(challengeId, token, address);
    expect({ status: stale.status, members: stale.body.members }).toEqual({
      status: 200,
      members: [],
    });
  });

  it('lists no one of an ended group; a hidden challenge is not found', async () => {
    const { owner, challengeId, token } = await groupOfTwo();
    now = INDIA_EVENING + 4 * DAY;
    const ended = await asVisitor(challengeId, token, newVisitorAddress());
    expect({ status: ended.status, members: ended.body.members }).toEqual({
      status: 200,
      members: [],
    });

    now = INDIA_EVENING;
    const admin = await signUpWithClaims(harness.auth, { admin: true });
    const hidden = await send('POST', `/api/admin/challenges/${challengeId}/hide`, admin, {
      ownerId: owner.uid,
      reason: 'spam',
    });
    expect(hidden.status).toBe(200);
    const found = await asVisitor(challengeId, token, newVisitorAddress());
    expect({ status: found.status, title: found.body.title }).toEqual({
      status: 404,
      title: undefined,
    });
  });

  it('throttles each address (a forged X-Forwarded-For entry before it does not help)', async () => {
    const { challengeId, token } = await groupOfTwo();
    const address = newVisitorAddress();
    for (let request = 0; request < VISITOR_LIMIT; request++)
      expect((await asVisitor(challengeId, token, address)).status).toBe(200);
    const throttled = await asVisitor(challengeId, token, address);
    expect({ status: throttled.status, retryAfter: throttled.retryAfter }).toEqual({
      status: 429,
      retryAfter: '60',
    });
    const forged = await asVisitor(challengeId, token, `198.51.100.7, ${address}`);
    expect(forged.status).toBe(429);
    expect((await asVisitor(challengeId, token, newVisitorAddress())).status).toBe(200);
  });
});
