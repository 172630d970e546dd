/**
 * The few GCS JSON API endpoints firebase-admin (@google-cloud/storage) needs. The admin SDK
 * sends no credentials to an emulator and bypasses rules, so every request here acts as owner.
 */
import type * as http from 'node:http';
import type { Principal } from '../common/auth-token';
import { baseUrl, drain, HttpError } from './http';
import { validateName } from './object-metadata';
import { listObjects } from './object-listing';
import { deleteObject, getObject, patchObject } from './object-requests';
import { mediaUpload, multipartUpload } from './object-uploads';
import { startResumable } from './resumable-uploads';
import { gcsResumableChunk } from './gcs-resumable';
import type { StorageContext } from './storage-context';

export async function gcsApi(
  ctx: StorageContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  method: string,
  bucket: string,
  object: string | null,
  query: URLSearchParams,
): Promise<void> {
  if (object === null) {
    await drain(req);
    if (method === 'GET') return listObjects(ctx, res, null, bucket, query, 'gcs', baseUrl(req));
    throw new HttpError(405, `${method} is not supported on a bucket`);
  }
  const name = validateName(object);
  const admin: Principal = { kind: 'owner' };
  switch (method) {
    case 'GET':
    case 'HEAD':
      await drain(req);
      return getObject(ctx, req, res, admin, bucket, name, query, 'gcs');
    case 'PATCH':
    case 'PUT':
      return patchObject(ctx, req, res, admin, bucket, name, 'gcs');
    case 'DELETE': {
      await drain(req);
      // A precondition, as GCS checks it: delete only the generation the caller saw (412 otherwise).
      const generation = query.get('ifGenerationMatch');
      const current = ctx.store.get(bucket, name);
      if (generation !== null && current && current.meta.generation !== generation)
        throw new HttpError(
          412,
          `Precondition failed: ${bucket}/${name} is at generation ${current.meta.generation}`,
        );
      return deleteObject(ctx, res, null, bucket, name).catch((err) => {
        if (err instanceof HttpError && err.status === 404)
          throw new HttpError(404, `No such object: ${bucket}/${name}`);
        throw err;
      });
    }
  }
  await drain(req);
  throw new HttpError(405, `${method} is not supported on an object`);
}

export async function gcsUpload(
  ctx: StorageContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  method: string,
  bucket: string,
  query: URLSearchParams,
): Promise<void> {
  const admin: Principal = { kind: 'owner' };
  const uploadId = query.get('upload_id');
  if (uploadId && (method === 'PUT' || method === 'POST'))
    return gcsResumableChunk(ctx, req, res, uploadId);
  if (method !== 'POST') {
    await drain(req);
    throw new HttpError(405, `${method} is not supported here`);
  }
  const type = query.get('uploadType') ?? '';
  if (type === 'resumable')
    return startResumable(ctx, req, res, admin, bucket, query.get('name'), 'gcs');
  if (type === 'multipart')
    return multipartUpload(ctx, req, res, admin, bucket, query.get('name'), 'gcs');
  return mediaUpload(ctx, req, res, admin, bucket, query.get('name'), 'gcs');
}
