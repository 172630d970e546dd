import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbPaths } from '@domain/data/database-paths';
import {
  WEIGHT_NOT_A_NUMBER_MESSAGE,
  WEIGHT_OUT_OF_RANGE_MESSAGE,
} from '@domain/members/weight-log';
import { readyMember, startApiHarness, type ApiHarness, type TestMember } from './api-harness';

/** 10 March 2026, 09:00 in India. */
const NOW = Date.parse('2026-03-10T03:30:00Z');
let harness: ApiHarness;

beforeAll(async () => {
  harness = await startApiHarness({ clock: () => NOW });
});
afterAll(() => harness?.close());

async function send(member: TestMember, method: string, path: string, body?: unknown) {
  const response = await fetch(`${harness.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${member.idToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

const read = async (path: string) => (await harness.database.ref(path).get()).val();

async function memberInIndia() {
  const member = await readyMember(harness.database);
  await harness.database.ref(dbPaths.memberTimeZone(member.uid)).set('Asia/Kolkata');
  return member;
}

describe('the weight log API', () => {
  it('logs, edits and deletes one entry a day, and the profile weight follows the latest', async () => {
    const member = await memberInIndia();
    expect(
      (await send(member, 'POST', '/api/me/weights', { date: '2026-03-08', kg: 64 })).status,
    ).toBe(201);
    expect(
      (await send(member, 'POST', '/api/me/weights', { date: '2026-03-10', kg: 63.44 })).status,
    ).toBe(201);
    expect(await read(dbPaths.weightLog(member.uid))).toEqual({
      '2026-03-08': { kg: 64, at: NOW },
      '2026-03-10': { kg: 63.4, at: NOW },
    });
    expect(await read(`${dbPaths.userPrivate(member.uid)}/weight`)).toBe(63.4);

    expect((await send(member, 'PUT', '/api/me/weights/2026-03-10', { kg: 63 })).status).toBe(200);
    expect(await read(`${dbPaths.userPrivate(member.uid)}/weight`)).toBe(63);
    expect((await send(member, 'DELETE', '/api/me/weights/2026-03-10')).status).toBe(204);
    expect(await read(dbPaths.weightLog(member.uid))).toEqual({
      '2026-03-08': { kg: 64, at: NOW },
    });
    expect(await read(`${dbPaths.userPrivate(member.uid)}/weight`)).toBe(64);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const member = await memberInIndia();
    await send(member, 'POST', '/api/me/weights', { date: '2026-03-09', kg: 70 });
    const before = await read(`users/${member.uid}`);
    const refusals: Array<[string, string, unknown, number, string | RegExp]> = [
      ['POST', '/api/me/weights', { date: '2026-03-10', kg: 0 }, 400, WEIGHT_OUT_OF_RANGE_MESSAGE],
      [
        'POST',
        '/api/me/weights',
        { date: '2026-03-10', kg: 1000 },
        400,
        WEIGHT_OUT_OF_RANGE_MESSAGE,
      ],
      [
        'POST',
        '/api/me/weights',
        { date: '2026-03-10', kg: 'heavy' },
        400,
        WEIGHT_NOT_A_NUMBER_MESSAGE,
      ],
      ['POST', '/api/me/weights', { date: '2026-03-11', kg: 70 }, 400, /has not come yet/],
      ['POST', '/api/me/weights', { date: '10/03/2026', kg: 70 }, 400, /calendar date/],
      ['POST', '/api/me/weights', { date: '2026-03-10', kg: 70, uid: 'x' }, 400, /uid/],
      [
        'POST',
        '/api/me/weights',
        { date: '2026-03-09', kg: 71 },
        409,
        /already logged a weight for 2026-03-09/,
      ],
      ['PUT', '/api/me/weights/2026-03-01', { kg: 70 }, 404, /No weight is logged for 2026-03-01/],
      ['PUT', '/api/me/weights/not-a-date', { kg: 70 }, 400, /calendar date/],
      ['DELETE', '/api/me/weights/2026-03-01', undefined, 404, /No weight is logged/],
    ];
    for (const [method, path, body, status, message] of refusals) {
      const response = await send(member, method, path, body);
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      expect(String(response.body.error)).toMatch(message);
    }
    expect(await read(`users/${member.uid}`)).toEqual(before);
  });

  it('a date that is today in the member zone is accepted, tomorrow there is not', async () => {
    const member = await memberInIndia();
    // 10 March 09:00 in India is still 9 March in Los Angeles.
    await harness.database.ref(dbPaths.memberTimeZone(member.uid)).set('America/Los_Angeles');
    const tomorrowThere = await send(member, 'POST', '/api/me/weights', {
      date: '2026-03-10',
      kg: 70,
    });
    expect(tomorrowThere.status).toBe(400);
    expect(
      (await send(member, 'POST', '/api/me/weights', { date: '2026-03-09', kg: 70 })).status,
    ).toBe(201);
  });

  it('two racing entries for the same day: exactly one is created', async () => {
    const member = await memberInIndia();
    const results = await Promise.all(
      [70, 71, 72, 73].map((kg) =>
        send(member, 'POST', '/api/me/weights', { date: '2026-03-10', kg }),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('keeps the last year only: an older date is refused and changes nothing', async () => {
    const member = await memberInIndia();
    // 10 March 2026 in India: the log keeps 10 March 2025 to today.
    const tooOld = await send(member, 'POST', '/api/me/weights', { date: '2025-03-09', kg: 70 });
    expect(tooOld.status).toBe(400);
    expect(tooOld.body).toEqual({
      error: 'date: The weight log keeps the last year only (from 2025-03-10)',
      code: 'invalid-request',
      field: 'date',
    });
    expect(await read(dbPaths.weightLog(member.uid))).toBeNull();
    await harness.database
      .ref(dbPaths.weightEntry(member.uid, '2025-03-09'))
      .set({ kg: 71, at: 1 });
    const editOld = await send(member, 'PUT', '/api/me/weights/2025-03-09', { kg: 70 });
    expect(editOld.status).toBe(400);
    expect(await read(dbPaths.weightEntry(member.uid, '2025-03-09'))).toEqual({ kg: 71, at: 1 });
    expect(
      (await send(member, 'POST', '/api/me/weights', { date: '2025-03-10', kg: 70 })).status,
    ).toBe(201);
  });

  it('each write removes the entries that aged out of the year, one entry a day stays', async () => {
    const member = await memberInIndia();
    const aged = ['2019-06-01', '2024-12-31', '2025-03-09'];
    for (const [index, date] of [...aged, '2025-03-10', '2026-03-01'].entries())
      await harness.database
        .ref(dbPaths.weightEntry(member.uid, date))
        .set({ kg: 70 + index, at: index });
    expect((await send(member, 'PUT', '/api/me/weights/2026-03-01', { kg: 66 })).status).toBe(200);
    expect(Object.keys(await read(dbPaths.weightLog(member.uid)))).toEqual([
      '2025-03-10',
      '2026-03-01',
    ]);
    await harness.database
      .ref(dbPaths.weightEntry(member.uid, '2024-03-01'))
      .set({ kg: 80, at: 1 });
    expect(
      (await send(member, 'POST', '/api/me/weights', { date: '2026-03-10', kg: 65 })).status,
    ).toBe(201);
    expect(await read(dbPaths.weightLog(member.uid))).toEqual({
      '2025-03-10': { kg: 73, at: 3 },
      '2026-03-01': { kg: 66, at: NOW },
      '2026-03-10': { kg: 65, at: NOW },
    });
  });

  it('needs a signed-in member', async () => {
    const response = await fetch(`${harness.baseUrl}/api/me/weights`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ date: '2026-03-10', kg: 70 }),
    });
    expect(response.status).toBe(401);
  });
});
