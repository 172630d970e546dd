import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MealSlot } from '@domain/constants';
import { startApiHarness, type ApiHarness } from './api-harness';
import { copyVariants, platePhoto } from './proof-photos';
import { proofChallengers, PROOF_DAY } from './proof-challengers';

// Issue 41 item 7 over HTTP: a copy of an earlier proof, re-encoded, resized, mirrored, turned or
// cropped, is held for review (docs/security.md, "Proof checks").

const clock = { now: PROOF_DAY };
let harness: ApiHarness;
beforeAll(async () => {
  harness = await startApiHarness({
    clock: () => clock.now,
    proofRateLimit: { windowMs: 60_000, max: 1_000 },
  });
});
afterAll(() => harness?.close());

const { challenger, upload, submit, queueEntriesOf, photoPath } = proofChallengers(
  () => harness,
  clock,
);

describe("a copy of another member's proof", () => {
  it('is held for review in every disguise, and names the original', async () => {
    const original = await platePhoto('copied-thali');
    const first = await challenger();
    await upload(first, 'lunch', original);
    expect((await submit(first, 'lunch')).body.review).toBe(null);
    for (const [how, copy] of Object.entries(await copyVariants(original))) {
      const copier = await challenger();
      await upload(copier, 'lunch', copy);
      const response = await submit(copier, 'lunch');
      expect(response.status, how).toBe(200);
      expect(response.body.review, how).toMatchObject({ state: 'flagged', reasons: ['duplicate'] });
      const [entry] = await queueEntriesOf(copier.uid);
      expect(entry.match, how).toMatchObject({
        uid: first.uid,
        imgPath: photoPath(first, 'lunch'),
      });
    }
  });

  it('honest photos of similar plates, three meals a member, are not held', async () => {
    const slots: MealSlot[] = ['breakfast', 'lunch', 'dinner'];
    for (let member = 0; member < 4; member++) {
      const eater = await challenger();
      for (const slot of slots) {
        await upload(eater, slot, await platePhoto(`honest-${member}-${slot}`));
        const response = await submit(eater, slot);
        expect(response.body.review, `${member} ${slot}`).toBe(null);
      }
    }
  });
});
