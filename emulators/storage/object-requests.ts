/** Reading, updating the metadata of, and deleting one object: shared by both APIs. */
import type * as http from 'node:http';
import type { Principal } from '../common/auth-token';
import { baseUrl, HttpError, readJsonObject, sendJson } from './http';
import { sendMedia } from './media-download';
import { applyPatch, parseWritableMetadata } from './object-metadata';
import { firebaseResource, gcsResource, resourceFor, type Api } from './object-resources';
import { authorize, rulesView } from './rules-gate';
import type { StorageContext } from './storage-context';
import { newDownloadToken, type ObjectStore, type StoredObject } from './store';

export async function getObject(
  ctx: StorageContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  principal: Principal,
  bucket: string,
  name: string,
  query: URLSearchParams,
  api: Api,
): Promise<void> {
  let rec = ctx.store.get(bucket, name);
  const token = query.get('token');
  const media = query.get('alt') === 'media';
  if (api === 'firebase') {
    if (media && token !== null) {
      if (!rec) throw new HttpError(404, `Not found: ${bucket}/${name}`);
      if (!rec.meta.downloadTokens.includes(token)) {
        throw new HttpError(403, 'Permission denied. The download token does not match.');
      }
    } else {
      authorize(ctx, principal, 'get', bucket, name, rec?.meta ?? null, null);
    }
  }
  if (!rec) {
    throw new HttpError(
      404,
      api === 'gcs' ? `No such object: ${bucket}/${name}` : `Not found: ${bucket}/${name}`,
    );
  }
  if (media) return sendMedia(ctx.store, req, res, rec);
  if (api === 'gcs') return sendJson(res, 200, gcsResource(rec.meta, baseUrl(req)));
  rec = await ensureToken(ctx.store, rec);
  return sendJson(res, 200, firebaseResource(rec.meta));
}

/** The Firebase v0 API always shows a download token; an object without one gets one on first read. */
async function ensureToken(store: ObjectStore, rec: StoredObject): Promise<StoredObject> {
  if (rec.meta.downloadTokens.length) return rec;
  return store.updateMeta(rec, { ...rec.meta, downloadTokens: [newDownloadToken()] });
}

export async function patchObject(
  ctx: StorageContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  principal: Principal,
  bucket: string,
  name: string,
  api: Api,
): Promise<void> {
  const patch = parseWritableMetadata(await readJsonObject(req));
  const rec = ctx.store.get(bucket, name);
  const proposed = rec ? applyPatch(rec.meta, patch) : null;
  if (api === 'firebase') {
    authorize(
      ctx,
      principal,
      'update',
      bucket,
      name,
      rec?.meta ?? null,
      proposed ? rulesView(proposed) : null,
    );
  }
  if (!rec || !proposed) throw new HttpError(404, `Not found: ${bucket}/${name}`);
  const updated = await ctx.store.updateMeta(rec, proposed);
  return sendJson(res, 200, resourceFor(api, updated.meta, req));
}

export async function deleteObject(
  ctx: StorageContext,
  res: http.ServerResponse,
  principal: Principal | null,
  bucket: string,
  name: string,
) {
  const rec = ctx.store.get(bucket, name);
  if (principal) authorize(ctx, principal, 'delete', bucket, name, rec?.meta ?? null, null);
  if (!rec) throw new HttpError(404, `Not found: ${bucket}/${name}`);
  await ctx.store.delete(rec);
  res.writeHead(204).end();
}
