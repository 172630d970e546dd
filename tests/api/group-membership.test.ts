/**
 * Group challenges' membership over HTTP on the emulators (docs/product.md, "Group challenges"): opening a
 * challenge to others, invite links, the join page's preview, joining (the joiner's own plan) and every
 * refusal, leaving and removal (moderation's part: group-moderation.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeRecord, FeedEntry } from '@domain/challenges/challenge-record';
import { ACTIVE_CHALLENGE_LIMIT_MESSAGE, DAILY_CHALLENGE_LIMIT_MESSAGE } from '@domain/constants';
import { GROUP_MESSAGES, INVITE_TOKEN, type BoardRow } from '@domain/challenges/group-records';
import { boardMealsOfRow, encodeBoardProofs } from '@domain/challenges/board-windows';
import {
  builtInPlanner,
  type MealPlanProvider,
} from '../../functions/src/planner/meal-plan-provider';
import { groupApi } from './group-api';
import {
  readyMember,
  signUpWithClaims,
  startApiHarness,
  type ApiHarness,
  type TestMember,
} from './api-harness';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** 17:30 in India: the day's dinner window is still to come, so a challenge starting today runs. */
const INDIA_EVENING = Date.parse('2025-06-10T12:00:00Z');

let harness: ApiHarness;
let now = INDIA_EVENING;
let plans = 0;
const countingPlanner: MealPlanProvider = async (request) => {
  plans++;
  return builtInPlanner(request);
};

beforeAll(async () => {
  harness = await startApiHarness({
    clock: () => now,
    planMeals: countingPlanner,
    generateRateLimit: { windowMs: 60_000, max: 1_000 },
    groupRateLimit: { windowMs: 60_000, max: 1_000 },
  });
});
afterAll(() => harness?.close());

const { send, read, generate, join, createChallenge, tokenOf, joiner, joinWith, expectNoTrace } =
  groupApi(() => harness);

describe('POST /api/generate with access', () => {
  it('link makes the group with the owner as member #1, an invite token and the feed summary; solo makes none; 400 for an unknown access', async () => {
    now = INDIA_EVENING;
    const owner = await readyMember(harness.database);
    const challengeId = await createChallenge(owner);
    expect(await read(`groups/${challengeId}`)).toMatchObject({
      ownerId: owner.uid,
      access: 'link',
      memberCount: 1,
    });
    const row = await read<BoardRow>(`groups/${challengeId}/members/${owner.uid}`);
    expect(row).toMatchObject({ displayName: 'Asha', proved: 0, points: 0 });
    // 9 windows in one string, no meal entries before a proof (docs/architecture.md, "Board rows").
    expect(boardMealsOfRow(row!)).toHaveLength(9);
    expect(row!.meals).toBeUndefined();
    expect(JSON.stringify(row)).not.toMatch(/calories|protein|targets/);
    const challenge = await read<ChallengeRecord>(`users/${owner.uid}/challenges/${challengeId}`);
    expect(challenge).toMatchObject({
      access: 'link',
      memberCount: 1,
      memberPhotos: [{ displayName: 'Asha', photoURL: '' }],
    });
    expect(challenge!.invite).toMatchObject({ open: true, madeAt: now });
    expect(challenge!.invite!.token).toMatch(INVITE_TOKEN);
    expect(await read<FeedEntry>(`feed/${challengeId}`)).toMatchObject({
      access: 'link',
      memberCount: 1,
      memberPhotos: [{ displayName: 'Asha', photoURL: '' }],
    });

    const solo = await createChallenge(owner, { access: undefined, title: 'Alone' });
    expect(await read(`groups/${solo}`)).toBeNull();
    expect(await read(`users/${owner.uid}/challenges/${solo}/invite`)).toBeNull();
    expect(await read<FeedEntry>(`feed/${solo}`)).not.toHaveProperty('memberCount');
    const refused = await generate(owner, { access: 'everyone' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^access:/);
  });
});

describe('POST /api/challenges/:challengeId/join', () => {
  it('plans the joiner’s own plan (their targets, the owner’s days, start and preference, windows in their zone) and their board row', async () => {
    now = INDIA_EVENING;
    const owner = await readyMember(harness.database);
    const challengeId = await createChallenge(owner, { day: 3, preference: 'veg' });
    const member = await joiner();
    const before = plans;
    const joined = await join(member, challengeId, {
      token: await tokenOf(owner, challengeId),
      timezone: 'Europe/London',
      targetBody: 'Bulk',
    });
    expect(joined.status).toBe(201);
    expect(joined.body).toEqual({ ownerId: owner.uid, challengeId });
    expect(plans).toBe(before + 1);

    const owners = (await read<ChallengeRecord>(`users/${owner.uid}/challenges/${challengeId}`))!;
    const plan = (await read<ChallengeRecord>(`users/${member.uid}/challenges/${challengeId}`))!;
    expect(plan).toMatchObject({
      groupOwnerId: owner.uid,
      title: owners.title,
      day: 3,
      startDate: owners.startDate,
      preference: 'veg',
      targetBody: 'Bulk',
      timezone: 'Europe/London',
      displayName: 'Ravi',
    });
    expect(plan.targets.calories).not.toBe(owners.targets.calories);
    expect(plan.meals.Day1.dinner!.opensAt - owners.meals.Day1.dinner!.opensAt).toBe(4.5 * HOUR);
    expect(plan.invite).toBeUndefined();
    // The member's zone is set by their first plan, as at a first creation.
    expect(await read(`users/${member.uid}/private/timeZone`)).toBe('Europe/London');

    const row = (await read<BoardRow>(`groups/${challengeId}/members/${member.uid}`))!;
    expect(row).toMatchObject({ displayName: 'Ravi', joinedAt: now, proved: 0, points: 0 });
    expect(Object.fromEntries(boardMealsOfRow(row))['Day1-dinner']).toEqual({
      opensAt: plan.meals.Day1.dinner!.opensAt,
      closesAt: plan.meals.Day1.dinner!.closesAt,
    });
    expect(await read(`groups/${challengeId}/memberCount`)).toBe(2);
    expect(await read(`users/${owner.uid}/challenges/${challengeId}/memberCount`)).toBe(2);
    expect(await read(`users/${owner.uid}/challenges/${challengeId}/memberPhotos`)).toHaveLength(2);
    expect(await read<FeedEntry>(`feed/${challengeId}`)).toMatchObject({
      memberCount: 2,
      memberPhotos: [
        { displayName: 'Asha', photoURL: '' },
        { displayName: 'Ravi', photoURL: '' },
      ],
    });
    expect(await read(`users/${member.uid}/info`)).toMatchObject({
      activeChallenges: 1,
      totalChallenges: 1,
    });
    // The joiner gets no feed entry of their own: the group has one, the owner's.
    expect(
      (await harness.database.ref('feed').orderByChild('uid').equalTo(member.uid).get()).val(),
    ).toBeNull();
  });

  it('the targetBody defaults to the challenge’s; joining twice, and the owner “joining”, are 200 and change nothing', async () => {
    now = INDIA_EVENING;
    const owner = await readyMember(harness.database);
    const challengeId = await createChallenge(owner, { targetBody: 'Cutting' });
    const token = await tokenOf(owner, challengeId);
    const member = await joiner();
    await joinWith(member, challengeId, token);
    const plan = await read<ChallengeRecord>(`users/${member.uid}/challenges/${challengeId}`);
    expect(plan!.targetBody).toBe('Cutting');
    // Stored before: no timezone was sent, so the owner's zone (they had none).
    expect(plan!.timezone).toBe('Asia/Kolkata');
    const group = await read(`groups/${challengeId}`);
    const before = plans;

    now += HOUR;
    const again = await join(member, challengeId, { token, targetBody: 'Bulk' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ownerId: owner.uid, challengeId });
    const owners = await join(owner, challengeId, {});
    expect(owners.status).toBe(200);
    expect(plans).toBe(before);
    expect(await read(`users/${member.uid}/challenges/${challengeId}`)).toEqual(plan);
    expect(await read(`groups/${challengeId}`)).toEqual(group);
  });

  it('from the feed no token is needed; a token given must still be the current one', async () => {
    now = INDIA_EVENING;
    const owner = await readyMember(harness.database);
    const challengeId = await createChallenge(owner, { access: 'feed' });
    const first = await joiner();
    const wrong = await join(first, challengeId, { token: 'x'.repeat(32) });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe(GROUP_MESSAGES.badToken);
    await joinWith(first, challengeId);
    expect(await read(`feed/${challengeId}/access`)).toBe('feed');
  });

  describe('refusals, each changing nothing', () => {
    let owner: TestMember;
    let challengeId: string;
    let token: string;

    beforeAll(async () => {
      now = INDIA_EVENING;
      owner = await readyMember(harness.database);
      challengeId = await createChallenge(owner);
      token = await tokenOf(owner, challengeId);
    });

    it('404 for a challenge id that does not exist, 400 for one that is not an id', async () => {
      now = INDIA_EVENING;
      const member = await joiner();
      const unknown = await join(member, '-NoSuchChallenge1', { token });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('Challenge not found');
      const malformed = await join(member, 'bad$id', { token });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error).toMatch(/^challengeId:/);
      expect(await read(`users/${member.uid}/challenges`)).toBeNull();
    });

    it('400 for unknown body fields or a token of the wrong form', async () => {
      const member = await joiner();
      const unknownField = await join(member, challengeId, { token, role: 'owner' });
      expect(unknownField.status).toBe(400);
      expect(unknownField.body.error).toMatch(/role/);
      const badForm = await join(member, challengeId, { token: 'short' });
      expect(badForm.status).toBe(400);
      expect(badForm.body.error).toBe('token: Not an invite token');
      await expectNoTrace(member, challengeId);
    });

    it('403 with a wrong token, with none, and with the old token after a new link', async () => {
      now = INDIA_EVENING;
      const member = await joiner();
      for (const body of [{ token: 'A'.repeat(32) }, {}]) {
        const refused = await join(member, challengeId, body);
        expect(refused.status).toBe(403);
        expect(refused.body.error).toBe(GROUP_MESSAGES.badToken);
      }
      const renewed = await send('POST', `/api/challenges/${challengeId}/invite`, owner);
      expect(renewed.status).toBe(201);
      expect(renewed.body.token).toMatch(INVITE_TOKEN);
      expect(renewed.body.token).not.toBe(token);
      const stale = await join(member, challengeId, { token });
      expect(stale.status).toBe(403);
      expect(stale.body.error).toBe(GROUP_MESSAGES.badToken);
      await expectNoTrace(member, challengeId);
      token = renewed.body.token as string;
      await joinWith(member, challengeId, token);
    });

    it('403 when invitations are closed, even with the current token; a new link opens them again', async () => {
      now = INDIA_EVENING;
      const member = await joiner();
      const closed = await send('DELETE', `/api/challenges/${challengeId}/invite`, owner);
      expect(closed.status).toBe(200);
      const refused = await join(member, challengeId, { token });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(GROUP_MESSAGES.closed);
      await expectNoTrace(member, challengeId);
      const renewed = await send('POST', `/api/challenges/${challengeId}/invite`, owner);
      token = renewed.body.token as string;
      await joinWith(member, challengeId, token);
    });

    it('409 when the group is full', async () => {
      now = INDIA_EVENING;
      const member = await joiner();
      const count = await read<number>(`groups/${challengeId}/memberCount`);
      await harness.database.ref(`groups/${challengeId}/memberCount`).set(50);
      const refused = await join(member, challengeId, { token });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(GROUP_MESSAGES.full);
      expect(await read(`groups/${challengeId}/memberCount`)).toBe(50);
      await expectNoTrace(member, challengeId);
      await harness.database.ref(`groups/${challengeId}/memberCount`).set(count);
    });

    it('409 at the active limit, with the limit’s message', async () => {
      now = INDIA_EVENING;
      const member = await joiner();
      for (const title of ['One', 'Two'])
        expect((await generate(member, { title })).status).toBe(201);
      const before = plans;
      const refused = await join(member, challengeId, { token });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(ACTIVE_CHALLENGE_LIMIT_MESSAGE);
      expect(plans).toBe(before);
      await expectNoTrace(member, challengeId);
    });

    it('a join counts towards the daily cap: 429 after 3 plans in 24 hours', async () => {
      now = INDIA_EVENING;
      const member = await joiner();
      for (const title of ['One', 'Two']) {
        const made = await generate(member, { title });
        // Deleted at once: the active limit is not what refuses.
        await harness.database
          .ref(`users/${member.uid}/challenges/${made.body.challengeId as string}`)
          .update({ deleted: true, isActive: false });
      }
      const otherOwner = await readyMember(harness.database);
      const other = await createChallenge(otherOwner);
      expect((await join(member, other, { token: await tokenOf(otherOwner, other) })).status).toBe(
        201,
      );
      const refused = await join(member, challengeId, { token });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe(DAILY_CHALLENGE_LIMIT_MESSAGE);
      await expectNoTrace(member, challengeId);
    });

    it('403 for a disabled member', async () => {
      now = INDIA_EVENING;
      const member = await joiner();
      // The marker is what the routes read (Auth's refusal of the account follows it: admin-member-moderation-route.ts).
      await harness.database.ref(`moderation/disabledMembers/${member.uid}`).set({
        at: now,
        by: 'an-admin',
        reason: '',
      });
      const refused = await join(member, challengeId, { token });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('This account is disabled');
      await expectNoTrace(member, challengeId);
    });

    it('409 for a challenge a moderator hid, and joins again once it is shown', async () => {
      now = INDIA_EVENING;
      const member = await joiner();
      const admin = await signUpWithClaims(harness.auth, { admin: true });
      const hide = (action: string, body: unknown) =>
        send('POST', `/api/admin/challenges/${challengeId}/${action}`, admin, body);
      expect((await hide('hide', { ownerId: owner.uid, reason: 'spam' })).status).toBe(200);
      const refused = await join(member, challengeId, { token });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(GROUP_MESSAGES.hidden);
      await expectNoTrace(member, challengeId);
      expect((await hide('unhide', {})).status).toBe(200);
      await joinWith(member, challengeId, token);
    });

    it('409 once every window of the owner’s plan has closed', async () => {
      now = INDIA_EVENING + 4 * DAY;
      const member = await joiner();
      const refused = await join(member, challengeId, { token });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(GROUP_MESSAGES.ended);
      await expectNoTrace(member, challengeId);
    });
  });
});

describe('GET /api/challenges/:challengeId/invitation', () => {
  it('shows the join page what it needs, never a body stat or target; joined and refusal say where the caller stands', async () => {
    now = INDIA_EVENING;
    const owner = await readyMember(harness.database);
    const challengeId = await createChallenge(owner, { day: 2, targetBody: 'Lean' });
    const token = await tokenOf(owner, challengeId);
    const member = await joiner();
    const preview = (who: TestMember, query = `?token=${token}`) =>
      send('GET', `/api/challenges/${challengeId}/invitation${query}`, who);

    const open = await preview(member);
    expect(open.status).toBe(200);
    const owners = (await read<ChallengeRecord>(`users/${owner.uid}/challenges/${challengeId}`))!;
    expect(open.body).toEqual({
      title: owners.title,
      owner: { uid: owner.uid, displayName: 'Asha', photoURL: '' },
      day: 2,
      startDate: owners.startDate,
      preference: 'veg',
      targetBody: 'Lean',
      access: 'link',
      members: [{ uid: owner.uid, displayName: 'Asha', photoURL: '' }],
      memberCount: 1,
      joined: false,
      joinable: true,
      refusal: null,
    });
    expect(JSON.stringify(open.body)).not.toMatch(/targets|calories|weight|height|token/i);

    const stale = await preview(member, `?token=${'B'.repeat(32)}`);
    expect(stale.body).toMatchObject({
      joinable: false,
      refusal: GROUP_MESSAGES.badToken,
      members: [],
    });

    await joinWith(member, challengeId, token);
    const after = await preview(member, '');
    expect(after.body).toMatchObject({
      joined: true,
      joinable: false,
      refusal: null,
      memberCount: 2,
    });
    expect((after.body.members as { uid: string }[]).map(({ uid }) => uid)).toEqual([
      owner.uid,
      member.uid,
    ]);

    expect((await send('GET', `/api/challenges/-Nope/invitation`, member)).status).toBe(404);
    expect((await preview(member, '?token=short')).status).toBe(400);
  });
});

describe('PUT /api/challenges/:challengeId/access and the invite link', () => {
  it('the owner opens a solo challenge (group and token), closes it to solo (members stay), and opens it again with a new token', async () => {
    now = INDIA_EVENING;
    const owner = await readyMember(harness.database);
    const challengeId = await createChallenge(owner, { access: undefined });
    // A meal proved while solo shows on the owner's row once the group is made.
    const dinner = `users/${owner.uid}/challenges/${challengeId}/meals/Day1/dinner`;
    const doneAt = (await read<number>(`${dinner}/opensAt`))! + 60_000;
    await harness.database.ref(dinner).update({ status: 'Done', doneAt });
    const member = await joiner();
    const put = (who: TestMember, body: unknown) =>
      send('PUT', `/api/challenges/${challengeId}/access`, who, body);

    const notOwner = await put(member, { access: 'link' });
    expect(notOwner.status).toBe(404);
    expect((await put(owner, { access: 'public' })).status).toBe(400);
    expect((await put(owner, { access: 'link', extra: 1 })).status).toBe(400);

    expect((await put(owner, { access: 'link' })).status).toBe(200);
    expect(await read(`groups/${challengeId}`)).toMatchObject({
      ownerId: owner.uid,
      access: 'link',
      memberCount: 1,
    });
    expect(await read(`groups/${challengeId}/members/${owner.uid}`)).toMatchObject({
      proved: 1,
      points: 10,
      proofs: encodeBoardProofs([['Day1-dinner', 'Done']]),
    });
    const token = await tokenOf(owner, challengeId);
    expect(token).toMatch(INVITE_TOKEN);
    expect(await read(`feed/${challengeId}`)).toMatchObject({ access: 'link', memberCount: 1 });
    await joinWith(member, challengeId, token);

    // A joined member's plan is not theirs to open: 403.
    const joinedMember = await put(member, { access: 'feed' });
    expect(joinedMember.status).toBe(403);

    expect((await put(owner, { access: 'solo' })).status).toBe(200);
    expect(await read(`users/${owner.uid}/challenges/${challengeId}/invite/open`)).toBe(false);
    expect(await read(`groups/${challengeId}/memberCount`)).toBe(2);
    expect(await read(`groups/${challengeId}/members/${member.uid}`)).not.toBeNull();
    expect(await read(`feed/${challengeId}/access`)).toBeNull();
    const late = await joiner();
    const closed = await join(late, challengeId, { token });
    expect(closed.status).toBe(403);
    expect(closed.body.error).toBe(GROUP_MESSAGES.closed);

    expect((await put(owner, { access: 'feed' })).status).toBe(200);
    const reopened = await tokenOf(owner, challengeId);
    expect(reopened).not.toBe(token);
    expect(await read(`groups/${challengeId}/access`)).toBe('feed');
    await joinWith(late, challengeId);
    expect(await read(`groups/${challengeId}/memberCount`)).toBe(3);

    now = INDIA_EVENING + 4 * DAY;
    const ended = await put(owner, { access: 'link' });
    expect(ended.status).toBe(409);
    expect(ended.body.error).toBe(GROUP_MESSAGES.ended);
  });

  it('only the owner makes a new link or closes invitations; a solo challenge has no link to make', async () => {
    now = INDIA_EVENING;
    const owner = await readyMember(harness.database);
    const challengeId = await createChallenge(owner);
    const member = await joiner();
    await joinWith(member, challengeId, await tokenOf(owner, challengeId));
    expect((await send('POST', `/api/challenges/${challengeId}/invite`, member)).status).toBe(403);
    expect((await send('DELETE', `/api/challenges/${challengeId}/invite`, member)).status).toBe(
      403,
    );
    expect(await read(`users/${owner.uid}/challenges/${challengeId}/invite/open`)).toBe(true);
    const solo = await createChallenge(owner, { access: undefined, title: 'Alone' });
    const refused = await send('POST', `/api/challenges/${solo}/invite`, owner);
    expect(refused.status).toBe(409);
  });
});

describe('leaving and removal', () => {
  it('a member leaves: plan, board row and place go, counters and leaderboard rows recomputed in the same request; the owner cannot leave', async () => {
    now = INDIA_EVENING;
    const owner = await readyMember(harness.database);
    const challengeId = await createChallenge(owner);
    const member = await joiner();
    await joinWith(member, challengeId, await tokenOf(owner, challengeId));
    // A row the member's proofs do not back: the leave's recompute writes what they earned (nothing).
    await harness.database
      .ref(`leaderboard/all/${member.uid}`)
      .set({ displayName: 'Ravi', photoURL: '', points: 30 });

    const ownerLeaves = await send('POST', `/api/challenges/${challengeId}/leave`, owner);
    expect(ownerLeaves.status).toBe(409);
    expect(ownerLeaves.body.error).toBe(GROUP_MESSAGES.ownerCannotLeave);
    expect(
      (await send('POST', `/api/challenges/${challengeId}/leave`, member, { now: 1 })).status,
    ).toBe(400);

    const left = await send('POST', `/api/challenges/${challengeId}/leave`, member);
    expect(left.status).toBe(200);
    expect(await read(`users/${member.uid}/challenges/${challengeId}`)).toBeNull();
    expect(await read(`groups/${challengeId}/members/${member.uid}`)).toBeNull();
    expect(await read(`groups/${challengeId}/memberCount`)).toBe(1);
    expect(await read(`feed/${challengeId}/memberCount`)).toBe(1);
    expect(await read(`users/${owner.uid}/challenges/${challengeId}/memberCount`)).toBe(1);
    expect(await read(`users/${member.uid}/info`)).toMatchObject({
      activeChallenges: 0,
      totalChallenges: 0,
    });
    expect(await read(`leaderboard/all/${member.uid}`)).toMatchObject({
      displayName: 'Ravi',
      points: 0,
    });

    const again = await send('POST', `/api/challenges/${challengeId}/leave`, member);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(GROUP_MESSAGES.notMember);
  });

  it('no leaving once the challenge has ended', async () => {
    now = INDIA_EVENING;
    const owner = await readyMember(harness.database);
    const challengeId = await createChallenge(owner, { day: 1 });
    const member = await joiner();
    await joinWith(member, challengeId, await tokenOf(owner, challengeId));
    now = INDIA_EVENING + 2 * DAY;
    const refused = await send('POST', `/api/challenges/${challengeId}/leave`, member);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(GROUP_MESSAGES.ended);
    expect(await read(`users/${member.uid}/challenges/${challengeId}`)).not.toBeNull();
  });

  it('only the owner removes a member, with the same effect as leaving', async () => {
    now = INDIA_EVENING;
    const owner = await readyMember(harness.database);
    const challengeId = await createChallenge(owner);
    const token = await tokenOf(owner, challengeId);
    const [first, second] = [await joiner(), await joiner()];
    for (const member of [first, second]) await joinWith(member, challengeId, token);
    const remove = (who: TestMember, uid: string) =>
      send('DELETE', `/api/challenges/${challengeId}/members/${uid}`, who);

    const byMember = await remove(first, second.uid);
    expect(byMember.status).toBe(403);
    expect(await read(`groups/${challengeId}/members/${second.uid}`)).not.toBeNull();
    expect((await remove(owner, owner.uid)).status).toBe(409);
    expect((await remove(owner, 'someone-else')).status).toBe(404);

    const removed = await remove(owner, second.uid);
    expect(removed.status).toBe(200);
    expect(await read(`users/${second.uid}/challenges/${challengeId}`)).toBeNull();
    expect(await read(`groups/${challengeId}/members/${second.uid}`)).toBeNull();
    expect(await read(`groups/${challengeId}/memberCount`)).toBe(2);
    expect(await read(`users/${second.uid}/info/activeChallenges`)).toBe(0);
    expect(await read(`feed/${challengeId}/memberPhotos`)).toHaveLength(2);
  });
});
