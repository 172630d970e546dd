/** Commits uploaded bytes as a new object version, after the rules and quota checks. */
import type { Principal } from '../common/auth-token';
import type { BlobWriter } from './blobs';
import { HttpError } from './http';
import { newObjectMetadata, type WritableMetadata } from './object-metadata';
import type { Api } from './object-resources';
import { authorize, rulesView } from './rules-gate';
import type { StorageContext } from './storage-context';
import type { StoredObject } from './store';

export function checkQuota(ctx: StorageContext, delta: number): void {
  if (ctx.quotaBytes === undefined || delta <= 0) return;
  if (ctx.store.totalBytes + delta > ctx.quotaBytes) {
    throw new HttpError(
      402,
      `Quota exceeded: storing ${delta} more bytes would exceed the ${ctx.quotaBytes}-byte quota.`,
    );
  }
}

/** Commits written bytes as a new object version after rules and quota checks. */
export async function completeWrite(
  ctx: StorageContext,
  p: {
    api: Api;
    bucket: string;
    name: string;
    metadata: WritableMetadata;
    fallbackContentType: string | undefined;
    principal: Principal;
    writer: BlobWriter;
  },
): Promise<StoredObject> {
  const blob = await p.writer.commit();
  try {
    if (p.metadata.md5Hash && p.metadata.md5Hash !== blob.md5Hash) {
      throw new HttpError(
        400,
        `Provided MD5 hash ${p.metadata.md5Hash} does not match the uploaded data (${blob.md5Hash}).`,
      );
    }
    const existing = ctx.store.get(p.bucket, p.name);
    const meta = newObjectMetadata(
      p.bucket,
      p.name,
      p.metadata,
      p.fallbackContentType,
      blob,
      p.api === 'firebase',
    );
    if (p.api === 'firebase') {
      authorize(
        ctx,
        p.principal,
        existing ? 'update' : 'create',
        p.bucket,
        p.name,
        existing?.meta ?? null,
        rulesView(meta),
      );
    }
    checkQuota(ctx, blob.size - (existing?.meta.size ?? 0));
    const rec: StoredObject = { blobId: blob.id, meta };
    await ctx.store.put(rec);
    // Announced as Cloud Storage would, except a Firebase API write with the `owner` credential:
    // that is how seeds and fixtures place objects (dated with /internal/setTimeCreated), standing in
    // for imported data, which fires no trigger either (emulators/storage/README.md).
    if (p.principal.kind !== 'owner' || p.api === 'gcs') ctx.finalizeEvents?.finalized(meta);
    return rec;
  } catch (err) {
    await ctx.store.blobs.remove(blob.id);
    throw err;
  }
}
