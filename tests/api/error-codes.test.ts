import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '@domain/api-errors';
import {
  ACTIVE_CHALLENGE_LIMIT_MESSAGE,
  DAILY_CHALLENGE_LIMIT_MESSAGE,
  INCOMPLETE_PROFILE_MESSAGE,
  MAX_ACTIVE_CHALLENGES,
  MAX_CHALLENGES_PER_DAY,
} from '@domain/constants';
import {
  generatePayload,
  postJson,
  readyMember,
  signUpMember,
  startApiHarness,
  type ApiHarness,
  type TestMember,
} from './api-harness';
import { proofChallengers } from './proof-challengers';
import { plainPng } from './proof-photos';

/** 17:30 in India: dinner's window is still to come, so a one-day challenge can start today. */
const INDIA_EVENING = Date.parse('2025-06-10T12:00:00Z');

let harness: ApiHarness;
let generateUrl: string;

beforeAll(async () => {
  harness = await startApiHarness({
    clock: () => INDIA_EVENING,
    generateRateLimit: { windowMs: 60_000, max: 1_000 },
  });
  generateUrl = `${harness.baseUrl}/api/generate`;
});
afterAll(() => harness?.close());

const generate = (member: TestMember, overrides: Record<string, unknown> = {}) =>
  postJson(generateUrl, generatePayload(member.uid, overrides), { token: member.idToken });
const softDelete = (uid: string, challengeId: string) =>
  harness.database.ref().update({
    [`users/${uid}/challenges/${challengeId}/deleted`]: true,
    [`users/${uid}/challenges/${challengeId}/isActive`]: false,
    [`feed/${challengeId}`]: null,
  });

// The app branches on `code` (src/domain/api-errors.ts); the message stays the product's words.
describe('every API refusal carries a stable code next to its message', () => {
  it('400 invalid-request for a bad field or a body that is not JSON', async () => {
    const member = await readyMember(harness.database);
    const badField = await generate(member, { day: 'seven' });
    expect(badField.status).toBe(400);
    expect(badField.body).toMatchObject({ code: 'invalid-request', field: 'day' });
    const notJson = await postJson(generateUrl, '{"day":', { token: member.idToken });
    expect(notJson.body).toEqual({
      error: 'Request body is not valid JSON',
      code: 'invalid-request',
    });
  });

  it('401 unauthenticated without a token, 403 forbidden for another member’s id', async () => {
    const member = await readyMember(harness.database);
    const anonymous = await postJson(generateUrl, generatePayload(member.uid));
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'unauthenticated' } });
    const other = await signUpMember();
    const impostor = await postJson(generateUrl, generatePayload(other.uid), {
      token: member.idToken,
    });
    expect(impostor).toMatchObject({ status: 403, body: { code: 'forbidden' } });
  });

  it('404 not-found for an unknown route', async () => {
    const response = await fetch(`${harness.baseUrl}/api/nope`);
    expect(await response.json()).toEqual({ error: 'Not found', code: 'not-found' });
  });

  it('422 profile-incomplete with the product’s words and the missing fields', async () => {
    const member = await signUpMember();
    const refused = await generate(member);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      error: INCOMPLETE_PROFILE_MESSAGE,
      code: 'profile-incomplete',
      fields: expect.any(Array),
    });
  });

  it('409 active-limit past the active challenges, 429 daily-limit past the creations of a day', async () => {
    const member = await readyMember(harness.database);
    const created: string[] = [];
    for (let i = 0; i < MAX_ACTIVE_CHALLENGES; i++) {
      const response = await generate(member, { day: 1, title: `Running ${i}` });
      expect(response.status).toBe(201);
      created.push(response.body.challengeId as string);
    }
    const overActive = await generate(member, { day: 1, title: 'One too many' });
    expect(overActive.body).toEqual({
      error: ACTIVE_CHALLENGE_LIMIT_MESSAGE,
      code: 'active-limit',
    });
    expect(overActive.status).toBe(409);

    await Promise.all(created.map((id) => softDelete(member.uid, id)));
    for (let i = created.length; i < MAX_CHALLENGES_PER_DAY; i++) {
      const response = await generate(member, { day: 1, title: `Attempt ${i}` });
      expect(response.status).toBe(201);
      await softDelete(member.uid, response.body.challengeId as string);
    }
    const overDaily = await generate(member, { day: 1, title: 'Over the day' });
    expect(overDaily.status).toBe(429);
    expect(overDaily.body).toMatchObject({
      error: DAILY_CHALLENGE_LIMIT_MESSAGE,
      code: 'daily-limit',
      retryAfterSeconds: expect.any(Number),
    });
  });

  it('422 photo-too-large for a proof photo over the decode limit, with the product’s words', async () => {
    // The proof route on the same database, at the challengers' clock (proof-photo-checks.test.ts).
    const clock = { now: 0 };
    const baseUrl = await harness.startApi({ clock: () => clock.now });
    const { challenger, upload, submit } = proofChallengers(() => ({ ...harness, baseUrl }), clock);
    const member = await challenger();
    await upload(member, 'lunch', plainPng(16_383, 16_383), 'image/png');
    const refused = await submit(member, 'lunch');
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      error: 'This photo is too large. Take a new one with your camera.',
      code: 'photo-too-large',
    });
  });

  it('uses only codes the domain defines', async () => {
    const member = await readyMember(harness.database);
    const answers = await Promise.all([
      generate(member, { day: 'seven' }),
      postJson(generateUrl, generatePayload(member.uid)),
      signUpMember().then((fresh) => generate(fresh)),
    ]);
    for (const { body } of answers) expect(Object.keys(API_ERROR_CODES)).toContain(body.code);
  });
});
