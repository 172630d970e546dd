import type { Bucket } from '@google-cloud/storage';
import { HttpError } from './http-error';

/** Where proof photos live; points follow the stored photo, never a URL a client wrote. */
export interface ProofStore {
  /** Epoch ms the object at this path was created, or undefined when there is none. */
  createdAt(path: string): Promise<number | undefined>;
}

/** A ProofStore over the project's bucket (firebase-admin's getStorage().bucket()). */
export function bucketProofStore(bucket: Bucket): ProofStore {
  return {
    async createdAt(path) {
      let timeCreated: unknown;
      try {
        [{ timeCreated }] = await bucket.file(path).getMetadata();
      } catch (error) {
        if ((error as { code?: unknown }).code === 404) return undefined;
        throw new HttpError(503, 'Could not check your proof photos, please try again');
      }
      const createdAt = Date.parse(String(timeCreated));
      return Number.isFinite(createdAt) ? createdAt : undefined;
    },
  };
}

/**
 * At most `max` look-ups in flight: a first recompute over a long history asks about every proof
 * once, and thousands of parallel requests would fail (or be throttled) rather than finish sooner.
 */
export function withConcurrency(store: ProofStore, max: number): ProofStore {
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    async createdAt(path) {
      if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
      active++;
      try {
        return await store.createdAt(path);
      } finally {
        active--;
        waiting.shift()?.();
      }
    },
  };
}
