/**
 * Upload requests: the protocol is chosen from the request (resumable, multipart or plain
 * media); multipart and media uploads complete in this one request.
 */
import type * as http from 'node:http';
import type { Principal } from '../common/auth-token';
import { drain, header, HttpError, parseJsonObject, sendJson } from './http';
import { boundaryFrom, parseMultipartRelated } from './multipart';
import { parseWritableMetadata, validateName } from './object-metadata';
import { resourceFor, type Api } from './object-resources';
import { completeWrite } from './object-writes';
import { startResumable } from './resumable-uploads';
import type { StorageContext } from './storage-context';

export async function startUpload(
  ctx: StorageContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  principal: Principal,
  bucket: string,
  nameFromUrl: string | null,
  api: Api,
): Promise<void> {
  const protocol = (header(req, 'x-goog-upload-protocol') ?? '').toLowerCase();
  const command = (header(req, 'x-goog-upload-command') ?? '').toLowerCase();
  if (protocol === 'resumable' || command) {
    if (command !== 'start') {
      await drain(req);
      throw new HttpError(400, 'a resumable upload must start with X-Goog-Upload-Command: start');
    }
    return startResumable(ctx, req, res, principal, bucket, nameFromUrl, api);
  }
  if (protocol === 'multipart' || /^multipart\/related/i.test(header(req, 'content-type') ?? '')) {
    return multipartUpload(ctx, req, res, principal, bucket, nameFromUrl, api);
  }
  return mediaUpload(ctx, req, res, principal, bucket, nameFromUrl, api);
}

export async function multipartUpload(
  ctx: StorageContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  principal: Principal,
  bucket: string,
  nameFromUrl: string | null,
  api: Api,
): Promise<void> {
  const writer = ctx.store.blobs.createWriter();
  let parsed;
  try {
    const boundary = boundaryFrom(header(req, 'content-type'));
    parsed = await parseMultipartRelated(req, boundary, (chunk) => writer.append(chunk));
  } catch (err) {
    await writer.discard();
    await drain(req);
    throw err;
  }
  try {
    const metadata = parseWritableMetadata(
      parsed.metadataText.trim()
        ? parseJsonObject(parsed.metadataText, 'multipart metadata part')
        : {},
    );
    const name = validateName(nameFromUrl ?? metadata.name);
    const rec = await completeWrite(ctx, {
      api,
      bucket,
      name,
      metadata,
      fallbackContentType: parsed.mediaHeaders['content-type'],
      principal,
      writer,
    });
    return sendJson(res, 200, resourceFor(api, rec.meta, req));
  } catch (err) {
    await writer.discard();
    throw err;
  }
}

export async function mediaUpload(
  ctx: StorageContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  principal: Principal,
  bucket: string,
  nameFromUrl: string | null,
  api: Api,
): Promise<void> {
  let name: string;
  try {
    name = validateName(nameFromUrl);
  } catch (err) {
    await drain(req);
    throw err;
  }
  const writer = ctx.store.blobs.createWriter();
  try {
    for await (const chunk of req) await writer.append(chunk as Buffer);
    const rec = await completeWrite(ctx, {
      api,
      bucket,
      name,
      metadata: {},
      fallbackContentType: header(req, 'content-type'),
      principal,
      writer,
    });
    return sendJson(res, 200, resourceFor(api, rec.meta, req));
  } catch (err) {
    await writer.discard();
    throw err;
  }
}
