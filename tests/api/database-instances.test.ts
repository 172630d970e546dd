/**
 * The instance seam (docs/scaling.md): the API with public data on one emulator namespace and member
 * data on another. Its routes are unchanged; every ref goes through functions/src/http/
 * instance-routed-database.ts, so each write lands on the instance src/domain/data/database-instances.ts
 * names for its path, and a multi-path update spanning both is split between them.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase, type Database } from 'firebase-admin/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE_INSTANCE } from '@domain/data/database-instances';
import { dbPaths } from '@domain/data/database-paths';
import {
  generatePayload,
  postJson,
  signUpMember,
  startApiHarness,
  TEST_PROJECT_ID,
  writeCompleteProfile,
  type ApiHarness,
} from './api-harness';

const MEMBERS = 'members-0';

let harness: ApiHarness;
let memberApp: App;
/** The member instance; the harness's own namespace is the public (default) one. */
let members: Database;
let splitApi: string;

beforeAll(async () => {
  harness = await startApiHarness();
  const url = new URL(harness.databaseUrl);
  url.searchParams.set('ns', `${MEMBERS}-${randomUUID().slice(0, 8)}`);
  memberApp = initializeApp(
    { projectId: TEST_PROJECT_ID, databaseURL: url.toString() },
    `instances-${randomUUID()}`,
  );
  members = getDatabase(memberApp);
  splitApi = await harness.startApi({
    databaseInstances: {
      layout: { public: DEFAULT_DATABASE_INSTANCE, member: MEMBERS },
      others: { [MEMBERS]: members },
    },
  });
});
afterAll(async () => {
  if (memberApp) await deleteApp(memberApp);
  await harness?.close();
});

const exists = async (database: Database, path: string) =>
  (await database.ref(path).get()).exists();

describe('the API on two database instances', () => {
  it('creates a group challenge with the member’s data on theirs and the feed on the public one', async () => {
    const member = await signUpMember();
    await writeCompleteProfile(members, member.uid);

    const created = await postJson(
      `${splitApi}/api/generate`,
      generatePayload(member.uid, { access: 'link' }),
      { token: member.idToken },
    );
    expect(created.status).toBe(201);
    const challengeId = created.body.challengeId as string;

    // Member data: the plan, the counters beside the profile, the group and its board.
    expect(await exists(members, dbPaths.challenge(member.uid, challengeId))).toBe(true);
    expect(
      (await members.ref(`${dbPaths.userInfo(member.uid)}/activeChallenges`).get()).val(),
    ).toBe(1);
    expect(await exists(members, dbPaths.groupMember(challengeId, member.uid))).toBe(true);
    // Public data: the feed entry and the API's use counters; none of it on the other side.
    expect(await exists(harness.database, dbPaths.feedEntry(challengeId))).toBe(true);
    expect(await exists(harness.database, 'serverLimits')).toBe(true);
    expect(await exists(members, dbPaths.feed)).toBe(false);
    expect(await exists(members, 'serverLimits')).toBe(false);
    expect(await exists(harness.database, 'users')).toBe(false);
    expect(await exists(harness.database, 'groups')).toBe(false);
  });

  it('recomputes a member from their instance into the public leaderboards', async () => {
    const member = await signUpMember();
    await writeCompleteProfile(members, member.uid);
    const created = await postJson(`${splitApi}/api/generate`, generatePayload(member.uid), {
      token: member.idToken,
    });
    expect(created.status).toBe(201);

    const recomputed = await postJson(
      `${splitApi}/api/me/recompute`,
      {},
      { token: member.idToken },
    );
    expect(recomputed.status).toBe(200);
    expect(await exists(harness.database, `${dbPaths.leaderboardAll}/${member.uid}`)).toBe(true);
    expect(await exists(members, dbPaths.progressMember(member.uid))).toBe(true);
    expect(await exists(members, 'leaderboard')).toBe(false);
    expect(await exists(harness.database, 'progress')).toBe(false);
  });
});
