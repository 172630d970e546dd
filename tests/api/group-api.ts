/**
 * Requests and reads shared by the group tests over one harness (api-harness.ts): the membership
 * tests' calls (groupApi) and the proof and board tests' set-up (proofTestSetup).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppOptions } from '../../functions/src/http/app';
import type { MealRecord } from '@domain/challenges/challenge-record';
import type { MealSlot } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import type { BoardRow } from '@domain/challenges/group-records';
import { storagePaths } from '@domain/data/storage-paths';
import {
  generatePayload,
  postJson,
  readyMember,
  signUpWithClaims,
  startApiHarness,
  type ApiHarness,
  type TestMember,
} from './api-harness';
import { mealPhoto } from './proof-photos';
import { storePhotoAt } from './proof-uploads';

export type Answer = { status: number; body: Record<string, unknown> };

/**
 * Calls to the API of `base` (the harness's first API unless given) as `member`; the harness is
 * looked up at each call, so the helpers can be taken before beforeAll starts it.
 */
export function groupApi(current: () => ApiHarness) {
  const harness = {
    get baseUrl() {
      return current().baseUrl;
    },
    get database() {
      return current().database;
    },
  };
  const send = async (
    method: string,
    path: string,
    member: TestMember,
    body?: unknown,
    base = harness.baseUrl,
  ): Promise<Answer> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${member.idToken}`,
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const read = async <T = unknown>(path: string) =>
    (await harness.database.ref(path).get()).val() as T | null;
  const generate = (member: TestMember, overrides: Record<string, unknown>) =>
    postJson(`${harness.baseUrl}/api/generate`, generatePayload(member.uid, overrides), {
      token: member.idToken,
    });
  const join = (
    member: TestMember,
    challengeId: string,
    body: Record<string, unknown> = {},
    base = harness.baseUrl,
  ) => send('POST', `/api/challenges/${challengeId}/join`, member, body, base);
  return {
    send,
    read,
    generate,
    join,
    /** Checks that a refused join left nothing it could have written. */
    async expectNoTrace(member: TestMember, challengeId: string) {
      expect(await read(`users/${member.uid}/challenges/${challengeId}`)).toBeNull();
      expect(await read(`groups/${challengeId}/members/${member.uid}`)).toBeNull();
      expect(await read(`serverLocks/challengeCreation/${member.uid}`)).toBeNull();
    },
    /** A challenge open to others ('link' unless overridden); its id. */
    async createChallenge(owner: TestMember, overrides: Record<string, unknown> = {}) {
      const created = await generate(owner, { access: 'link', ...overrides });
      expect({ status: created.status, error: created.body.error }).toEqual({ status: 201 });
      return created.body.challengeId as string;
    },
    tokenOf: async (owner: TestMember, challengeId: string) =>
      (await read<string>(`users/${owner.uid}/challenges/${challengeId}/invite/token`))!,
    /** A member unlike the owner of readyMember: another name and body, so their targets differ. */
    async joiner(): Promise<TestMember> {
      const member = await readyMember(harness.database);
      await harness.database.ref(`users/${member.uid}`).update({
        'info/displayName': 'Ravi',
        'private/weight': 84,
        'private/height': 181,
        'private/sex': 'male',
      });
      return member;
    },
    /** A join that must succeed (201). */
    async joinWith(member: TestMember, challengeId: string, token?: string) {
      const joined = await join(member, challengeId, token === undefined ? {} : { token });
      expect(joined.status).toBe(201);
    },
  };
}

/** 05:30 on 10 June 2025 in India: every window of the day is still ahead when challenges are made. */
export const PROOF_TESTS_START = Date.parse('2025-06-10T00:00:00Z');
export const MINUTE = 60_000;

/** A member and one challenge of theirs: their own, or their plan of a group challenge. */
export interface ChallengeHolder extends TestMember {
  challengeId: string;
}

/**
 * The set-up of the proof and board tests (group-board, group-cheers-nudges, proof-reports,
 * proof-review): one API harness on a clock the tests move (`clock.now`), an admin, and the reads and
 * proofs they make. Registers the file's beforeAll and afterAll.
 */
export function proofTestSetup(options: Partial<AppOptions> = {}) {
  const clock = { now: PROOF_TESTS_START };
  let harness: ApiHarness | undefined;
  let admin: (TestMember & { email: string }) | undefined;
  beforeAll(async () => {
    harness = await startApiHarness({
      clock: () => clock.now,
      proofRateLimit: { windowMs: 60_000, max: 1_000 },
      ...options,
    });
    admin = await signUpWithClaims(harness.auth, { admin: true });
  });
  afterAll(() => harness?.close());
  const started = () => harness!;
  const read = async (path: string) => (await started().database.ref(path).get()).val();
  const mealOf = async (member: ChallengeHolder, slot: MealSlot) =>
    (await read(
      `${dbPaths.challenge(member.uid, member.challengeId)}/meals/Day1/${slot}`,
    )) as MealRecord;
  return {
    clock,
    get harness() {
      return started();
    },
    get admin() {
      return admin!;
    },
    read,
    mealOf,
    rowOf: async (member: ChallengeHolder) =>
      (await read(dbPaths.groupMember(member.challengeId, member.uid))) as BoardRow,
    /**
     * Stores a real JPEG (`photo`, or mealPhoto of a seed) ten minutes into the Day 1 meal's window
     * (plus one ms a later attempt) and records it through the proof route; the answer's body.
     */
    async prove(
      member: ChallengeHolder,
      slot: MealSlot,
      photo: string | Buffer,
      { body = {}, attempt = 1 }: { body?: object; attempt?: number } = {},
    ) {
      const { opensAt } = await mealOf(member, slot);
      const path = storagePaths.mealProof(member.uid, member.challengeId, 1, slot, attempt);
      const bytes = typeof photo === 'string' ? await mealPhoto(photo) : photo;
      await storePhotoAt(started().bucket, path, bytes, opensAt + 10 * MINUTE + attempt);
      clock.now = opensAt + 11 * MINUTE + attempt;
      const response = await postJson(
        `${started().baseUrl}/api/challenges/${member.challengeId}/days/1/meals/${slot}/proof`,
        body,
        { token: member.idToken },
      );
      expect(response.status).toBe(200);
      return response.body as Record<string, unknown> & { img: string; doneAt: number };
    },
  };
}
