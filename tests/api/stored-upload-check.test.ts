/**
 * The finalize check's judgement (functions/src/proofs/stored-upload-check.ts) on real parts: the database
 * and Storage emulators of the API harness, objects stored through firebase-admin, and the event
 * data the function receives (the object's GCS resource). tests/security/storage-finalize-check.test.ts
 * runs the same check where production runs it, as a Storage-triggered function.
 */
import type { File } from '@google-cloud/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateInZone } from '@domain/calendar-dates';
import { dbPaths } from '@domain/data/database-paths';
import { mealWindow } from '@domain/challenges/meal-schedule';
import { pushKey } from '@domain/data/push-key';
import { storagePaths } from '@domain/data/storage-paths';
import {
  createStoredUploadCheck,
  UPLOAD_GRACE_MS,
  type FinalizedObject,
} from '../../functions/src/proofs/stored-upload-check';
import { startApiHarness, type ApiHarness } from './api-harness';

let harness: ApiHarness;
const logged: string[] = [];
beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(() => harness?.close());

const ZONE = 'Asia/Kolkata';
const PHOTO_BYTES = 20_000;

function checkWith(memberByteCap?: number) {
  return createStoredUploadCheck({
    database: harness.database,
    deleteObject: async (name, generation) => {
      await harness.bucket
        .file(name)
        .delete({ ignoreNotFound: true, ...(generation ? { ifGenerationMatch: generation } : {}) })
        .catch((error: { code?: unknown }) => {
          if (error.code !== 412) throw error;
        });
    },
    log: (line) => logged.push(line),
    memberByteCap,
  });
}

const newUid = () =>
  `member${pushKey()
    .slice(1, 12)
    .replace(/[^A-Za-z0-9]/g, 'x')}`;

/** A running 3-day challenge that started today in Kolkata. */
async function seedChallenge(uid: string, extra: Record<string, unknown> = {}) {
  const challengeId = pushKey();
  const startDate = calendarDateInZone(Date.now(), ZONE);
  await harness.database.ref(dbPaths.challenge(uid, challengeId)).set({
    title: 'Check week',
    day: 3,
    deleted: false,
    isActive: true,
    startDate,
    timezone: ZONE,
    createdAt: Date.now(),
    ...extra,
  });
  return { challengeId, startDate };
}

/** Stores an object and returns the event data the function receives for it. */
async function store(
  path: string,
  {
    bytes = PHOTO_BYTES,
    metadata = {},
  }: { bytes?: number; metadata?: Record<string, unknown> } = {},
): Promise<{ file: File; event: FinalizedObject }> {
  const file = harness.bucket.file(path);
  const data = Buffer.alloc(bytes);
  data.set([0xff, 0xd8, 0xff, 0xe0]);
  await file.save(data, { contentType: 'image/jpeg', resumable: false, metadata });
  const [resource] = await file.getMetadata();
  return { file, event: resource as unknown as FinalizedObject };
}

const stored = async (file: File) => (await file.exists())[0];

describe('the finalize check', () => {
  it('keeps a proof stored inside its open meal window, up to the grace after it closes', async () => {
    const uid = newUid();
    const { challengeId, startDate } = await seedChallenge(uid);
    const check = checkWith();
    const lunch = mealWindow(startDate, 1, 'lunch', ZONE);
    const cases: Array<[string, number, boolean]> = [
      ['breakfast', mealWindow(startDate, 1, 'breakfast', ZONE).opensAt, true],
      ['lunch', lunch.closesAt + UPLOAD_GRACE_MS, true],
      ['dinner', mealWindow(startDate, 1, 'dinner', ZONE).opensAt - 1, false],
    ];
    for (const [slot, at, kept] of cases) {
      const { file, event } = await store(storagePaths.mealProof(uid, challengeId, 1, slot));
      const verdict = await check({ ...event, timeCreated: new Date(at).toISOString() });
      expect(verdict.keep, `${slot} at ${new Date(at).toISOString()}`).toBe(kept);
      expect(await stored(file)).toBe(kept);
    }
    const late = await store(storagePaths.mealProof(uid, challengeId, 2, 'lunch'));
    const day2Lunch = mealWindow(startDate, 2, 'lunch', ZONE);
    const verdict = await check({
      ...late.event,
      timeCreated: new Date(day2Lunch.closesAt + UPLOAD_GRACE_MS + 1).toISOString(),
    });
    expect(verdict).toEqual({ keep: false, reason: 'Day2 lunch was not open when it was stored' });
    expect(await stored(late.file)).toBe(false);
  });

  it("deletes proofs no running challenge owns: none, deleted, hidden, ended, or past the plan's days", async () => {
    const uid = newUid();
    const check = checkWith();
    const running = await seedChallenge(uid);
    const deleted = await seedChallenge(uid, { deleted: true });
    const hidden = await seedChallenge(uid, { moderation: { hiddenAt: 1, reason: 'spam' } });
    const ended = await seedChallenge(uid, { isActive: false });
    const openBreakfast = (startDate: string) =>
      new Date(mealWindow(startDate, 1, 'breakfast', ZONE).opensAt + 60_000).toISOString();
    const cases: Array<[string, string, string]> = [
      [pushKey(), running.startDate, 'the challenge does not exist'],
      [deleted.challengeId, deleted.startDate, 'the challenge is deleted'],
      [hidden.challengeId, hidden.startDate, 'the challenge is hidden by a moderator'],
      [ended.challengeId, ended.startDate, 'the challenge has ended'],
    ];
    for (const [challengeId, startDate, reason] of cases) {
      const { file, event } = await store(storagePaths.mealProof(uid, challengeId, 1, 'breakfast'));
      expect(await check({ ...event, timeCreated: openBreakfast(startDate) })).toEqual({
        keep: false,
        reason,
      });
      expect(await stored(file)).toBe(false);
    }
    const { file, event } = await store(
      storagePaths.mealProof(uid, running.challengeId, 4, 'breakfast'),
    );
    expect(await check({ ...event, timeCreated: openBreakfast(running.startDate) })).toEqual({
      keep: false,
      reason: 'the challenge has no day 4',
    });
    expect(await stored(file)).toBe(false);
    expect(logged.some((line) => line.includes('the challenge is hidden by a moderator'))).toBe(
      true,
    );
  });

  it('deletes paths the rules allow no object at, and retries -2 and -3 made before a rejection', async () => {
    const uid = newUid();
    const { challengeId, startDate } = await seedChallenge(uid);
    const check = checkWith();
    const at = new Date(mealWindow(startDate, 1, 'dinner', ZONE).opensAt + 1).toISOString();
    for (const path of [
      `Challenge/${uid}/default/photo-1.jpg`,
      `Challenge/${uid}/${challengeId}/Day1-dinner-4.jpg`,
      `Challenge/${uid}/${challengeId}/notes.jpg`,
      `elsewhere/${uid}.jpg`,
    ]) {
      const { file, event } = await store(path);
      expect((await check({ ...event, timeCreated: at })).keep, path).toBe(false);
      expect(await stored(file)).toBe(false);
    }
    // A retry holds a photo only after the meal's last one was rejected (src/domain/challenges/proof-review.ts).
    const meal = harness.database.ref(`${dbPaths.challenge(uid, challengeId)}/meals/Day1/dinner`);
    const early = await store(storagePaths.mealProof(uid, challengeId, 1, 'dinner', 2));
    expect(await check({ ...early.event, timeCreated: at })).toEqual({
      keep: false,
      reason: 'Day1 dinner expects attempt 1, not 2',
    });
    expect(await stored(early.file)).toBe(false);
    for (const attempt of [2, 3]) {
      await meal.update({
        status: 'Available',
        imgPath: storagePaths.mealProof(uid, challengeId, 1, 'dinner', attempt - 1),
        review: { state: 'rejected' },
      });
      const { file, event } = await store(
        storagePaths.mealProof(uid, challengeId, 1, 'dinner', attempt),
      );
      expect(await check({ ...event, timeCreated: at })).toEqual({ keep: true });
      expect(await stored(file)).toBe(true);
    }
  });

  it('keeps a photo the proof route has already recorded, and refuses one for a proved meal', async () => {
    const uid = newUid();
    const { challengeId, startDate } = await seedChallenge(uid);
    const check = checkWith();
    const at = new Date(mealWindow(startDate, 1, 'lunch', ZONE).opensAt + 1).toISOString();
    const meal = harness.database.ref(`${dbPaths.challenge(uid, challengeId)}/meals/Day1/lunch`);
    const path = storagePaths.mealProof(uid, challengeId, 1, 'lunch');
    const { file, event } = await store(path);
    // The route recorded it (Done) before this check ran: the race of a fast route and a cold check.
    await meal.update({ status: 'Done', imgPath: path });
    expect(await check({ ...event, timeCreated: at })).toEqual({ keep: true });
    expect(await stored(file)).toBe(true);
    const extra = await store(storagePaths.mealProof(uid, challengeId, 1, 'lunch', 2));
    expect(await check({ ...extra.event, timeCreated: at })).toEqual({
      keep: false,
      reason: 'Day1 lunch takes no more photos',
    });
    expect(await stored(extra.file)).toBe(false);
  });

  it('deletes an object with a Content-Disposition or custom metadata, not the service’s own', async () => {
    const uid = newUid();
    const check = checkWith();
    const avatar = storagePaths.avatar(uid);
    for (const metadata of [
      { contentDisposition: 'attachment; filename="film.mp4"' },
      { metadata: { shared: 'yes' } },
      { cacheControl: 'public, max-age=31536000' },
    ]) {
      const { file, event } = await store(avatar, { metadata });
      expect((await check(event)).keep, JSON.stringify(metadata)).toBe(false);
      expect(await stored(file)).toBe(false);
    }
    const { file, event } = await store(avatar, {
      metadata: {
        contentDisposition: "inline; filename*=utf-8''avtar.jpg",
        metadata: { firebaseStorageDownloadTokens: 'a-token' },
      },
    });
    expect(await check(event)).toEqual({ keep: true });
    expect(await stored(file)).toBe(true);
  });

  it('deletes whatever a disabled member stores, avatar and proof', async () => {
    const uid = newUid();
    const { challengeId, startDate } = await seedChallenge(uid);
    await harness.database
      .ref(dbPaths.disabledMember(uid))
      .set({ at: Date.now(), by: 'admin', reason: 'spam' });
    const check = checkWith();
    const at = new Date(mealWindow(startDate, 1, 'lunch', ZONE).opensAt + 1).toISOString();
    for (const path of [
      storagePaths.avatar(uid),
      storagePaths.mealProof(uid, challengeId, 1, 'lunch'),
    ]) {
      const { file, event } = await store(path);
      expect(await check({ ...event, timeCreated: at })).toEqual({
        keep: false,
        reason: 'the member is disabled',
      });
      expect(await stored(file)).toBe(false);
    }
  });

  it("counts a member's proof bytes once each and deletes the proof that would pass the cap", async () => {
    const uid = newUid();
    const { challengeId, startDate } = await seedChallenge(uid);
    const check = checkWith(2 * PHOTO_BYTES + 10);
    const at = (slot: 'breakfast' | 'lunch' | 'dinner') =>
      new Date(mealWindow(startDate, 1, slot, ZONE).opensAt + 1).toISOString();
    const first = await store(storagePaths.mealProof(uid, challengeId, 1, 'breakfast'));
    expect(await check({ ...first.event, timeCreated: at('breakfast') })).toEqual({ keep: true });
    // The same event delivered again (events are at least once) is not counted twice.
    expect(await check({ ...first.event, timeCreated: at('breakfast') })).toEqual({ keep: true });
    const second = await store(storagePaths.mealProof(uid, challengeId, 1, 'lunch'));
    expect(await check({ ...second.event, timeCreated: at('lunch') })).toEqual({ keep: true });
    const third = await store(storagePaths.mealProof(uid, challengeId, 1, 'dinner'));
    expect(await check({ ...third.event, timeCreated: at('dinner') })).toEqual({
      keep: false,
      reason: `the member's proofs would pass ${2 * PHOTO_BYTES + 10} bytes`,
    });
    expect(await stored(third.file)).toBe(false);
    expect(await stored(second.file)).toBe(true);
    const usage = (await harness.database.ref(dbPaths.storageUsage(uid)).get()).val() as {
      bytes: number;
    };
    expect(usage.bytes).toBe(2 * PHOTO_BYTES);
  });

  it('deletes only the generation it judged: an avatar replaced since stays', async () => {
    const uid = newUid();
    await harness.database
      .ref(dbPaths.disabledMember(uid))
      .set({ at: Date.now(), by: 'admin', reason: 'spam' });
    const earlier = await store(storagePaths.avatar(uid));
    const later = await store(storagePaths.avatar(uid));
    expect(later.event.generation).not.toBe(earlier.event.generation);
    expect((await checkWith()(earlier.event)).keep).toBe(false);
    expect(await stored(later.file)).toBe(true);
  });
});
