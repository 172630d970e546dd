import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fingerprintProof,
  hashDistance,
  NotAnImageError,
} from '../../functions/src/proof-fingerprint';
import { seededRandom } from '@domain/seeded-random';
import {
  BUCKET_READ_LIMIT,
  checkAndIndexProof,
  findNearDuplicates,
  indexProof,
  NEAR_DUPLICATE_BITS,
  type IndexedProof,
} from '../../functions/src/proof-hash-index';
import { startApiHarness, type ApiHarness } from './api-harness';
import { disguisedCopies, mealPhoto } from './proof-photos';

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

describe('proof fingerprints', () => {
  it('match the same picture re-encoded, resized, re-tagged or with bytes appended', async () => {
    const original = await fingerprintProof(await mealPhoto('thali'));
    expect(original.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(original).toMatchObject({ width: 1600, height: 1200 });
    for (const [how, copy] of Object.entries(await disguisedCopies(await mealPhoto('thali')))) {
      const distance = hashDistance(original.hash, (await fingerprintProof(copy)).hash);
      expect(distance, how).toBeLessThanOrEqual(NEAR_DUPLICATE_BITS);
    }
  });

  it('tell different pictures apart', async () => {
    const hashes = await Promise.all(
      ['thali', 'dosa', 'salad', 'biryani', 'oats'].map(
        async (seed) => (await fingerprintProof(await mealPhoto(seed))).hash,
      ),
    );
    for (let left = 0; left < hashes.length; left++)
      for (let right = left + 1; right < hashes.length; right++)
        expect(hashDistance(hashes[left], hashes[right])).toBeGreaterThan(3 * NEAR_DUPLICATE_BITS);
  });

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
});

describe('the near-duplicate index', () => {
  it("finds an earlier member's picture when another member proves with a copy of it", async () => {
    const original = await fingerprintProof(await mealPhoto('paneer'));
    expect(await checkAndIndexProof(harness.database, proof('asha', original.hash, 1_000))).toBe(
      undefined,
    );
    const copy = (await disguisedCopies(await mealPhoto('paneer')))['saved again at quality 40'];
    const again = await checkAndIndexProof(
      harness.database,
      proof('vikram', (await fingerprintProof(copy)).hash, 2_000),
    );
    expect(again).toMatchObject({ uid: 'asha', at: 1_000 });
    const other = await fingerprintProof(await mealPhoto('idli'));
    expect(await checkAndIndexProof(harness.database, proof('meera', other.hash, 3_000))).toBe(
      undefined,
    );
  });

  it('racing uploads of one picture: exactly one is a duplicate, of the other', async () => {
    for (let round = 0; round < 5; round++) {
      const { hash } = await fingerprintProof(await mealPhoto(`poha-${round}`));
      const [zoya, kabir] = [`zoya${round}`, `kabir${round}`];
      const results = await Promise.all([
        checkAndIndexProof(harness.database, proof(zoya, hash, 5_000)),
        checkAndIndexProof(harness.database, proof(kabir, hash, 5_000)),
      ]);
      // Both see earlier rounds' proofs; within the round, only the one committed second is the copy.
      const inRound = results.map((found) => found && [zoya, kabir].includes(found.uid));
      expect(inRound.filter(Boolean), `round ${round}`).toHaveLength(1);
    }
  });

  it('a request that took longer to get there is still the copy: commit order, not request time', async () => {
    const { hash } = await fingerprintProof(await mealPhoto('upma'));
    // Filed second, though its proof time is earlier (a slow download or hash before indexing).
    expect(await checkAndIndexProof(harness.database, proof('quick', hash, 7_000))).toBe(undefined);
    expect(await checkAndIndexProof(harness.database, proof('slow', hash, 6_000))).toMatchObject({
      uid: 'quick',
    });
  });

  it('a crowded band (read up to its cap) hides no duplicate: the other bands find it', async () => {
    // 120 unrelated proofs sharing the first band: more than one bucket read returns.
    const random = seededRandom('crowd');
    const hex = () => Math.floor(random() * 16).toString(16);
    const crowd = Array.from(
      { length: 120 },
      () => `beef${Array.from({ length: 12 }, hex).join('')}`,
    );
    for (const [index, hash] of crowd.entries())
      await indexProof(harness.database, proof(`crowd${index}`, hash, 10_000 + index));
    expect(BUCKET_READ_LIMIT).toBeLessThan(crowd.length);
    const last = await findNearDuplicates(harness.database, crowd[119]);
    expect(last.map((duplicate) => duplicate.uid)).toEqual(['crowd119']);
    expect(await findNearDuplicates(harness.database, 'beef000000000000')).toEqual([]);
  });
});
