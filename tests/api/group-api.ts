/**
 * Requests and reads shared by the group membership tests (group-membership.test.ts,
 * group-join-race.test.ts) over one harness (api-harness.ts).
 */
import { expect } from 'vitest';
import {
  generatePayload,
  postJson,
  readyMember,
  type ApiHarness,
  type TestMember,
} from './api-harness';

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
