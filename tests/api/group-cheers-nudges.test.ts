import { describe, expect, it } from 'vitest';
import { emulatorDatabaseRules } from '../../scripts/lib/database-rules';
import { dbPaths } from '@domain/data/database-paths';
import { boardMealsOfRow } from '@domain/challenges/board-windows';
import {
  GROUP_MESSAGES,
  type GivenRecord,
  type NoticeRecord,
} from '@domain/challenges/group-records';
import { generatePayload, postJson, readyMember } from './api-harness';
import { MINUTE, PROOF_TESTS_START, proofTestSetup } from './group-api';
import { makeGroup, type TestGroup } from './group-fixtures';

// Cheers and nudges between members of a group over HTTP, and the notices they leave
// (docs/product.md, "Group challenges").

const setup = proofTestSetup({ cheerRateLimit: { windowMs: 60_000, max: 1_000 } });
const { clock, read, rowOf, prove, mealOf } = setup;
const noticesOf = async (member: { uid: string }) =>
  Object.values(((await read(dbPaths.notices(member.uid))) ?? {}) as Record<string, NoticeRecord>);

const cheer = (
  from: { idToken: string },
  challengeId: string,
  toUid: string,
  body: unknown = { meal: 'Day1-lunch' },
) =>
  postJson(`${setup.harness.baseUrl}/api/challenges/${challengeId}/members/${toUid}/cheers`, body, {
    token: from.idToken,
  });
const nudge = (from: { idToken: string }, challengeId: string, toUid: string, body: unknown = {}) =>
  postJson(`${setup.harness.baseUrl}/api/challenges/${challengeId}/members/${toUid}/nudges`, body, {
    token: from.idToken,
  });

/** A group of three, Asha's lunch proved. */
async function cheeredGroup(): Promise<TestGroup> {
  clock.now = PROOF_TESTS_START;
  const group = await makeGroup(setup.harness, ['Owner', 'Asha', 'Ravi']);
  await prove(group.members[1], 'lunch', `cheer-${group.challengeId}`);
  return group;
}

describe('cheers', () => {
  it("a member cheers another's proved meal once: the count, the record and a notice", async () => {
    const { challengeId, owner, members } = await cheeredGroup();
    const [, asha, ravi] = members;
    const first = await cheer(owner, challengeId, asha.uid);
    expect(first.status).toBe(201);
    expect(Object.fromEntries(boardMealsOfRow(await rowOf(asha)))['Day1-lunch']).toMatchObject({
      proof: 'Done',
      cheers: 1,
    });
    expect(await read(dbPaths.groupCheer(challengeId, asha.uid, 'Day1-lunch', owner.uid))).toBe(
      clock.now,
    );
    expect(await noticesOf(asha)).toEqual([
      {
        kind: 'cheer',
        at: clock.now,
        fromUid: owner.uid,
        fromName: 'Owner',
        fromPhotoURL: '',
        ownerId: owner.uid,
        challengeId,
        title: 'Monsoon reset',
        meal: 'Day1-lunch',
      },
    ]);

    const again = await cheer(owner, challengeId, asha.uid);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ cheered: false });
    expect((await rowOf(asha)).meals?.['Day1-lunch']?.cheers).toBe(1);
    expect(await noticesOf(asha)).toHaveLength(1);

    expect((await cheer(ravi, challengeId, asha.uid)).status).toBe(201);
    expect((await rowOf(asha)).meals?.['Day1-lunch']?.cheers).toBe(2);
    expect(await noticesOf(asha)).toHaveLength(2);
  });

  it('racing cheers by one member count once', async () => {
    const { challengeId, owner, members } = await cheeredGroup();
    const asha = members[1];
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => cheer(owner, challengeId, asha.uid)),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect((await rowOf(asha)).meals?.['Day1-lunch']?.cheers).toBe(1);
    expect(await noticesOf(asha)).toHaveLength(1);
  });

  it('refuses what cannot be cheered, changing nothing', async () => {
    const { challengeId, owner, members } = await cheeredGroup();
    const [, asha, ravi] = members;
    const outsider = await readyMember(setup.harness.database);
    const cases: Array<
      [string, Promise<{ status: number; body: Record<string, unknown> }>, number, string?]
    > = [
      ['a meal not proved', cheer(owner, challengeId, asha.uid, { meal: 'Day1-dinner' }), 409],
      ['a meal of a member with no proof', cheer(owner, challengeId, ravi.uid), 409],
      ['yourself', cheer(asha, challengeId, asha.uid), 400],
      ['a non-member', cheer(outsider, challengeId, asha.uid), 403, GROUP_MESSAGES.notMember],
      ['an unknown challenge', cheer(owner, 'no-such-challenge', asha.uid), 404],
      ['an unknown member', cheer(owner, challengeId, outsider.uid), 404],
      ['an unknown field', cheer(owner, challengeId, asha.uid, { meal: 'Day1-lunch', x: 1 }), 400],
      ['not a meal key', cheer(owner, challengeId, asha.uid, { meal: 'Day9-brunch' }), 400],
      ['no meal', cheer(owner, challengeId, asha.uid, {}), 400],
    ];
    for (const [what, request, status, message] of cases) {
      const response = await request;
      expect(response.status, what).toBe(status);
      expect(response.body.error, what).toEqual(message ?? expect.any(String));
    }
    expect((await rowOf(asha)).meals?.['Day1-lunch']?.cheers).toBeUndefined();
    expect(await read(`groupCheers/${challengeId}`)).toBeNull();
    expect(await noticesOf(asha)).toEqual([]);
    expect(await noticesOf(ravi)).toEqual([]);
  });

  it('refuses a disabled member (403) and a challenge hidden by a moderator (409)', async () => {
    const { challengeId, owner, members } = await cheeredGroup();
    const [, asha, ravi] = members;
    await setup.harness.database.ref(dbPaths.disabledMember(ravi.uid)).set({ at: clock.now });
    expect((await cheer(ravi, challengeId, asha.uid)).status).toBe(403);
    await setup.harness.database
      .ref(dbPaths.challengeModeration(owner.uid, challengeId))
      .set({ hiddenAt: clock.now, reason: 'spam' });
    const hidden = await cheer(owner, challengeId, asha.uid);
    expect(hidden.status).toBe(409);
    expect(hidden.body.error).toBe(GROUP_MESSAGES.hidden);
    expect(await noticesOf(asha)).toEqual([]);
  });

  it('a solo challenge has no board to cheer on (404)', async () => {
    const member = await readyMember(setup.harness.database);
    const created = await postJson(
      `${setup.harness.baseUrl}/api/generate`,
      generatePayload(member.uid, { day: 1 }),
      { token: member.idToken },
    );
    const other = await readyMember(setup.harness.database);
    const response = await cheer(other, created.body.challengeId as string, member.uid);
    expect(response.status).toBe(404);
  });
});

/**
 * A member's read of the database over REST with their ID token, after the project's rules are loaded into
 * the harness's namespace (the API's firebase-admin bypasses them): the status and the value.
 */
async function readAsMember(member: { idToken: string }, path: string) {
  const url = new URL(setup.harness.databaseUrl);
  const namespace = url.searchParams.get('ns')!;
  const rules = await fetch(`${url.origin}/.settings/rules.json?ns=${namespace}`, {
    method: 'PUT',
    headers: { authorization: 'Bearer owner' },
    body: emulatorDatabaseRules(),
  });
  expect(rules.status).toBe(200);
  const response = await fetch(
    `${url.origin}/${path}.json?ns=${namespace}&auth=${encodeURIComponent(member.idToken)}`,
  );
  return { status: response.status, value: (await response.json()) as unknown };
}

describe('what a member cheered and nudged, remembered for them (groupGiven)', () => {
  it('a cheer and a nudge are recorded for their sender, who alone may read the record', async () => {
    const { challengeId, owner, members } = await cheeredGroup();
    const [, asha, ravi] = members;
    expect((await cheer(owner, challengeId, asha.uid)).status).toBe(201);
    const cheeredAt = clock.now;
    const dinner = await mealOf(ravi, 'dinner');
    clock.now = dinner.opensAt + 5 * MINUTE;
    expect((await nudge(owner, challengeId, ravi.uid)).status).toBe(201);
    const expected: GivenRecord = {
      [asha.uid]: { 'Day1-lunch': { cheer: cheeredAt } },
      [ravi.uid]: { 'Day1-dinner': { nudge: clock.now } },
    };
    expect(await read(dbPaths.groupGiven(challengeId, owner.uid))).toEqual(expected);
    // A second cheer is a no-op: the record keeps the first one's time.
    clock.now += MINUTE;
    expect((await cheer(owner, challengeId, asha.uid)).status).toBe(200);
    expect(await read(dbPaths.groupGiven(challengeId, owner.uid))).toEqual(expected);
    // Nothing is recorded for the members who sent nothing.
    expect(await read(dbPaths.groupGiven(challengeId, asha.uid))).toBeNull();

    expect(await readAsMember(owner, dbPaths.groupGiven(challengeId, owner.uid))).toEqual({
      status: 200,
      value: expected,
    });
    // The cheered member and another member of the group cannot read who cheered and nudged.
    for (const other of [asha, ravi])
      expect((await readAsMember(other, dbPaths.groupGiven(challengeId, owner.uid))).status).toBe(
        401,
      );
  });
});

describe('nudges', () => {
  it('a member nudges another whose window is open and unproved, once per window per pair', async () => {
    clock.now = PROOF_TESTS_START;
    const { challengeId, owner, members } = await makeGroup(setup.harness, [
      'Owner',
      'Asha',
      'Ravi',
    ]);
    const [, asha, ravi] = members;
    const dinner = await mealOf(asha, 'dinner');
    clock.now = dinner.opensAt + 5 * MINUTE;
    const first = await nudge(ravi, challengeId, asha.uid);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ meal: 'Day1-dinner', nudged: true });
    expect(await read(dbPaths.groupNudge(challengeId, asha.uid, 'Day1-dinner', ravi.uid))).toBe(
      clock.now,
    );
    expect(await noticesOf(asha)).toEqual([
      {
        kind: 'nudge',
        at: clock.now,
        fromUid: ravi.uid,
        fromName: 'Ravi',
        fromPhotoURL: '',
        ownerId: owner.uid,
        challengeId,
        title: 'Monsoon reset',
        meal: 'Day1-dinner',
      },
    ]);
    clock.now += MINUTE;
    const again = await nudge(ravi, challengeId, asha.uid);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ nudged: false });
    expect(await noticesOf(asha)).toHaveLength(1);
    // Another member may nudge for the same window.
    expect((await nudge(owner, challengeId, asha.uid)).status).toBe(201);
    expect(await noticesOf(asha)).toHaveLength(2);
  });

  it('refuses a nudge with no open unproved window, or from anyone outside, changing nothing', async () => {
    clock.now = PROOF_TESTS_START;
    const { challengeId, owner, members } = await makeGroup(setup.harness, [
      'Owner',
      'Asha',
      'Ravi',
    ]);
    const [, asha, ravi] = members;
    const outsider = await readyMember(setup.harness.database);
    const lunch = await mealOf(asha, 'lunch');
    // Before lunch opens, nothing is open.
    clock.now = lunch.opensAt - MINUTE;
    const closed = await nudge(owner, challengeId, asha.uid);
    expect(closed.status).toBe(409);
    expect(closed.body.error).toBe('Asha has no open meal waiting for a proof right now');
    // Lunch open and proved: nothing to nudge about.
    await prove(asha, 'lunch', `nudge-${challengeId}`);
    expect((await nudge(owner, challengeId, asha.uid)).status).toBe(409);
    const cases: Array<[string, Promise<{ status: number }>, number]> = [
      ['yourself', nudge(ravi, challengeId, ravi.uid), 400],
      ['a non-member', nudge(outsider, challengeId, ravi.uid), 403],
      ['an unknown challenge', nudge(owner, 'no-such-challenge', ravi.uid), 404],
      ['an unknown member', nudge(owner, challengeId, outsider.uid), 404],
      ['an unknown field', nudge(owner, challengeId, ravi.uid, { meal: 'Day1-lunch' }), 400],
    ];
    for (const [what, request, status] of cases) expect((await request).status, what).toBe(status);
    expect(await read(`groupNudges/${challengeId}`)).toBeNull();
    expect(await noticesOf(asha)).toEqual([]);
    expect(await noticesOf(ravi)).toEqual([]);
    // Ravi's lunch is open and unproved: the same owner may nudge him.
    expect((await nudge(owner, challengeId, ravi.uid)).status).toBe(201);
  });
});
