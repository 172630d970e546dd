import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDateInZone } from '@domain/calendar-dates';
import type { AdminAuditEntry } from '@domain/site/moderation-records';
import { builtInPlanner } from '../../functions/src/planner/meal-plan-provider';
import {
  generatePayload,
  postJson,
  readyMember,
  signUpWithClaims,
  startApiHarness,
  type ApiHarness,
  type TestMember,
} from './api-harness';
import { databaseWithWriteHook, onceBeforeWriteTo } from './database-hooks';

/**
 * A recompute, generate, swap or regenerate in flight while an admin disables the member or hides
 * the challenge (docs/security.md, "Moderation races"). Each race is made deterministic: the admin
 * acts through the API from inside the route, just before the write it would have raced.
 */

const ZONE = 'Asia/Kolkata';
/** 05:30 on 10 June 2025 in India; challenges start the next day, so every meal is still ahead. */
const NOW = Date.parse('2025-06-10T00:00:00Z');
const TOMORROW = addDays(calendarDateInZone(NOW, ZONE), 1);

let harness: ApiHarness;
let admin: TestMember & { email: string };

beforeAll(async () => {
  harness = await startApiHarness({ clock: () => NOW });
  admin = await signUpWithClaims(harness.auth, { admin: true });
});
afterAll(() => harness?.close());

const read = async (path: string) => (await harness.database.ref(path).get()).val() as unknown;
const asAdmin = async (path: string, body: unknown = {}) => {
  const response = await postJson(`${harness.baseUrl}${path}`, body, { token: admin.idToken });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response;
};
const disable = (member: TestMember) =>
  asAdmin(`/api/admin/members/${member.uid}/disable`, { reason: 'Abuse' });
const hide = (member: TestMember, challengeId: string) =>
  asAdmin(`/api/admin/challenges/${challengeId}/hide`, { ownerId: member.uid, reason: 'Spam' });

async function createChallenge(member: TestMember, baseUrl = harness.baseUrl) {
  return postJson(
    `${baseUrl}/api/generate`,
    generatePayload(member.uid, { startDate: TOMORROW, timezone: ZONE }),
    { token: member.idToken },
  );
}

async function publishedChallenge(member: TestMember): Promise<string> {
  const response = await createChallenge(member);
  expect(response.status).toBe(201);
  const challengeId = response.body.challengeId as string;
  expect(await read(`feed/${challengeId}/uid`)).toBe(member.uid);
  return challengeId;
}

async function feedEntriesOf(uid: string) {
  const snapshot = await harness.database.ref('feed').orderByChild('uid').equalTo(uid).get();
  return Object.keys((snapshot.val() ?? {}) as object);
}

async function auditOf(uid: string, challengeId?: string) {
  const entries = Object.values(
    ((await read('moderation/audit')) ?? {}) as Record<string, AdminAuditEntry>,
  );
  return entries
    .filter((entry) => entry.target.uid === uid && entry.target.challengeId === challengeId)
    .map((entry) => entry.action);
}

describe('a write racing a disable', () => {
  it('a recompute that writes its rows after the member is disabled leaves none on the boards', async () => {
    const member = await readyMember(harness.database);
    await publishedChallenge(member);
    const api = await harness.startApi({
      database: databaseWithWriteHook(
        harness.database,
        onceBeforeWriteTo('leaderboard/', () => disable(member).then(() => undefined)),
      ),
    });

    const recompute = await postJson(`${api}/api/me/recompute`, {}, { token: member.idToken });
    expect(recompute.status).toBe(200);
    expect(await read(`leaderboard/all/${member.uid}`)).toBeNull();
    // Kept for enabling, as the rows disabling itself takes out.
    expect(await read(`moderation/disabledMembers/${member.uid}/leaderboard/all`)).toMatchObject({
      points: 0,
    });
  });

  it('a generate that writes its feed entry after the member is disabled leaves the feed without it, and enabling brings it back', async () => {
    const member = await readyMember(harness.database);
    const api = await harness.startApi({
      database: databaseWithWriteHook(
        harness.database,
        onceBeforeWriteTo('feed/', () => disable(member).then(() => undefined)),
      ),
    });

    const created = await createChallenge(member, api);
    expect(created.status).toBe(201);
    const challengeId = created.body.challengeId as string;
    expect(await read(`feed/${challengeId}`)).toBeNull();
    expect(await feedEntriesOf(member.uid)).toEqual([]);
    expect(await read(`moderation/hiddenFeed/${challengeId}`)).toMatchObject({
      uid: member.uid,
      byDisabledMember: true,
      entry: { uid: member.uid, title: 'Monsoon reset' },
    });

    await asAdmin(`/api/admin/members/${member.uid}/enable`);
    expect(await read(`feed/${challengeId}`)).toMatchObject({ uid: member.uid });
  });

  it('a generate still planning when the member is disabled creates nothing (403)', async () => {
    const member = await readyMember(harness.database);
    const api = await harness.startApi({
      planMeals: async (request) => {
        await disable(member);
        return builtInPlanner(request);
      },
    });

    const created = await createChallenge(member, api);
    expect(created.status).toBe(403);
    expect(created.body.error).toBe('This account is disabled');
    expect(await read(`users/${member.uid}/challenges`)).toBeNull();
    expect(await feedEntriesOf(member.uid)).toEqual([]);
  });
});

describe('a cover write racing a hide or a disable', () => {
  const routes = {
    regenerate: (challengeId: string) => `/api/challenges/${challengeId}/regenerate`,
    swap: (challengeId: string) => `/api/challenges/${challengeId}/days/1/meals/breakfast/swap`,
  };
  const cases = [
    ['regenerate', 'hide'],
    ['regenerate', 'disable'],
    ['swap', 'hide'],
    ['swap', 'disable'],
  ] as const;

  it.each(cases)(
    'a %s that sets the feed cover after a %s leaves no stub entry in the feed',
    async (route, moderation) => {
      const member = await readyMember(harness.database);
      const challengeId = await publishedChallenge(member);
      const act = () =>
        (moderation === 'hide' ? hide(member, challengeId) : disable(member)).then(() => undefined);
      const api = await harness.startApi({
        database: databaseWithWriteHook(
          harness.database,
          onceBeforeWriteTo(`feed/${challengeId}`, act),
        ),
      });

      const replanned = await postJson(
        `${api}${routes[route](challengeId)}`,
        {},
        {
          token: member.idToken,
        },
      );
      expect(replanned.status).toBe(200);
      expect(await read(`feed/${challengeId}`)).toBeNull();
      expect(await read(`moderation/hiddenFeed/${challengeId}/entry`)).toMatchObject({
        uid: member.uid,
      });
    },
  );
});

describe('an admin re-runs the clean-up', () => {
  it('a second disable answers 200, removes the rows and the stub a late write left, and is audited', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await publishedChallenge(member);
    await disable(member);
    // What a late write of the code before the fix left: a board row, and a stub with only a cover.
    await harness.database.ref().update({
      [`leaderboard/all/${member.uid}`]: { points: 30, displayName: 'Asha', photoURL: '' },
      [`feed/${challengeId}`]: { cover: 'x' },
    });

    const again = await disable(member);
    expect(again.body).toMatchObject({ disabled: true, again: true, leaderboardRows: 1 });
    expect(await read(`leaderboard/all/${member.uid}`)).toBeNull();
    expect(await read(`feed/${challengeId}`)).toBeNull();
    expect(await read(`moderation/disabledMembers/${member.uid}`)).toMatchObject({
      reason: 'Abuse',
      leaderboard: { all: { points: 30 } },
    });
    expect(await auditOf(member.uid)).toEqual(['disable-member', 'disable-member']);

    // The stub was not kept: enabling puts back the complete entry.
    await asAdmin(`/api/admin/members/${member.uid}/enable`);
    expect(await read(`feed/${challengeId}`)).toMatchObject({
      uid: member.uid,
      title: 'Monsoon reset',
    });
  });

  it('a second hide answers 200, removes a stub a late write left, keeps the first reason, and is audited', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await publishedChallenge(member);
    await hide(member, challengeId);
    await harness.database.ref(`feed/${challengeId}`).set({ cover: 'x' });

    const again = await asAdmin(`/api/admin/challenges/${challengeId}/hide`, {
      ownerId: member.uid,
      reason: 'Still spam',
    });
    expect(again.body).toMatchObject({ hidden: true, again: true });
    expect(await read(`feed/${challengeId}`)).toBeNull();
    expect(await read(`moderation/hiddenFeed/${challengeId}`)).toMatchObject({
      uid: member.uid,
      entry: { uid: member.uid, title: 'Monsoon reset' },
      byModerator: { reason: 'Spam' },
    });
    expect(await auditOf(member.uid, challengeId)).toEqual(['hide-challenge', 'hide-challenge']);

    await asAdmin(`/api/admin/challenges/${challengeId}/unhide`);
    expect(await read(`feed/${challengeId}`)).toMatchObject({
      uid: member.uid,
      title: 'Monsoon reset',
    });
  });
});
