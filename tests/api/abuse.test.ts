import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRequestSchema } from '@domain/challenges/generate-request-schema';
import { seededRandom, type RandomSource } from '../../functions/src/planner/seeded-random';
import {
  APP_ORIGIN,
  generatePayload,
  postJson,
  readyMember,
  startApiHarness,
  type ApiHarness,
  type TestMember,
} from './api-harness';

let harness: ApiHarness;
let member: TestMember;
let generateUrl: string;

beforeAll(async () => {
  harness = await startApiHarness({ generateRateLimit: { windowMs: 60_000, max: 100_000 } });
  member = await readyMember(harness.database);
  generateUrl = `${harness.baseUrl}/api/generate`;
});
afterAll(() => harness?.close());

const JUNK_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e300,
  -1e300,
  '',
  ' ',
  'x'.repeat(5_000),
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '../../etc/passwd',
  '$where',
  '\u0000',
  '😀'.repeat(300),
  [],
  [1, 2, 3],
  {},
  { $gt: '' },
  { '.sv': 'timestamp' },
  { __proto__: { admin: true } },
  '2025-13-45',
  'Etc/Nowhere',
  '9',
];

const BROKEN_JSON = [
  '{',
  '{"title":',
  '{"day": 3,}',
  "{'day': 3}",
  'undefined',
  'NaN',
  '{"a":1}{"b":2}',
  '\u0000\u0001',
  '[',
  '"',
];

function pick<T>(items: readonly T[], random: RandomSource): T {
  return items[Math.floor(random() * items.length)];
}

/** One malformed request body (as raw text) and its content type. */
function malformedRequest(
  random: RandomSource,
  uid: string,
): { body: string; contentType: string } {
  const payload: Record<string, unknown> = generatePayload(uid);
  const fields = Object.keys(payload);
  switch (Math.floor(random() * 8)) {
    case 0:
    case 1:
    case 2: {
      const mutations = 1 + Math.floor(random() * 3);
      for (let i = 0; i < mutations; i++) payload[pick(fields, random)] = pick(JUNK_VALUES, random);
      return { body: JSON.stringify(payload), contentType: 'application/json' };
    }
    case 3:
      delete payload[pick(fields, random)];
      return { body: JSON.stringify(payload), contentType: 'application/json' };
    case 4:
      payload[pick(['isAdmin', 'score', 'constructor', 'uid', 'meals', 'deleted'], random)] = pick(
        JUNK_VALUES,
        random,
      );
      return { body: JSON.stringify(payload), contentType: 'application/json' };
    case 5:
      return {
        body: JSON.stringify(pick([[], [payload], 'text', 42, null, true], random)),
        contentType: 'application/json',
      };
    case 6:
      return { body: pick(BROKEN_JSON, random), contentType: 'application/json' };
    default:
      return {
        body: random() < 0.5 ? JSON.stringify(payload) : '['.repeat(3_000) + ']'.repeat(3_000),
        contentType: pick(
          ['text/plain', 'application/x-www-form-urlencoded', 'application/json'],
          random,
        ),
      };
  }
}

function isStillValid(body: string, contentType: string, uid: string): boolean {
  if (contentType !== 'application/json') return false;
  try {
    const parsed = generateRequestSchema.safeParse(JSON.parse(body));
    return parsed.success && parsed.data.user_id === uid;
  } catch {
    return false;
  }
}

describe('abuse of POST /api/generate', () => {
  it('answers 1,000 generated malformed payloads with 4xx, never 5xx, and leaks no internals', async () => {
    const random = seededRandom('malformed-payloads');
    const requests: Array<{ body: string; contentType: string }> = [];
    while (requests.length < 1_000) {
      const request = malformedRequest(random, member.uid);
      if (!isStillValid(request.body, request.contentType, member.uid)) requests.push(request);
    }
    const failures: string[] = [];
    for (let start = 0; start < requests.length; start += 25) {
      await Promise.all(
        requests.slice(start, start + 25).map(async ({ body, contentType }) => {
          const response = await postJson(generateUrl, body, {
            token: member.idToken,
            headers: { 'Content-Type': contentType },
          });
          const text = JSON.stringify(response.body);
          if (
            response.status < 400 ||
            response.status >= 500 ||
            typeof response.body.error !== 'string' ||
            /\bat .*\.(ts|js):\d+/.test(text)
          ) {
            failures.push(`${response.status} ${text.slice(0, 200)} ← ${body.slice(0, 200)}`);
          }
        }),
      );
    }
    expect(failures).toEqual([]);
    expect((await harness.database.ref(`users/${member.uid}/challenges`).get()).val()).toBeNull();
  });

  it('refuses a 1 MB body with 413, signed in or not', async () => {
    const huge = JSON.stringify({ ...generatePayload(member.uid), title: 'x'.repeat(1024 * 1024) });
    expect((await postJson(generateUrl, huge, { token: member.idToken })).status).toBe(413);
    const anonymous = await postJson(generateUrl, huge);
    expect(anonymous.status).toBe(413);
    expect(anonymous.body.error).toBe('Request body is too large (the limit is 16 KB)');
  });

  it('hides internal errors behind a generic 500', async () => {
    const brokenUrl = await harness.startApi({
      planMeals: async () => {
        throw new Error('secret internal detail at /srv/planner.ts:12');
      },
    });
    const response = await postJson(`${brokenUrl}/api/generate`, generatePayload(member.uid), {
      token: member.idToken,
    });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'Internal error', code: 'internal' });
  });

  it('answers unknown routes and methods with a JSON 404', async () => {
    const response = await fetch(`${harness.baseUrl}/api/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found', code: 'not-found' });
    expect((await fetch(generateUrl)).status).toBe(404);
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

describe('CORS', () => {
  it('lets the app origin preflight and read responses', async () => {
    const preflight = await fetch(generateUrl, {
      method: 'OPTIONS',
      headers: {
        Origin: APP_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    const health = await fetch(`${harness.baseUrl}/api/health`, {
      headers: { Origin: APP_ORIGIN },
    });
    expect(health.status).toBe(200);
    expect(health.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  });

  it('refuses other origins without CORS headers and creates nothing', async () => {
    const preflight = await fetch(generateUrl, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const post = await postJson(generateUrl, generatePayload(member.uid), {
      token: member.idToken,
      headers: { Origin: 'https://evil.example' },
    });
    expect(post.status).toBe(403);
    expect((await harness.database.ref(`users/${member.uid}/challenges`).get()).val()).toBeNull();
  });

  it('serves requests without an Origin (server to server)', async () => {
    const health = await fetch(`${harness.baseUrl}/api/health`);
    expect(await health.json()).toEqual({ ok: true });
    expect(health.headers.get('access-control-allow-origin')).toBeNull();
  });
});
