import { randomUUID } from 'node:crypto';
import type { Bucket } from '@google-cloud/storage';
import { STORAGE_DOWNLOAD_ORIGIN } from '@domain/members/member-identity';
import { HttpError } from '../http/http-error';

/** A stored proof photo as the proof route reads it. */
export interface StoredProofPhoto {
  bytes: Buffer;
  /** Epoch ms the object was created (Storage's clock). */
  createdAt: number | undefined;
  /** Its download URL (with the object's Firebase download token), derived by the server. */
  downloadUrl: string;
}

/** Where proof photos live; points follow the stored photo, never a URL a client wrote. */
export interface ProofStore {
  /** Epoch ms the object at this path was created, or undefined when there is none. */
  createdAt(path: string): Promise<number | undefined>;
  /** The object's bytes, creation time and download URL, or undefined when there is none. */
  read?(path: string): Promise<StoredProofPhoto | undefined>;
  /** Deletes the object (a proof that is not a picture); nothing when it is gone already. */
  remove?(path: string): Promise<void>;
  /** The download URL of an existing object (an earlier proof shown to admins), or undefined. */
  downloadUrl?(path: string): Promise<string | undefined>;
}

const TOKENS_KEY = 'firebaseStorageDownloadTokens';

/**
 * Where browsers download the bucket's objects: Firebase's download host, or the Storage emulator's
 * own origin when the admin SDK talks to one (its apiEndpoint is then that emulator).
 */
function downloadOrigin(bucket: Bucket): string {
  const endpoint = bucket.storage.apiEndpoint.replace(/\/+$/, '');
  return /(^|\.)storage\.googleapis\.com$/.test(new URL(endpoint).hostname)
    ? STORAGE_DOWNLOAD_ORIGIN
    : endpoint;
}

const isMissing = (error: unknown) => (error as { code?: unknown }).code === 404;

/** A ProofStore over the project's bucket (firebase-admin's getStorage().bucket()). */
export function bucketProofStore(bucket: Bucket): ProofStore {
  /** The object's metadata with a download token (one is added, as the console does, when missing). */
  async function tokenedMetadata(path: string) {
    const file = bucket.file(path);
    let [metadata] = await file.getMetadata();
    if (!metadata.metadata?.[TOKENS_KEY])
      [metadata] = await file.setMetadata({ metadata: { [TOKENS_KEY]: randomUUID() } });
    const token = String(metadata.metadata?.[TOKENS_KEY]).split(',')[0];
    const createdAt = Date.parse(String(metadata.timeCreated));
    return {
      createdAt: Number.isFinite(createdAt) ? createdAt : undefined,
      downloadUrl: `${downloadOrigin(bucket)}/v0/b/${bucket.name}/o/${encodeURIComponent(path)}?alt=media&token=${token}`,
    };
  }
  return {
    async read(path) {
      try {
        const [described, [bytes]] = await Promise.all([
          tokenedMetadata(path),
          bucket.file(path).download(),
        ]);
        return { bytes, ...described };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw new HttpError(
          503,
          'unavailable',
          'Could not read your proof photo, please try again',
        );
      }
    },
    async remove(path) {
      await bucket.file(path).delete({ ignoreNotFound: true });
    },
    async downloadUrl(path) {
      try {
        return (await tokenedMetadata(path)).downloadUrl;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async createdAt(path) {
      let timeCreated: unknown;
      try {
        [{ timeCreated }] = await bucket.file(path).getMetadata();
      } catch (error) {
        if ((error as { code?: unknown }).code === 404) return undefined;
        throw new HttpError(
          503,
          'unavailable',
          'Could not check your proof photos, please try again',
        );
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
