/** The Firebase v0 REST API the web SDK uses: /v0/b/BUCKET/o[/OBJECT]. Checked against the rules. */
import type * as http from 'node:http';
import type { Principal } from '../common/auth-token';
import { drain, header, HttpError } from './http';
import { validateName } from './object-metadata';
import { listObjects } from './object-listing';
import { deleteObject, getObject, patchObject } from './object-requests';
import { startUpload } from './object-uploads';
import { authenticate } from './rules-gate';
import { continueFirebaseUpload } from './firebase-resumable';
import type { StorageContext } from './storage-context';

export async function firebaseApi(
  ctx: StorageContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  method: string,
  bucket: string,
  object: string | null,
  query: URLSearchParams,
): Promise<void> {
  const uploadId = query.get('upload_id');
  if (method === 'POST' && uploadId)
    return continueFirebaseUpload(ctx, req, res, uploadId, 'firebase');

  let principal: Principal;
  try {
    principal = authenticate(req);
    if (!ctx.ruleset && principal.kind !== 'owner') {
      throw new HttpError(403, 'Permission denied. Storage Emulator has no loaded ruleset.');
    }
  } catch (err) {
    await drain(req);
    throw err;
  }

  if (object === null) {
    if (method === 'GET') {
      await drain(req);
      return listObjects(ctx, res, principal, bucket, query, 'firebase');
    }
    if (method === 'POST')
      return startUpload(ctx, req, res, principal, bucket, query.get('name'), 'firebase');
    await drain(req);
    throw new HttpError(405, `${method} is not supported on a bucket`);
  }
  const name = validateName(object);
  switch (method) {
    case 'GET':
    case 'HEAD':
      await drain(req);
      return getObject(ctx, req, res, principal, bucket, name, query, 'firebase');
    case 'PATCH':
      return patchObject(ctx, req, res, principal, bucket, name, 'firebase');
    case 'PUT':
      if ((header(req, 'x-http-method-override') ?? '').toLowerCase() === 'patch') {
        return patchObject(ctx, req, res, principal, bucket, name, 'firebase');
      }
      return startUpload(ctx, req, res, principal, bucket, name, 'firebase');
    case 'POST':
      return startUpload(ctx, req, res, principal, bucket, name, 'firebase');
    case 'DELETE':
      await drain(req);
      return deleteObject(ctx, res, principal, bucket, name);
  }
  await drain(req);
  throw new HttpError(405, `${method} is not supported on an object`);
}
