import { describe, expect, it } from 'vitest';
import { parseStoragePath, storagePaths } from '@domain/data/storage-paths';

const UID = 'uid_A-1';
const CHALLENGE = '-NxOliviaChallenge01';

describe('storagePaths.mealProof', () => {
  it('names attempt 1 as before and retries with -2 and -3', () => {
    expect(storagePaths.mealProof(UID, CHALLENGE, 2, 'lunch')).toBe(
      `Challenge/${UID}/${CHALLENGE}/Day2-lunch.jpg`,
    );
    expect(storagePaths.mealProof(UID, CHALLENGE, 2, 'lunch', 1)).toBe(
      `Challenge/${UID}/${CHALLENGE}/Day2-lunch.jpg`,
    );
    expect(storagePaths.mealProof(UID, CHALLENGE, 2, 'lunch', 3)).toBe(
      `Challenge/${UID}/${CHALLENGE}/Day2-lunch-3.jpg`,
    );
  });
});

describe('parseStoragePath', () => {
  it('reads back every path storagePaths makes', () => {
    expect(parseStoragePath(storagePaths.avatar(UID))).toEqual({ kind: 'avatar', uid: UID });
    for (const attempt of [1, 2, 3]) {
      expect(
        parseStoragePath(storagePaths.mealProof(UID, CHALLENGE, 7, 'dinner', attempt)),
      ).toEqual({
        kind: 'mealProof',
        uid: UID,
        challengeId: CHALLENGE,
        day: 7,
        slot: 'dinner',
        attempt,
      });
    }
  });

  it('refuses what storage.rules refuses', () => {
    for (const path of [
      `Challenge/${UID}/default/photo-1.jpg`,
      `Challenge/${UID}/${CHALLENGE}/Day8-lunch.jpg`,
      `Challenge/${UID}/${CHALLENGE}/Day0-lunch.jpg`,
      `Challenge/${UID}/${CHALLENGE}/Day1-brunch.jpg`,
      `Challenge/${UID}/${CHALLENGE}/Day1-lunch-1.jpg`,
      `Challenge/${UID}/${CHALLENGE}/Day1-lunch-4.jpg`,
      `Challenge/${UID}/${CHALLENGE}/Day1-lunch.png`,
      `Challenge/${UID}/${CHALLENGE}x/Day1-lunch.jpg`,
      `Challenge/${UID}/holiday-pics/Day1-lunch.jpg`,
      `Challenge/${UID}/${CHALLENGE}/extra/Day1-lunch.jpg`,
      `Challenge/${UID}/profile/other.jpg`,
      `Challenge/${UID}/profile/avtar.jpg.jpg`,
      'public/banner.jpg',
    ]) {
      expect(parseStoragePath(path), path).toBeNull();
    }
  });
});
