import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDateInZone } from '@domain/calendar-dates';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import {
  ACTIVE_CHALLENGE_LIMIT_MESSAGE,
  DAILY_CHALLENGE_LIMIT_MESSAGE,
  MAX_ACTIVE_CHALLENGES,
  MEAL_SLOTS,
} from '@domain/constants';
import { challengeSchedule } from '@domain/challenges/meal-schedule';
import {
  generatePayload,
  postJson,
  readyMember,
  startApiHarness,
  type ApiHarness,
  type TestMember,
} from './api-harness';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** 17:30 in India (no meal window open until dinner at 20:00), 13:00 in London (lunch open). */
const INDIA_EVENING = Date.parse('2025-06-10T12:00:00Z');
/** 23:30 in India: every window of the day has closed. */
const INDIA_LATE_NIGHT = Date.parse('2025-06-10T18:00:00Z');

let harness: ApiHarness;
let now = INDIA_EVENING;
let generateUrl: string;

beforeAll(async () => {
  harness = await startApiHarness({
    clock: () => now,
    generateRateLimit: { windowMs: 60_000, max: 1_000 },
  });
  generateUrl = `${harness.baseUrl}/api/generate`;
});
afterAll(() => harness?.close());

const generate = (member: TestMember, overrides: Record<string, unknown> = {}) =>
  postJson(generateUrl, generatePayload(member.uid, overrides), { token: member.idToken });
const read = async (path: string) => (await harness.database.ref(path).get()).val();
const challengesOf = async (uid: string) =>
  ((await read(`users/${uid}/challenges`)) ?? {}) as Record<string, ChallengeRecord>;
const softDelete = (uid: string, challengeId: string) =>
  harness.database.ref().update({
    [`users/${uid}/challenges/${challengeId}/deleted`]: true,
    [`users/${uid}/challenges/${challengeId}/isActive`]: false,
    [`feed/${challengeId}`]: null,
  });

describe('POST /api/generate: a window left to prove', () => {
  it('422 for a challenge whose every window has closed, naming the zone; 201 from tomorrow', async () => {
    now = INDIA_LATE_NIGHT;
    const member = await readyMember(harness.database);
    const refused = await generate(member, { day: 1 });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(/already closed.*Asia\/Kolkata.*tomorrow/);
    expect(await challengesOf(member.uid)).toEqual({});
    expect(
      (await harness.database.ref('feed').orderByChild('uid').equalTo(member.uid).get()).val(),
    ).toBeNull();

    const tomorrow = addDays(calendarDateInZone(now, 'Asia/Kolkata'), 1);
    const accepted = await generate(member, { day: 1, startDate: tomorrow });
    expect(accepted.status).toBe(201);
  });
});

describe('POST /api/generate: active challenges', () => {
  it('counts a challenge that ended by time as over, though its record still says isActive', async () => {
    now = INDIA_EVENING;
    const member = await readyMember(harness.database);
    for (let i = 0; i < MAX_ACTIVE_CHALLENGES; i++)
      expect((await generate(member, { day: 1, title: `Running ${i}` })).status).toBe(201);
    const refused = await generate(member, { day: 1, title: 'One too many' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(ACTIVE_CHALLENGE_LIMIT_MESSAGE);

    // The next evening: both one-day challenges ended at last night's dinner. Nothing cleared their
    // flag (no request came in between), so only their windows say they are over.
    now = INDIA_EVENING + DAY + 1;
    const ended = Object.values(await challengesOf(member.uid));
    expect(ended.map((challenge) => challenge.isActive)).toEqual([true, true]);
    const next = await generate(member, { day: 1, title: 'A new week' });
    expect(next.status).toBe(201);
    expect(await read(`users/${member.uid}/info/activeChallenges`)).toBe(1);
  });
});

describe('POST /api/generate: creations per day', () => {
  it('429 naming the cap after 3 creations in 24 hours, deleted ones included; free again a day later', async () => {
    now = INDIA_EVENING;
    const member = await readyMember(harness.database);
    for (let i = 0; i < 3; i++) {
      const created = await generate(member, { title: `Attempt ${i}` });
      expect(created.status).toBe(201);
      await softDelete(member.uid, created.body.challengeId as string);
      now += HOUR;
    }
    const refused = await generate(member, { title: 'One too many' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(DAILY_CHALLENGE_LIMIT_MESSAGE);
    expect(refused.body.error).toContain('3 challenges in 24 hours');
    // The first creation leaves the 24 hours 21 hours from now.
    expect(refused.body.retryAfterSeconds).toBe(21 * 60 * 60);
    expect(Object.keys(await challengesOf(member.uid))).toHaveLength(3);

    now = INDIA_EVENING + DAY + 1;
    expect((await generate(member, { title: 'Next day' })).status).toBe(201);
  });
});

describe('POST /api/generate: the member’s time zone', () => {
  it('is fixed at the first challenge; a later request in another zone gets windows in the member’s zone', async () => {
    now = INDIA_EVENING;
    const member = await readyMember(harness.database);
    const first = await generate(member, { day: 2, timezone: 'Asia/Kolkata' });
    expect(first.status).toBe(201);

    // Lunch is open in London at this instant: a zone-hopping member would prove it at once.
    const hop = await generate(member, { day: 1, timezone: 'Europe/London' });
    expect(hop.status).toBe(201);
    const challenge = (await challengesOf(member.uid))[hop.body.challengeId as string];
    for (const slot of MEAL_SLOTS) {
      const meal = challenge.meals.Day1[slot]!;
      expect(meal.opensAt <= now && now <= meal.closesAt, `${slot} open`).toBe(false);
    }
    const [windows] = challengeSchedule(calendarDateInZone(now, 'Asia/Kolkata'), 1, 'Asia/Kolkata');
    for (const slot of MEAL_SLOTS) {
      const meal = challenge.meals.Day1[slot]!;
      expect({ opensAt: meal.opensAt, closesAt: meal.closesAt }).toEqual(windows[slot]);
    }
    expect(challenge.timezone).toBe('Asia/Kolkata');
    expect(hop.body.timezone).toBe('Asia/Kolkata');
    expect(await read(`users/${member.uid}/private`)).toMatchObject({
      timeZone: 'Asia/Kolkata',
      timeZoneSetAt: INDIA_EVENING,
    });
  });

  it('moves to another zone at most once per 30 days', async () => {
    now = INDIA_EVENING;
    const member = await readyMember(harness.database);
    const first = await generate(member, { day: 1, timezone: 'Asia/Kolkata' });
    expect(first.status).toBe(201);
    await softDelete(member.uid, first.body.challengeId as string);

    now = INDIA_EVENING + 29 * DAY;
    const early = await generate(member, { day: 1, timezone: 'Europe/London' });
    expect(early).toMatchObject({ status: 201, body: { timezone: 'Asia/Kolkata' } });
    await softDelete(member.uid, early.body.challengeId as string);

    now = INDIA_EVENING + 31 * DAY;
    const moved = await generate(member, { day: 1, timezone: 'Europe/London' });
    expect(moved).toMatchObject({ status: 201, body: { timezone: 'Europe/London' } });
    expect(await read(`users/${member.uid}/private`)).toMatchObject({
      timeZone: 'Europe/London',
      timeZoneSetAt: now,
    });
    await softDelete(member.uid, moved.body.challengeId as string);

    now += DAY;
    const again = await generate(member, { day: 1, timezone: 'Asia/Tokyo' });
    expect(again).toMatchObject({ status: 201, body: { timezone: 'Europe/London' } });
  });
});
