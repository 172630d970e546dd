/**
 * GET /api/admin/proofs/:key/photo and /earlier-photo (functions/src/admin/admin-proof-photo-route.ts): admins see a
 * flagged proof's photos only through the API, which reads their admins/{uid} record on each request, so a
 * revoked admin sees none, whatever their token still says (docs/security.md, "Admins").
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProofQueueEntry } from '@domain/challenges/proof-review';
import { mealPhotoPng } from '../../scripts/lib/identicon-png';
import { signUpMember, signUpWithClaims, startApiHarness, type ApiHarness } from './api-harness';

let harness: ApiHarness;
let admin: { uid: string; idToken: string };
let flaggedJpeg: Buffer;
let earlierJpeg: Buffer;

const FLAGGED_PATH = 'Challenge/uid-copier/-NxPhotoChallenge002/Day1-lunch.jpg';
const EARLIER_PATH = 'Challenge/uid-original/-NxPhotoChallenge001/Day1-lunch.jpg';
const KEY = '001764000000000~uid-copier~-NxPhotoChallenge002~1~lunch';
const NO_MATCH_KEY = '001764000000001~uid-copier~-NxPhotoChallenge002~1~dinner';

const entry = (overrides: Partial<ProofQueueEntry> = {}): ProofQueueEntry => ({
  uid: 'uid-copier',
  challengeId: '-NxPhotoChallenge002',
  day: 1,
  slot: 'lunch',
  imgPath: FLAGGED_PATH,
  img: 'https://example.invalid/not-used',
  reasons: ['duplicate'],
  match: {
    uid: 'uid-original',
    challengeId: '-NxPhotoChallenge001',
    day: 1,
    slot: 'lunch',
    imgPath: EARLIER_PATH,
  },
  opensAt: 1_764_000_000_000,
  closesAt: 1_764_010_800_000,
  at: 1_764_000_000_000,
  ...overrides,
});

beforeAll(async () => {
  harness = await startApiHarness();
  admin = await signUpWithClaims(harness.auth, { admin: true });
  flaggedJpeg = await sharp(mealPhotoPng('flagged', 96)).jpeg().toBuffer();
  earlierJpeg = await sharp(mealPhotoPng('earlier', 96)).jpeg().toBuffer();
  await harness.bucket.file(FLAGGED_PATH).save(flaggedJpeg, { contentType: 'image/jpeg' });
  await harness.bucket.file(EARLIER_PATH).save(earlierJpeg, { contentType: 'image/jpeg' });
  // Flagged for its capture time only: no earlier photo, and its own was never stored.
  const captureTimeOnly = entry({
    slot: 'dinner',
    imgPath: 'Challenge/uid-copier/-NxPhotoChallenge002/Day1-dinner.jpg',
    reasons: ['capture-time'],
  });
  delete captureTimeOnly.match;
  await harness.database
    .ref('moderation/proofQueue')
    .set({ [KEY]: entry(), [NO_MATCH_KEY]: captureTimeOnly });
});
afterAll(() => harness?.close());

const photo = (key: string, token?: string, route = 'photo') =>
  fetch(`${harness.baseUrl}/api/admin/proofs/${encodeURIComponent(key)}/${route}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });

describe('an admin sees a flagged proof through the API', () => {
  it('streams the flagged photo and the earlier one it matches, never to be cached', async () => {
    for (const [route, bytes] of [
      ['photo', flaggedJpeg],
      ['earlier-photo', earlierJpeg],
    ] as const) {
      const response = await photo(KEY, admin.idToken, route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes), route).toBe(true);
    }
  });

  it('answers 404 for an unknown key, a proof with no earlier photo, and a photo that is gone', async () => {
    const unknown = await photo(
      '001764000000009~uid-nobody~-NxPhotoChallenge009~2~lunch',
      admin.idToken,
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: 'This proof is no longer waiting for review',
      code: 'not-found',
    });
    expect((await photo(NO_MATCH_KEY, admin.idToken, 'earlier-photo')).status).toBe(404);
    // The flagged dinner's own photo was never stored.
    expect((await photo(NO_MATCH_KEY, admin.idToken)).status).toBe(404);
  });

  it('refuses a key that is not a queue key (400), before any read', async () => {
    const response = await photo('../../users', admin.idToken);
    expect(response.status).toBe(400);
  });

  it('refuses a visitor (401) and a member (403)', async () => {
    expect((await photo(KEY)).status).toBe(401);
    const member = await signUpMember();
    const refused = await photo(KEY, member.idToken);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('refuses an admin whose record was removed, though the token still says admin: true (403)', async () => {
    const former = await signUpWithClaims(harness.auth, { admin: true });
    expect((await photo(KEY, former.idToken)).status).toBe(200);
    await harness.database.ref(`admins/${former.uid}`).remove();
    const refused = await photo(KEY, former.idToken);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'Only administrators may do this',
      code: 'forbidden',
    });
  });
});
