import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { dbPaths } from '@domain/data/database-paths';
import { parseStoragePath } from '@domain/data/storage-paths';
import type { ProofQueueEntry } from '@domain/challenges/proof-review';
import { proofQueueKeySchema } from '@domain/api/admin';
import { HttpError, parseOrThrow } from '../http/http-error';
import type { ProofStore } from '../proofs/proof-store';

export interface ProofPhotoDependencies {
  database: Database;
  proofs: ProofStore;
}

/** Which photo of a flagged proof: its own, or the earlier proof it was flagged as a copy of. */
export type ProofPhotoKind = 'flagged' | 'earlier';

const paramsSchema = z.object({ key: proofQueueKeySchema });

/** The raster types storage.rules accepts for a proof, told by their first bytes (not by a name). */
const IMAGE_SIGNATURES: ReadonlyArray<[type: string, matches: (bytes: Buffer) => boolean]> = [
  ['image/jpeg', (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff],
  ['image/png', (bytes) => bytes.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))],
  [
    'image/webp',
    (bytes) =>
      bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
      bytes.subarray(8, 12).toString('latin1') === 'WEBP',
  ],
];

export function imageTypeOf(bytes: Buffer): string | undefined {
  return IMAGE_SIGNATURES.find(([, matches]) => matches(bytes))?.[0];
}

/** The stored path of the photo asked for, from the server's queue entry (never from the request). */
async function queuedPhotoPath(database: Database, key: string, kind: ProofPhotoKind) {
  const entry = (
    await database.ref(dbPaths.proofQueueEntry(key)).get()
  ).val() as ProofQueueEntry | null;
  if (!entry) throw new HttpError(404, 'not-found', 'This proof is no longer waiting for review');
  const path = kind === 'flagged' ? entry.imgPath : entry.match?.imgPath;
  if (!path || parseStoragePath(path)?.kind !== 'mealProof')
    throw new HttpError(404, 'not-found', 'This photo is gone');
  return path;
}

/**
 * GET /api/admin/proofs/:key/photo and /earlier-photo: the flagged proof's photo, or the earlier proof it
 * matches, streamed to an admin (requireAdmin has read their admins/{uid} record on this very request).
 * Admins see proofs only this way, never by a path storage.rules would have to open to a token's claim,
 * which outlives a revoke (docs/security.md, "Admins"). Nothing is cached: each view is checked again.
 */
export function streamProofPhoto(
  { database, proofs }: ProofPhotoDependencies,
  kind: ProofPhotoKind,
): RequestHandler {
  return async (request, response) => {
    const { key } = parseOrThrow(paramsSchema, request.params);
    const path = await queuedPhotoPath(database, key, kind);
    if (!proofs.read) throw new HttpError(503, 'unavailable', 'Proof photos cannot be read here');
    const stored = await proofs.read(path);
    if (!stored) throw new HttpError(404, 'not-found', 'This photo is gone');
    const type = imageTypeOf(stored.bytes);
    if (!type) throw new HttpError(404, 'not-found', 'This photo is gone');
    response
      .status(200)
      .set({
        'Content-Type': type,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      })
      .send(stored.bytes);
  };
}
