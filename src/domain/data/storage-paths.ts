import { MEAL_SLOTS, type MealSlot } from '@domain/constants';

/** A proof may be retried twice after an admin rejects it (docs/product.md): attempts 1 to 3. */
export const MAX_PROOF_ATTEMPTS = 3;

/** Plans are at most 7 days long; storage.rules bounds proof names the same way. */
export const MAX_PROOF_DAY = 7;

/** Cloud Storage object paths (docs/architecture.md, "Data model and access"); storage.rules guards them. */
export const storagePaths = {
  avatar: (uid: string) => `Challenge/${uid}/profile/avtar.jpg`,
  /** Attempt 1 keeps the original name; a retry after a rejection adds `-{attempt}`, create-only each. */
  mealProof: (uid: string, challengeId: string, day: number, meal: string, attempt = 1) =>
    `Challenge/${uid}/${challengeId}/Day${day}-${meal}${attempt > 1 ? `-${attempt}` : ''}.jpg`,
} as const;

export type StoredObjectPath =
  | { kind: 'avatar'; uid: string }
  | {
      kind: 'mealProof';
      uid: string;
      challengeId: string;
      day: number;
      slot: MealSlot;
      attempt: number;
    };

const UID_SEGMENT = '[A-Za-z0-9_-]{1,128}';
/** A database push id, as the API mints it (src/domain/data/push-key.ts). */
const CHALLENGE_ID_SEGMENT = '-[0-9A-Za-z_-]{19}';
const AVATAR_PATH = new RegExp(`^Challenge/(${UID_SEGMENT})/profile/avtar\\.jpg$`);
const MEAL_PROOF_PATH = new RegExp(
  `^Challenge/(${UID_SEGMENT})/(${CHALLENGE_ID_SEGMENT})/Day([1-${MAX_PROOF_DAY}])-(${MEAL_SLOTS.join('|')})(?:-([2-${MAX_PROOF_ATTEMPTS}]))?\\.jpg$`,
);

/**
 * Reads an object path back into what it stores, or null for any path storage.rules refuses
 * (the finalize check in functions/src/proofs/stored-upload-check.ts deletes those).
 */
export function parseStoragePath(path: string): StoredObjectPath | null {
  const avatar = AVATAR_PATH.exec(path);
  if (avatar) return { kind: 'avatar', uid: avatar[1] };
  const proof = MEAL_PROOF_PATH.exec(path);
  if (!proof) return null;
  return {
    kind: 'mealProof',
    uid: proof[1],
    challengeId: proof[2],
    day: Number(proof[3]),
    slot: proof[4] as MealSlot,
    attempt: proof[5] ? Number(proof[5]) : 1,
  };
}
