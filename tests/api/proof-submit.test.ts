import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MealRecord } from '@domain/challenges/challenge-record';
import type { MealSlot } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import type { ProofQueueEntry } from '@domain/challenges/proof-review';
import { storagePaths } from '@domain/data/storage-paths';
import { NOT_AN_IMAGE_MESSAGE } from '../../functions/src/proofs/proof-fingerprint';
import {
  generatePayload,
  postJson,
  readyMember,
  startApiHarness,
  type ApiHarness,
  type TestMember,
} from './api-harness';
import { disguisedCopies, mealPhoto, photoTakenAt } from './proof-photos';
import { storePhotoAt } from './proof-uploads';

// POST /api/challenges/:id/days/:day/meals/:slot/proof over HTTP, with real JPEGs made here
// (docs/security.md, "Proof checks").

/** 05:30 on 10 June 2025 in India: every window of the day is still ahead when challenges are made. */
const NOW = Date.parse('2025-06-10T00:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let harness: ApiHarness;
let now = NOW;

beforeAll(async () => {
  harness = await startApiHarness({
    clock: () => now,
    proofRateLimit: { windowMs: 60_000, max: 1_000 },
  });
});
afterAll(() => harness?.close());

const read = async (path: string) => (await harness.database.ref(path).get()).val();
const mealPath = (uid: string, challengeId: string, slot: MealSlot, day = 1) =>
  `${dbPaths.challenge(uid, challengeId)}/meals/Day${day}/${slot}`;
const storedMeal = async (uid: string, challengeId: string, slot: MealSlot) =>
  (await read(mealPath(uid, challengeId, slot))) as MealRecord;

interface Challenger extends TestMember {
  challengeId: string;
}

async function challenger(): Promise<Challenger> {
  now = NOW;
  const member = await readyMember(harness.database);
  const response = await postJson(
    `${harness.baseUrl}/api/generate`,
    generatePayload(member.uid, { day: 1 }),
    { token: member.idToken },
  );
  expect(response.status).toBe(201);
  return { ...member, challengeId: response.body.challengeId as string };
}

const photoPath = ({ uid, challengeId }: Challenger, slot: MealSlot, attempt = 1) =>
  storagePaths.mealProof(uid, challengeId, 1, slot, attempt);

/** The photo uploaded `afterOpening` ms into the meal's window, and the clock moved there too. */
async function upload(
  member: Challenger,
  slot: MealSlot,
  bytes: Buffer,
  { afterOpening = 10 * MINUTE, contentType = 'image/jpeg', attempt = 1 } = {},
) {
  const { opensAt } = await storedMeal(member.uid, member.challengeId, slot);
  await storePhotoAt(
    harness.bucket,
    photoPath(member, slot, attempt),
    bytes,
    opensAt + afterOpening,
    contentType,
  );
  now = opensAt + afterOpening + MINUTE;
}

const submit = (
  member: TestMember & { challengeId: string },
  slot: string,
  body: unknown = {},
  day: number | string = 1,
) =>
  postJson(
    `${harness.baseUrl}/api/challenges/${member.challengeId}/days/${day}/meals/${slot}/proof`,
    body,
    { token: member.idToken },
  );

async function score(member: Challenger): Promise<number> {
  const response = await postJson(
    `${harness.baseUrl}/api/me/recompute`,
    { challengeId: member.challengeId },
    { token: member.idToken },
  );
  expect(response.status).toBe(200);
  return response.body.score as number;
}

async function queueEntriesOf(uid: string): Promise<ProofQueueEntry[]> {
  const queue = ((await read(dbPaths.proofQueue)) ?? {}) as Record<string, ProofQueueEntry>;
  return Object.values(queue).filter((entry) => entry.uid === uid);
}

describe('recording a proof', () => {
  it('records a photo: Done with the server-derived URL, path and time, no review, and its points', async () => {
    const asha = await challenger();
    await upload(asha, 'breakfast', await mealPhoto('record-thali'));
    const response = await submit(asha, 'breakfast');
    expect(response.status).toBe(200);
    const meal = await storedMeal(asha.uid, asha.challengeId, 'breakfast');
    expect(meal).toMatchObject({
      status: 'Done',
      imgPath: photoPath(asha, 'breakfast'),
      doneAt: now,
    });
    expect(meal.review).toBeUndefined();
    expect(meal.img).toMatch(
      new RegExp(
        `/v0/b/[^/]+/o/${encodeURIComponent(photoPath(asha, 'breakfast'))}\\?alt=media&token=[0-9a-f-]{36}$`,
      ),
    );
    expect(response.body).toMatchObject({ status: 'Done', img: meal.img, review: null });
    // Its token is the object's own download token (the URL a browser loads; this harness's Storage
    // emulator has no rules loaded, so it serves tokened downloads to nobody here).
    const [metadata] = await harness.bucket.file(photoPath(asha, 'breakfast')).getMetadata();
    expect(String(metadata.metadata?.firebaseStorageDownloadTokens).split(',')).toContain(
      new URL(meal.img).searchParams.get('token'),
    );
    expect(await score(asha)).toBe(10);
    expect(await queueEntriesOf(asha.uid)).toEqual([]);
  });

  it("flags another member's picture re-encoded, resized or with bytes appended; it earns nothing and is queued", async () => {
    const original = await mealPhoto('shared-dosa');
    const first = await challenger();
    await upload(first, 'lunch', original);
    expect((await submit(first, 'lunch')).body.review).toBe(null);
    const copies = await disguisedCopies(original);
    for (const how of ['saved again at quality 40', 'resized to 800 px', 'with bytes appended']) {
      const copier = await challenger();
      await upload(copier, 'lunch', copies[how]);
      const response = await submit(copier, 'lunch');
      expect(response.status, how).toBe(200);
      expect(response.body.review, how).toMatchObject({ state: 'flagged', reasons: ['duplicate'] });
      const meal = await storedMeal(copier.uid, copier.challengeId, 'lunch');
      expect(meal.status).toBe('Done');
      expect(meal.review).toMatchObject({ state: 'flagged', reasons: ['duplicate'] });
      expect(await score(copier), how).toBe(0);
      const [entry] = await queueEntriesOf(copier.uid);
      expect(entry, how).toMatchObject({
        challengeId: copier.challengeId,
        day: 1,
        slot: 'lunch',
        imgPath: photoPath(copier, 'lunch'),
        reasons: ['duplicate'],
        match: {
          uid: first.uid,
          challengeId: first.challengeId,
          imgPath: photoPath(first, 'lunch'),
        },
        at: now,
      });
    }
    expect(await score(first)).toBe(10);
  });

  it('does not flag a different picture', async () => {
    const first = await challenger();
    await upload(first, 'dinner', await mealPhoto('own-biryani'));
    expect((await submit(first, 'dinner')).body.review).toBe(null);
    const other = await challenger();
    await upload(other, 'dinner', await mealPhoto('own-khichdi'));
    const response = await submit(other, 'dinner');
    expect(response.body.review).toBe(null);
    expect(await score(other)).toBe(10);
  });

  it("flags the member's own picture sent again for another meal", async () => {
    const member = await challenger();
    const photo = await mealPhoto('reused-poha');
    await upload(member, 'breakfast', photo);
    expect((await submit(member, 'breakfast')).body.review).toBe(null);
    await upload(member, 'lunch', photo);
    expect((await submit(member, 'lunch')).body.review).toMatchObject({ reasons: ['duplicate'] });
    expect(await score(member)).toBe(10);
  });

  it('racing uploads of one picture by two members: only the later is flagged', async () => {
    const photo = await mealPhoto('race-upma');
    const [left, right] = [await challenger(), await challenger()];
    await upload(left, 'breakfast', photo);
    await upload(right, 'breakfast', photo);
    const responses = await Promise.all([submit(left, 'breakfast'), submit(right, 'breakfast')]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    // The one recorded second is the copy (docs/security.md, "Proof checks"); the other is not.
    const flagged = responses.map((response) => response.body.review !== null);
    expect(flagged.filter(Boolean)).toHaveLength(1);
    const later = flagged.indexOf(true);
    expect(responses[later].body.review).toMatchObject({
      state: 'flagged',
      reasons: ['duplicate'],
    });
    const [entry] = await queueEntriesOf([left, right][later].uid);
    expect(entry.match?.uid).toBe([left, right][1 - later].uid);
  });
});

const takenAt = async (seed: string, at: number) => photoTakenAt(await mealPhoto(seed), at);

describe("the capture time in the stored photo's own EXIF (advisory)", () => {
  it('flags a capture time more than 3 hours before the window opened or after it closed', async () => {
    const member = await challenger();
    const meals = {
      breakfast: await storedMeal(member.uid, member.challengeId, 'breakfast'),
      lunch: await storedMeal(member.uid, member.challengeId, 'lunch'),
    };
    // EXIF keeps whole seconds: a second past the tolerance.
    await upload(
      member,
      'breakfast',
      await takenAt('exif-early', meals.breakfast.opensAt - 3 * HOUR - 1_000),
    );
    const early = await submit(member, 'breakfast');
    expect(early.body.review).toMatchObject({ state: 'flagged', reasons: ['capture-time'] });
    const [entry] = await queueEntriesOf(member.uid);
    expect(entry).toMatchObject({
      reasons: ['capture-time'],
      capturedAt: meals.breakfast.opensAt - 3 * HOUR - 1_000,
      opensAt: meals.breakfast.opensAt,
      closesAt: meals.breakfast.closesAt,
    });
    expect(entry.match).toBeUndefined();
    await upload(
      member,
      'lunch',
      await takenAt('exif-late', meals.lunch.closesAt + 3 * HOUR + 1_000),
    );
    const late = await submit(member, 'lunch');
    expect(late.body.review).toMatchObject({ reasons: ['capture-time'] });
    expect(await score(member)).toBe(0);
  });

  it("accepts a capture time within 3 hours of the window, and none at all; ignores the client's", async () => {
    const member = await challenger();
    const breakfast = await storedMeal(member.uid, member.challengeId, 'breakfast');
    const lunch = await storedMeal(member.uid, member.challengeId, 'lunch');
    await upload(
      member,
      'breakfast',
      await takenAt('exif-edge-early', breakfast.opensAt - 3 * HOUR),
    );
    expect((await submit(member, 'breakfast')).body.review).toBe(null);
    await upload(member, 'lunch', await takenAt('exif-edge-late', lunch.closesAt + 3 * HOUR));
    expect((await submit(member, 'lunch')).body.review).toBe(null);
    await upload(member, 'dinner', await mealPhoto('exif-none'));
    // An app loaded before the server read EXIF still sends one: accepted, and not trusted.
    const sent = await submit(member, 'dinner', { capturedAt: breakfast.opensAt - 48 * HOUR });
    expect(sent.body.review).toBe(null);
    // Three meals of a one-day challenge: 30, +10 for the day, +50 for the challenge.
    expect(await score(member)).toBe(90);
  });
});

describe('a proof that is not a picture', () => {
  it('random bytes labelled image/jpeg and a renamed PDF: 422 saying why, the object deleted, nothing written', async () => {
    const member = await challenger();
    const notPictures: Array<[string, MealSlot, Buffer, string]> = [
      [
        'random bytes',
        'breakfast',
        Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919 + 13) % 256)),
        'image/jpeg',
      ],
      [
        'a renamed PDF',
        'lunch',
        Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF'),
        'image/jpeg',
      ],
    ];
    for (const [what, slot, bytes, contentType] of notPictures) {
      await upload(member, slot, bytes, { contentType });
      const response = await submit(member, slot);
      expect(response.status, what).toBe(422);
      expect(response.body.error, what).toBe(NOT_AN_IMAGE_MESSAGE);
      const [exists] = await harness.bucket.file(photoPath(member, slot)).exists();
      expect(exists, what).toBe(false);
      const meal = await storedMeal(member.uid, member.challengeId, slot);
      expect(meal.status, what).not.toBe('Done');
      expect(meal.imgPath, what).toBeUndefined();
    }
    expect(await queueEntriesOf(member.uid)).toEqual([]);
    // The path is free again: a real photo proves the meal.
    await upload(member, 'lunch', await mealPhoto('after-pdf'));
    expect((await submit(member, 'lunch')).status).toBe(200);
  });
});

describe('refusals', () => {
  it('no photo stored at the meal path: 404, nothing written', async () => {
    const member = await challenger();
    const { opensAt } = await storedMeal(member.uid, member.challengeId, 'lunch');
    now = opensAt + HOUR;
    const response = await submit(member, 'lunch');
    expect(response.status).toBe(404);
    expect((await storedMeal(member.uid, member.challengeId, 'lunch')).status).not.toBe('Done');
  });

  it('the window at its edges: refused a millisecond before it opens and after it closes, accepted at both edges', async () => {
    const member = await challenger();
    const lunch = await storedMeal(member.uid, member.challengeId, 'lunch');
    const dinner = await storedMeal(member.uid, member.challengeId, 'dinner');
    await storePhotoAt(
      harness.bucket,
      photoPath(member, 'lunch'),
      await mealPhoto('edge-open'),
      lunch.opensAt,
    );
    now = lunch.opensAt - 1;
    expect((await submit(member, 'lunch')).status).toBe(409);
    now = lunch.opensAt;
    expect((await submit(member, 'lunch')).status).toBe(200);
    await storePhotoAt(
      harness.bucket,
      photoPath(member, 'dinner'),
      await mealPhoto('edge-close'),
      dinner.closesAt,
    );
    now = dinner.closesAt + 1;
    const late = await submit(member, 'dinner');
    expect(late.status).toBe(409);
    expect(late.body.error).toBe("This meal's window has closed");
    now = dinner.closesAt;
    expect((await submit(member, 'dinner')).status).toBe(200);
    expect(await score(member)).toBe(20);
  });

  it('a photo stored before the window opened: 409', async () => {
    const member = await challenger();
    const { opensAt } = await storedMeal(member.uid, member.challengeId, 'dinner');
    await storePhotoAt(
      harness.bucket,
      photoPath(member, 'dinner'),
      await mealPhoto('stored-early'),
      opensAt - 1,
    );
    now = opensAt + MINUTE;
    const response = await submit(member, 'dinner');
    expect(response.status).toBe(409);
    expect(response.body.error).toBe("The photo was not uploaded inside this meal's window");
  });

  it('a meal already proved: 409, the first proof kept', async () => {
    const member = await challenger();
    await upload(member, 'breakfast', await mealPhoto('twice'));
    expect((await submit(member, 'breakfast')).status).toBe(200);
    const first = await storedMeal(member.uid, member.challengeId, 'breakfast');
    now += MINUTE;
    const again = await submit(member, 'breakfast');
    expect(again.status).toBe(409);
    expect(await storedMeal(member.uid, member.challengeId, 'breakfast')).toEqual(first);
  });

  it('deleted and hidden challenges, a disabled member, another member: refused', async () => {
    const deleted = await challenger();
    await upload(deleted, 'lunch', await mealPhoto('deleted'));
    await harness.database
      .ref(dbPaths.challenge(deleted.uid, deleted.challengeId))
      .update({ deleted: true, isActive: false });
    expect((await submit(deleted, 'lunch')).status).toBe(404);

    const hidden = await challenger();
    await upload(hidden, 'lunch', await mealPhoto('hidden'));
    await harness.database
      .ref(dbPaths.challengeModeration(hidden.uid, hidden.challengeId))
      .set({ hiddenAt: NOW, reason: 'spam' });
    const hiddenResponse = await submit(hidden, 'lunch');
    expect(hiddenResponse.status).toBe(409);
    expect(hiddenResponse.body.error).toBe('This challenge is hidden by a moderator');

    const disabled = await challenger();
    await upload(disabled, 'lunch', await mealPhoto('disabled'));
    await harness.database
      .ref(dbPaths.disabledMember(disabled.uid))
      .set({ at: NOW, by: 'admin', reason: 'abuse' });
    expect((await submit(disabled, 'lunch')).status).toBe(403);

    const owner = await challenger();
    await upload(owner, 'lunch', await mealPhoto('someone-elses'));
    const stranger = await readyMember(harness.database);
    expect((await submit({ ...stranger, challengeId: owner.challengeId }, 'lunch')).status).toBe(
      404,
    );

    for (const member of [deleted, hidden, disabled, owner])
      expect((await storedMeal(member.uid, member.challengeId, 'lunch')).status).not.toBe('Done');
  });

  it('unknown body fields, a bad capture time, bad days and slots: 400; a day the plan does not have: 404', async () => {
    const member = await challenger();
    await upload(member, 'lunch', await mealPhoto('bad-requests'));
    for (const body of [
      { img: 'https://example.com/x.jpg' },
      { capturedAt: 1.5 },
      { capturedAt: '2025-06-10' },
      { capturedAt: 42 },
      { status: 'Done' },
    ])
      expect((await submit(member, 'lunch', body)).status, JSON.stringify(body)).toBe(400);
    for (const day of [0, 8, 'x', -1])
      expect((await submit(member, 'lunch', {}, day)).status).toBe(400);
    expect((await submit(member, 'supper')).status).toBe(400);
    expect((await submit(member, 'lunch', {}, 2)).status).toBe(404);
    expect((await submit({ ...member, challengeId: 'bad.id' }, 'lunch')).status).toBe(400);
    expect((await submit({ ...member, idToken: '' }, 'lunch')).status).toBe(401);
    expect((await storedMeal(member.uid, member.challengeId, 'lunch')).status).not.toBe('Done');
  });
});

describe('points follow the review', () => {
  it('a flagged proof earns nothing, an approved one earns, a rejected one nothing; recompute stays idempotent', async () => {
    const original = await challenger();
    const photo = await mealPhoto('review-paneer');
    await upload(original, 'breakfast', photo);
    await submit(original, 'breakfast');
    const copier = await challenger();
    await upload(copier, 'breakfast', (await disguisedCopies(photo))['saved again at quality 40']);
    expect((await submit(copier, 'breakfast')).body.review).toMatchObject({ state: 'flagged' });
    expect(await score(copier)).toBe(0);
    expect(await score(copier)).toBe(0);
    const review = `${mealPath(copier.uid, copier.challengeId, 'breakfast')}/review`;
    await harness.database.ref(`${review}/state`).set('approved');
    expect(await score(copier)).toBe(10);
    expect(await score(copier)).toBe(10);
    await harness.database.ref(mealPath(copier.uid, copier.challengeId, 'breakfast')).update({
      status: 'Rejected',
      'review/state': 'rejected',
    });
    expect(await score(copier)).toBe(0);
  });

  it("a rejected meal takes the next attempt's photo while the window is open", async () => {
    const member = await challenger();
    await upload(member, 'lunch', await mealPhoto('rejected-first'), { afterOpening: 5 * MINUTE });
    await submit(member, 'lunch');
    await harness.database.ref(mealPath(member.uid, member.challengeId, 'lunch')).update({
      status: 'Rejected',
      review: {
        state: 'rejected',
        reasons: ['duplicate'],
        rejectedReason: 'Not your photo',
        at: now,
      },
    });
    // Attempt 1 is taken: the second photo goes to Day1-lunch-2.jpg.
    now += MINUTE;
    expect((await submit(member, 'lunch')).status).toBe(404);
    await upload(member, 'lunch', await mealPhoto('rejected-second'), {
      attempt: 2,
      afterOpening: 20 * MINUTE,
    });
    const response = await submit(member, 'lunch');
    expect(response.status).toBe(200);
    const meal = await storedMeal(member.uid, member.challengeId, 'lunch');
    expect(meal).toMatchObject({ status: 'Done', imgPath: photoPath(member, 'lunch', 2) });
    expect(meal.review).toBeUndefined();
    expect(await score(member)).toBe(10);
  });
});
