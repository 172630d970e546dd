import { dbPaths } from '@domain/data/database-paths';
import type { MealKey } from '@domain/challenges/meal-key';
import { readValue } from '@/services/database';

/**
 * Another member's proof photo (its download URL, server-written by the board's writes), read when a member
 * opens it on the board: one small read of one meal, never with the board's first read (docs/performance.md).
 * Null once it is gone (rejected, or the member left).
 */
export async function readProofPhoto(
  challengeId: string,
  uid: string,
  meal: MealKey,
): Promise<string | null> {
  const url = await readValue<unknown>(`${dbPaths.groupPhotos(challengeId, uid)}/${meal}`);
  return typeof url === 'string' ? url : null;
}
