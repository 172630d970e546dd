import { expect } from 'vitest';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { dbPaths } from '@domain/data/database-paths';
import type { GroupRecord } from '@domain/challenges/group-records';
import { rowWindowsOf } from '../../functions/src/groups/group-store';
import {
  generatePayload,
  postJson,
  readyMember,
  type ApiHarness,
  type TestMember,
} from './api-harness';

/**
 * A group challenge built straight in the database as the contract says (src/domain/challenges/group-records.ts;
 * docs/product.md, "Group challenges"), so the board, cheer, nudge and bonus tests do not depend on
 * the join route: the owner's challenge made by POST /api/generate, each joined member's plan at
 * users/{uid}/challenges/{cid} with groupOwnerId (here a copy of the owner's days and windows), and
 * groups/{cid} with every member's row.
 */
export interface GroupMember extends TestMember {
  displayName: string;
  /** The owner's challenge id: every member's plan has it. */
  challengeId: string;
}

export interface TestGroup {
  challengeId: string;
  owner: GroupMember;
  /** The owner first, then the joined members. */
  members: GroupMember[];
}

export async function makeGroup(
  harness: ApiHarness,
  names: readonly string[],
  { day = 1, joinedAt = Date.parse('2025-06-01T00:00:00Z') } = {},
): Promise<TestGroup> {
  const { database } = harness;
  const people = await Promise.all(names.map(() => readyMember(database)));
  await database
    .ref()
    .update(
      Object.fromEntries(
        people.map((person, index) => [
          `${dbPaths.userInfo(person.uid)}/displayName`,
          names[index],
        ]),
      ),
    );
  const [ownerPerson] = people;
  const response = await postJson(
    `${harness.baseUrl}/api/generate`,
    generatePayload(ownerPerson.uid, { day, displayName: names[0] }),
    { token: ownerPerson.idToken },
  );
  expect(response.status).toBe(201);
  const challengeId = response.body.challengeId as string;
  const plan = (
    await database.ref(dbPaths.challenge(ownerPerson.uid, challengeId)).get()
  ).val() as ChallengeRecord;
  const members = people.map((person, index) => ({
    ...person,
    displayName: names[index],
    challengeId,
  }));
  const group: GroupRecord = {
    ownerId: ownerPerson.uid,
    access: 'link',
    memberCount: members.length,
    members: Object.fromEntries(
      members.map((member, index) => [
        member.uid,
        {
          displayName: member.displayName,
          photoURL: '',
          joinedAt: joinedAt + index,
          proved: 0,
          points: 0,
          windows: rowWindowsOf(plan),
        },
      ]),
    ),
  };
  await database.ref().update({
    [dbPaths.group(challengeId)]: group,
    ...Object.fromEntries(
      members
        .slice(1)
        .map((member) => [
          dbPaths.challenge(member.uid, challengeId),
          { ...plan, displayName: member.displayName, groupOwnerId: ownerPerson.uid },
        ]),
    ),
  });
  return { challengeId, owner: members[0], members };
}
