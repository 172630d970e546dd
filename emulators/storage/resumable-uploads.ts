/**
 * Resumable upload sessions shared by both APIs: starting one (with an early rules and quota
 * check), serialising the requests that write to it, finalising it once, and dropping idle
 * ones. The two chunk protocols are in firebase-resumable.ts and gcs-resumable.ts.
 */
import { randomUUID } from 'node:crypto';
import type * as http from 'node:http';
import type { Principal } from '../common/auth-token';
import { baseUrl, header, HttpError, readJsonObject } from './http';
import { cleanCustom, parseWritableMetadata, validateName } from './object-metadata';
import { resourceFor, type Api } from './object-resources';
import { checkQuota, completeWrite } from './object-writes';
import { authorize, rulesView } from './rules-gate';
import type { StorageContext } from './storage-context';
import type { UploadSession } from './upload-session';

const UPLOAD_IDLE_MS = 60 * 60 * 1000;

/** Drops sessions idle for an hour, discarding what they received. */
export function sweepIdleUploads(uploads: Map<string, UploadSession>): void {
  const now = Date.now();
  for (const [id, u] of uploads) {
    if (now - u.touched > UPLOAD_IDLE_MS) {
      uploads.delete(id);
      if (u.status === 'active') void u.writer.discard().catch(() => undefined);
    }
  }
}

export async function discardUploads(uploads: Map<string, UploadSession>): Promise<void> {
  for (const u of uploads.values()) {
    if (u.status === 'active') await u.writer.discard().catch(() => undefined);
  }
  uploads.clear();
}

export async function startResumable(
  ctx: StorageContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  principal: Principal,
  bucket: string,
  nameFromUrl: string | null,
  api: Api,
): Promise<void> {
  const metadata = parseWritableMetadata(await readJsonObject(req));
  const name = validateName(nameFromUrl ?? metadata.name);
  const lengthHeader =
    header(req, 'x-goog-upload-header-content-length') ?? header(req, 'x-upload-content-length');
  let declaredSize: number | null = null;
  if (lengthHeader !== undefined) {
    if (!/^\d+$/.test(lengthHeader.trim()))
      throw new HttpError(
        400,
        'X-Goog-Upload-Header-Content-Length must be a non-negative integer',
      );
    declaredSize = Number(lengthHeader);
  }
  const declaredContentType =
    header(req, 'x-goog-upload-header-content-type') ?? header(req, 'x-upload-content-type');

  // Refuse early what would certainly be refused at finalize.
  const existing = ctx.store.get(bucket, name);
  if (api === 'firebase') {
    const now = new Date().toISOString();
    const provisional = rulesView({
      bucket,
      name,
      size: declaredSize ?? undefined,
      contentType: metadata.contentType ?? declaredContentType ?? 'application/octet-stream',
      cacheControl: metadata.cacheControl ?? undefined,
      contentDisposition: metadata.contentDisposition ?? undefined,
      contentEncoding: metadata.contentEncoding ?? undefined,
      contentLanguage: metadata.contentLanguage ?? undefined,
      customMetadata: cleanCustom(metadata.metadata).custom,
      timeCreated: now,
      updated: now,
    });
    authorize(
      ctx,
      principal,
      existing ? 'update' : 'create',
      bucket,
      name,
      existing?.meta ?? null,
      provisional,
      {
        provisional: true,
      },
    );
  }
  if (declaredSize !== null) checkQuota(ctx, declaredSize - (existing?.meta.size ?? 0));

  const id = randomUUID().replace(/-/g, '');
  const session: UploadSession = {
    id,
    api,
    bucket,
    name,
    metadata,
    declaredSize,
    declaredContentType,
    principal,
    writer: ctx.store.blobs.createWriter(),
    status: 'active',
    writerTurn: 0,
    turns: 0,
    lock: Promise.resolve(),
    touched: Date.now(),
  };
  ctx.uploads.set(id, session);
  const base = baseUrl(req);
  if (api === 'firebase') {
    const url =
      `${base}/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(name)}` +
      `&upload_id=${id}&upload_protocol=resumable`;
    res.writeHead(200, {
      'X-Goog-Upload-Status': 'active',
      'X-Goog-Upload-URL': url,
      'X-Goog-Upload-Control-URL': url,
      'X-Goog-Upload-Chunk-Granularity': '262144',
      'X-GUploader-UploadID': id,
      'Content-Length': '0',
    });
    res.end();
    return;
  }
  const url =
    `${base}/upload/storage/v1/b/${encodeURIComponent(bucket)}/o?uploadType=resumable` +
    `&name=${encodeURIComponent(name)}&upload_id=${id}`;
  res.writeHead(200, { Location: url, 'X-GUploader-UploadID': id, 'Content-Length': '0' });
  res.end();
}

/** Runs `fn` after every earlier locked step of this upload, so that writes never interleave. */
export function withLock<T>(u: UploadSession, fn: () => Promise<T>): Promise<T> {
  const run = u.lock.then(fn, fn);
  u.lock = run.catch(() => undefined);
  return run;
}

export async function finalizeUpload(
  ctx: StorageContext,
  u: UploadSession,
  req: http.IncomingMessage,
): Promise<{ status: number; body: unknown }> {
  if (u.status === 'final' && u.finalResponse) return u.finalResponse;
  if (u.status !== 'active') throw new HttpError(400, 'upload is no longer active');
  if (u.declaredSize !== null && u.writer.size !== u.declaredSize) {
    throw new HttpError(
      400,
      `upload has ${u.writer.size} of the declared ${u.declaredSize} bytes`,
      {
        'X-Goog-Upload-Status': 'active',
      },
    );
  }
  u.status = 'final';
  try {
    const rec = await completeWrite(ctx, {
      api: u.api,
      bucket: u.bucket,
      name: u.name,
      metadata: u.metadata,
      fallbackContentType: u.declaredContentType,
      principal: u.principal,
      writer: u.writer,
    });
    u.finalResponse = {
      status: 200,
      body: resourceFor(u.api, rec.meta, req),
    };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    u.finalResponse = {
      status: err.status,
      body: { error: { code: err.status, message: err.message } },
    };
  }
  return u.finalResponse;
}
