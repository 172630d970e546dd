/**
 * Moderation and identity in group challenges over HTTP on the emulators (docs/product.md, "Group
 * challenges"; docs/security.md, "Moderation"): a disabled member's board rows are put aside and restored;
 * a member's new name and photo reach their board rows and the group's feed card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupApi } from './group-api';
import { readyMember, signUpWithClaims, startApiHarness, type ApiHarness } from './api-harness';

/** 17:30 in India: the day's dinner window is still to come, so a challenge starting today runs. */
const INDIA_EVENING = Date.parse('2025-06-10T12:00:00Z');

let harness: ApiHarness;
beforeAll(async () => {
  harness = await startApiHarness({ clock: () => INDIA_EVENING });
});
afterAll(() => harness?.close());

const { send, read, createChallenge, tokenOf, joiner, joinWith } = groupApi(() => harness);

describe('moderation of groups', () => {
  it('a disabled member’s board row is put aside (the card loses their avatar) and comes back when they are enabled', async () => {
    const owner = await readyMember(harness.database);
    const challengeId = await createChallenge(owner);
    const member = await joiner();
    await joinWith(member, challengeId, await tokenOf(owner, challengeId));
    const row = await read(`groups/${challengeId}/members/${member.uid}`);
    const admin = await signUpWithClaims(harness.auth, { admin: true });
    const moderate = (action: string) =>
      send('POST', `/api/admin/members/${member.uid}/${action}`, admin, {});

    expect((await moderate('disable')).status).toBe(200);
    expect(await read(`groups/${challengeId}/members/${member.uid}`)).toBeNull();
    expect(await read(`feed/${challengeId}/memberPhotos`)).toHaveLength(1);
    // Still holding their place while disabled: the plan stays.
    expect(await read(`groups/${challengeId}/memberCount`)).toBe(2);
    expect(await read(`users/${member.uid}/challenges/${challengeId}/groupOwnerId`)).toBe(
      owner.uid,
    );
    expect((await moderate('enable')).status).toBe(200);
    expect(await read(`groups/${challengeId}/members/${member.uid}`)).toEqual(row);
    expect(await read(`feed/${challengeId}/memberPhotos`)).toHaveLength(2);
  });

  /** A member joined to a new group, an admin, and a call of the member moderation routes. */
  async function memberToModerate() {
    const owner = await readyMember(harness.database);
    const challengeId = await createChallenge(owner);
    const member = await joiner();
    await joinWith(member, challengeId, await tokenOf(owner, challengeId));
    const admin = await signUpWithClaims(harness.auth, { admin: true });
    const moderate = async (action: string) =>
      expect(
        (await send('POST', `/api/admin/members/${member.uid}/${action}`, admin, {})).status,
      ).toBe(200);
    return {
      challengeId,
      member,
      moderate,
      rowPath: `groups/${challengeId}/members/${member.uid}`,
    };
  }

  it('a row without joinedAt is no membership: disabling deletes it, keeps nothing, enabling brings nothing back', async () => {
    const { challengeId, member, moderate, rowPath } = await memberToModerate();
    // What a write racing a removal could once leave: a row with no joinedAt.
    await harness.database.ref(`${rowPath}/joinedAt`).remove();
    await moderate('disable');
    expect(await read(rowPath)).toBeNull();
    expect(
      await read(`moderation/disabledMembers/${member.uid}/groupRows/${challengeId}`),
    ).toBeNull();
    await moderate('enable');
    expect(await read(rowPath)).toBeNull();
  });

  it('enabling restores no kept row without joinedAt (a record from before), and never replaces a row stored meanwhile', async () => {
    const stray = await memberToModerate();
    await stray.moderate('disable');
    await harness.database
      .ref(
        `moderation/disabledMembers/${stray.member.uid}/groupRows/${stray.challengeId}/row/joinedAt`,
      )
      .remove();
    await stray.moderate('enable');
    expect(await read(stray.rowPath)).toBeNull();

    const rejoined = await memberToModerate();
    await rejoined.moderate('disable');
    const current = {
      ...((await read(rejoined.rowPath)) as object),
      joinedAt: INDIA_EVENING,
      proved: 3,
    };
    await harness.database.ref(rejoined.rowPath).set(current);
    await rejoined.moderate('enable');
    expect(await read(rejoined.rowPath)).toEqual(current);
  });
});

describe('POST /api/me/identity in groups', () => {
  it('a member’s new name reaches their board row and the group’s feed card, never a group they left', async () => {
    const owner = await readyMember(harness.database);
    const [kept, left] = [
      await createChallenge(owner),
      await createChallenge(owner, { title: 'B' }),
    ];
    const member = await joiner();
    await joinWith(member, kept, await tokenOf(owner, kept));
    await joinWith(member, left, await tokenOf(owner, left));
    expect((await send('POST', `/api/challenges/${left}/leave`, member)).status).toBe(200);

    await harness.database.ref(`users/${member.uid}/info/displayName`).set('Ravi K');
    expect((await send('POST', '/api/me/identity', member, {})).status).toBe(200);
    expect(await read(`groups/${kept}/members/${member.uid}/displayName`)).toBe('Ravi K');
    expect(await read(`feed/${kept}/memberPhotos/1/displayName`)).toBe('Ravi K');
    expect(await read(`groups/${left}/members/${member.uid}`)).toBeNull();
    expect(await read(`feed/${left}/memberPhotos`)).toHaveLength(1);
  });

  it('a row without joinedAt gets no new name: it is deleted', async () => {
    const owner = await readyMember(harness.database);
    const challengeId = await createChallenge(owner);
    const member = await joiner();
    await joinWith(member, challengeId, await tokenOf(owner, challengeId));
    await harness.database.ref(`groups/${challengeId}/members/${member.uid}/joinedAt`).remove();
    await harness.database.ref(`users/${member.uid}/info/displayName`).set('Stray Name');
    expect((await send('POST', '/api/me/identity', member, {})).status).toBe(200);
    expect(await read(`groups/${challengeId}/members/${member.uid}`)).toBeNull();
  });
});
