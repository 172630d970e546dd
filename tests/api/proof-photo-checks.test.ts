import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { dbPaths } from '@domain/data/database-paths';
import {
  NOT_AN_IMAGE_MESSAGE,
  TOO_LARGE_MESSAGE,
} from '../../functions/src/proofs/proof-fingerprint';
import {
  DECODE_FAILURE_LIMIT,
  TOO_MANY_FAILURES_MESSAGE,
} from '../../functions/src/proofs/proof-decode-limit';
import { startApiHarness, type ApiHarness } from './api-harness';
import { plainPng, platePhoto, withCaptureTime } from './proof-photos';
import { proofChallengers, PROOF_DAY } from './proof-challengers';

// Issue 41 items 6, 7 (capture time) and 5 (the proof route's part), over HTTP: photos that are
// photos (docs/security.md, "Proof checks").

const clock = { now: PROOF_DAY };
let harness: ApiHarness;
beforeAll(async () => {
  harness = await startApiHarness({
    clock: () => clock.now,
    proofRateLimit: { windowMs: 60_000, max: 1_000 },
  });
});
afterAll(() => harness?.close());

const { read, storedMeal, photoPath, challenger, upload, submit, queueEntriesOf } =
  proofChallengers(() => harness, clock);
const exists = async (path: string) => (await harness.bucket.file(path).exists())[0];

/** How long /api/health takes to answer. */
async function healthLatency(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${harness.baseUrl}/api/health`);
  expect(response.status).toBe(200);
  return performance.now() - started;
}

describe('a picture too large to decode', () => {
  it('16,383 × 16,383 one colour: 422 with its message, deleted, nothing written; health answers meanwhile', async () => {
    const member = await challenger();
    const huge = plainPng(16_383, 16_383);
    expect(huge.length).toBeLessThan(500_000);
    await upload(member, 'lunch', huge, 'image/png');
    const [response, health] = await Promise.all([submit(member, 'lunch'), healthLatency()]);
    expect(response.status).toBe(422);
    expect(response.body.error).toBe(TOO_LARGE_MESSAGE);
    expect(health).toBeLessThan(1_000);
    expect(await exists(photoPath(member, 'lunch'))).toBe(false);
    const meal = await storedMeal(member, 'lunch');
    expect(meal.status).not.toBe('Done');
    expect(meal.imgPath).toBeUndefined();
    expect(await queueEntriesOf(member.uid)).toEqual([]);
  });

  it("a member's failed decodes are limited: after 5, the next proof is refused before it is read", async () => {
    const member = await challenger();
    for (let failure = 0; failure < DECODE_FAILURE_LIMIT.max; failure++) {
      const bad = failure % 2 ? plainPng(6_000, 6_000) : Buffer.from(`%PDF-1.7 ${failure}`);
      await upload(member, 'lunch', bad, 'image/png');
      expect((await submit(member, 'lunch')).body.error).toBe(
        failure % 2 ? TOO_LARGE_MESSAGE : NOT_AN_IMAGE_MESSAGE,
      );
    }
    await upload(member, 'lunch', await platePhoto('after-failures'));
    const refused = await submit(member, 'lunch');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(TOO_MANY_FAILURES_MESSAGE);
    // Not read, so not deleted: the member proves it once the window of failures is over.
    expect(await exists(photoPath(member, 'lunch'))).toBe(true);
    expect((await storedMeal(member, 'lunch')).status).not.toBe('Done');
  });
});

describe('pictures held for review', () => {
  it('(almost) one colour, and far smaller than a camera photo: Done, held, queued, no points', async () => {
    const member = await challenger();
    const plain = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 38, b: 36 } },
    })
      .jpeg({ quality: 40 })
      .toBuffer();
    await upload(member, 'breakfast', plain);
    expect((await submit(member, 'breakfast')).body.review).toMatchObject({
      state: 'flagged',
      reasons: ['plain'],
    });
    await upload(member, 'lunch', await platePhoto('thumbnail', 240, 180));
    expect((await submit(member, 'lunch')).body.review).toMatchObject({
      state: 'flagged',
      reasons: ['small'],
    });
    const queued = await queueEntriesOf(member.uid);
    expect(queued.map((entry) => entry.reasons).sort()).toEqual([['plain'], ['small']]);
    expect(await read(`${dbPaths.userInfo(member.uid)}/score`)).toBe(0);
  });

  it("the app's own proofs (1600 px, quality 0.4) are not held", async () => {
    const member = await challenger();
    const sent = await sharp(await platePhoto('as-the-app-sends', 1600, 1200))
      .jpeg({ quality: 40 })
      .toBuffer();
    await upload(member, 'dinner', sent);
    expect((await submit(member, 'dinner')).body.review).toBe(null);
  });
});

describe('the capture time, read by the server from the stored photo', () => {
  it("flags a photo whose own EXIF says it was taken far from the window; the client's capturedAt is ignored", async () => {
    const member = await challenger();
    const { opensAt } = await storedMeal(member, 'breakfast');
    // The window opens on 10 June in India; this photo says 8 June, in India's offset.
    const old = await withCaptureTime(
      await platePhoto('old-gallery'),
      '2025:06:08 08:00:00',
      '+05:30',
    );
    await upload(member, 'breakfast', old);
    const response = await submit(member, 'breakfast', { capturedAt: opensAt + 1 });
    expect(response.body.review).toMatchObject({ state: 'flagged', reasons: ['capture-time'] });
    const [entry] = await queueEntriesOf(member.uid);
    expect(entry.capturedAt).toBe(Date.parse('2025-06-08T08:00:00+05:30'));
    // No offset: the wall-clock time is read in the challenge's zone (Asia/Kolkata).
    const lunch = await storedMeal(member, 'lunch');
    const taken = new Date(lunch.opensAt + 30 * 60_000 + 5.5 * 3_600_000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ')
      .replaceAll('-', ':');
    await upload(member, 'lunch', await withCaptureTime(await platePhoto('fresh'), taken));
    const sentLate = await submit(member, 'lunch', { capturedAt: lunch.closesAt + 86_400_000 });
    expect(sentLate.body.review).toBe(null);
  });
});

describe('points without a recompute call', () => {
  it('the proof route updates score, boards and streak in the same request', async () => {
    const member = await challenger();
    await upload(member, 'breakfast', await platePhoto('points-now'));
    const response = await submit(member, 'breakfast');
    expect(response.status).toBe(200);
    expect(response.body.score).toBe(10);
    expect(await read(`${dbPaths.userInfo(member.uid)}/score`)).toBe(10);
    expect(await read(`${dbPaths.leaderboardAll}/${member.uid}/points`)).toBe(10);
  });
});
