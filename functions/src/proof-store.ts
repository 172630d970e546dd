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
