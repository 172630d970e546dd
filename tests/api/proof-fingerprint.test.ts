import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fingerprintProof,
  hashDistance,
  MAX_PROOF_PIXELS,
  NotAnImageError,
  PhotoTooLargeError,
  type ProofFingerprint,
} from '../../functions/src/proofs/proof-fingerprint';
import {
  bucketsOf,
  checkAndIndexProof,
  findNearDuplicates,
  indexProof,
  NEAR_DUPLICATE_BITS,
  type IndexedProof,
} from '../../functions/src/proofs/proof-hash-index';
import { startApiHarness, type ApiHarness } from './api-harness';
import { mealPhoto, plainPng, platePhoto } from './proof-photos';

// The fingerprint and the near-duplicate index against the database emulator (issue 41 item 7);
// the copies themselves are proved over HTTP in proof-copies.test.ts.

let harness: ApiHarness;
beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(() => harness?.close());

const proof = (uid: string, hash: string, at: number): IndexedProof => ({
  hash,
  uid,
  challengeId: `c-${uid}`,
  day: 1,
  slot: 'lunch',
  at,
});
const file = (uid: string, fingerprint: ProofFingerprint, at: number) =>
  checkAndIndexProof(harness.database, proof(uid, fingerprint.hash, at), fingerprint);

/**
 * `hash` with one bit changed in each of three hex digits chosen so that the result shares exactly one
 * of its 16 buckets (band and sub-band, proof-hash-index.ts) with `hash`: that bucket alone can find it.
 */
function hashSharingOnly(hash: string, bucket: number): string {
  const [band, sub] = [Math.floor(bucket / 4), bucket % 4];
  // The other bands' digits, in the order bucketsOf lists them (its `rest`); sub-bands are 3 of them each.
  const rest = Array.from(hash, (_, index) => index).filter(
    (index) => Math.floor(index / 4) !== band,
  );
  for (const a of [0, 1, 2, 3])
    for (const b of [4, 5, 6, 7])
      for (const c of [8, 9, 10, 11]) {
        const subs = [a, b, c].map((position) => Math.floor(position / 3));
        if (new Set(subs).size < 3 || subs.includes(sub)) continue;
        const digits = [...hash];
        for (const position of [a, b, c]) {
          const index = rest[position]!;
          digits[index] = (parseInt(digits[index]!, 16) ^ 1).toString(16);
        }
        return digits.join('');
      }
  throw new Error(`no hash shares only bucket ${bucket}`);
}

const sharedBuckets = (left: string, right: string) =>
  bucketsOf(left)
    .filter(([number, value]) => bucketsOf(right).some(([n, v]) => n === number && v === value))
    .map(([number]) => number);

describe('proof fingerprints', () => {
  it('refuse what is not a picture: a renamed PDF, random bytes, a truncated JPEG', async () => {
    const photo = await mealPhoto('thali');
    const notImages = {
      'a PDF': Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF'),
      'random bytes': Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256)),
      'a JPEG header only': photo.subarray(0, 600),
    };
    for (const [what, bytes] of Object.entries(notImages))
      await expect(fingerprintProof(bytes), what).rejects.toBeInstanceOf(NotAnImageError);
  });

  it('refuse a picture over 25 megapixels from its header; one colour and tiny pictures are marked', async () => {
    await expect(fingerprintProof(plainPng(16_383, 16_383))).rejects.toBeInstanceOf(
      PhotoTooLargeError,
    );
    await expect(fingerprintProof(plainPng(5_001, 5_000))).rejects.toBeInstanceOf(
      PhotoTooLargeError,
    );
    expect(5_001 * 5_000).toBeGreaterThan(MAX_PROOF_PIXELS);
    expect(await fingerprintProof(plainPng(1600, 1200))).toMatchObject({
      plain: true,
      small: false,
    });
    expect(await fingerprintProof(await platePhoto('tiny', 240, 180))).toMatchObject({
      plain: false,
      small: true,
    });
    // The app's own proofs: 1600 px on the longer side at quality 0.4.
    expect(await fingerprintProof(await platePhoto('as-sent', 1600, 900))).toMatchObject({
      plain: false,
      small: false,
    });
  });
});

describe('the near-duplicate index', () => {
  it('files 200 distinct photos of similar plates with no false match', async () => {
    let falseMatches = 0;
    const count = 200;
    for (let index = 0; index < count; index++) {
      const fingerprint = await fingerprintProof(await platePhoto(`honest-plate-${index}`));
      if (await file(`plate${index}`, fingerprint, 20_000 + index)) falseMatches++;
    }
    console.info(`false matches: ${falseMatches} of ${count} honest photos`);
    expect(falseMatches).toBe(0);
  });

  it('a crowded bucket hides nothing: the 61st copy filed is found', async () => {
    // 60 copies of one picture share every bucket of its hashes: more than the 50 rows a bucket
    // read used to return, so the latest was invisible to every band.
    const fingerprint = await fingerprintProof(await platePhoto('crowded'));
    for (let index = 0; index < 60; index++)
      await indexProof(
        harness.database,
        proof(`crowd${index}`, fingerprint.hash, 30_000 + index),
        fingerprint,
      );
    await indexProof(harness.database, proof('latest', fingerprint.hash, 40_000), fingerprint);
    const { duplicates } = await findNearDuplicates(harness.database, fingerprint);
    expect(duplicates).toHaveLength(61);
    expect(duplicates.at(-1)).toMatchObject({ uid: 'latest' });
  });

  it('finds a near copy whichever single bucket it shares with the picture: every band and sub-band is read', async () => {
    const picture = await fingerprintProof(await mealPhoto('banded'));
    const buckets = Array.from({ length: 16 }, (_, bucket) => bucket);
    for (const bucket of buckets) {
      const near = hashSharingOnly(picture.hash, bucket);
      expect(hashDistance(near, picture.hash)).toBe(NEAR_DUPLICATE_BITS);
      expect(sharedBuckets(near, picture.hash)).toEqual([bucket]);
      await indexProof(harness.database, proof(`band${bucket}`, near, 50_000 + bucket), {
        ...picture,
        cropHashes: [near],
        fineCropHashes: [picture.fineCropHashes[0]!],
      });
    }
    const { duplicates } = await findNearDuplicates(harness.database, {
      orientationHashes: [picture.hash],
      fineOrientationHashes: [picture.fineOrientationHashes[0]!],
    });
    expect(duplicates.map(({ uid }) => uid)).toEqual(buckets.map((bucket) => `band${bucket}`));
  });

  it('racing uploads of one picture: exactly one is a duplicate, of the other', async () => {
    for (let round = 0; round < 5; round++) {
      const fingerprint = await fingerprintProof(await platePhoto(`poha-${round}`));
      const [zoya, kabir] = [`zoya${round}`, `kabir${round}`];
      const results = await Promise.all([
        file(zoya, fingerprint, 5_000),
        file(kabir, fingerprint, 5_000),
      ]);
      const inRound = results.map((found) => found && [zoya, kabir].includes(found.uid));
      expect(inRound.filter(Boolean), `round ${round}`).toHaveLength(1);
    }
  });

  it('a request that took longer to get there is still the copy: commit order, not request time', async () => {
    const fingerprint = await fingerprintProof(await platePhoto('upma'));
    expect(await file('quick', fingerprint, 7_000)).toBe(undefined);
    expect(await file('slow', fingerprint, 6_000)).toMatchObject({ uid: 'quick' });
  });
});
