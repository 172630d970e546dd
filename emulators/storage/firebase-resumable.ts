/**
 * The Firebase v0 resumable protocol: POST with X-Goog-Upload-Command upload, finalize,
 * "upload, finalize", query or cancel, and X-Goog-Upload-Offset for each chunk.
 */
import type * as http from 'node:http';
import { drain, header, HttpError, sendJson } from './http';
import type { Api } from './object-resources';
import { finalizeUpload, withLock } from './resumable-uploads';
import type { UploadSession } from './upload-session';
import type { StorageContext } from './storage-context';

export async function continueFirebaseUpload(
  ctx: StorageContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  id: string,
  api: Api,
) {
  const u = ctx.uploads.get(id);
  if (!u || u.api !== api) {
    await drain(req);
    throw new HttpError(404, `Upload ${id.slice(0, 64)} not found`);
  }
  u.touched = Date.now();
  const commands = new Set(
    (header(req, 'x-goog-upload-command') ?? '')
      .toLowerCase()
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
  );
  const known = ['upload', 'finalize', 'query', 'cancel'];
  if (commands.size === 0 || [...commands].some((c) => !known.includes(c))) {
    await drain(req);
    throw new HttpError(
      400,
      'X-Goog-Upload-Command must be upload, finalize, "upload, finalize", query or cancel',
    );
  }
  const statusHeaders = () => ({
    'X-Goog-Upload-Status': u.status === 'cancelled' ? 'cancelled' : u.status,
    'X-Goog-Upload-Size-Received': String(
      u.status === 'final' ? (u.declaredSize ?? u.writer.size) : u.writer.size,
    ),
  });
  if (commands.has('query')) {
    await drain(req);
    res.writeHead(200, { ...statusHeaders(), 'Content-Length': '0' }).end();
    return;
  }
  if (commands.has('cancel')) {
    await drain(req);
    if (u.status === 'final') throw new HttpError(400, 'upload already finalized', statusHeaders());
    if (u.status === 'active') {
      u.status = 'cancelled';
      await withLock(u, () => u.writer.discard());
    }
    res.writeHead(200, { ...statusHeaders(), 'Content-Length': '0' }).end();
    return;
  }
  if (u.status === 'cancelled') {
    await drain(req);
    throw new HttpError(404, 'upload was cancelled');
  }
  if (u.status === 'final') {
    await drain(req);
    if (commands.has('finalize') && u.finalResponse) {
      return sendJson(res, u.finalResponse.status, u.finalResponse.body, {
        'X-Goog-Upload-Status': 'final',
      });
    }
    throw new HttpError(400, 'upload already finalized', { 'X-Goog-Upload-Status': 'final' });
  }

  if (commands.has('upload')) {
    if (!(await receiveChunk(u, req, statusHeaders))) return;
  } else {
    await drain(req);
  }

  if (commands.has('finalize')) {
    const response = await withLock(u, () => finalizeUpload(ctx, u, req));
    return sendJson(res, response.status, response.body, { 'X-Goog-Upload-Status': 'final' });
  }
  res
    .writeHead(200, { ...statusHeaders(), 'X-GUploader-UploadID': u.id, 'Content-Length': '0' })
    .end();
}

/**
 * Writes one chunk at X-Goog-Upload-Offset. A newer request for the same upload supersedes this
 * one (409); false when the client went away mid-chunk.
 */
async function receiveChunk(
  u: UploadSession,
  req: http.IncomingMessage,
  statusHeaders: () => Record<string, string>,
): Promise<boolean> {
  const offsetRaw = header(req, 'x-goog-upload-offset');
  if (offsetRaw === undefined || !/^\d+$/.test(offsetRaw.trim())) {
    await drain(req);
    throw new HttpError(
      400,
      'X-Goog-Upload-Offset must be a non-negative integer',
      statusHeaders(),
    );
  }
  const offset = Number(offsetRaw);
  const turn = ++u.turns;
  try {
    await withLock(u, async () => {
      if (u.status !== 'active') throw new HttpError(400, 'upload is no longer active');
      if (offset > u.writer.size) {
        throw new HttpError(
          400,
          `X-Goog-Upload-Offset ${offset} is beyond the ${u.writer.size} bytes received`,
        );
      }
      u.writerTurn = turn; // supersedes any request still streaming an earlier chunk
      await u.writer.truncate(offset);
    });
  } catch (err) {
    await drain(req);
    if (err instanceof HttpError) throw new HttpError(err.status, err.message, statusHeaders());
    throw err;
  }
  let failure: HttpError | null = null;
  let superseded = false;
  try {
    for await (const chunk of req) {
      if (failure || superseded) continue; // keep draining so the client can read our answer
      await withLock(u, async () => {
        if (u.writerTurn !== turn || u.status !== 'active') {
          superseded = true;
          return;
        }
        const buf = chunk as Buffer;
        if (u.declaredSize !== null && u.writer.size + buf.length > u.declaredSize) {
          failure = new HttpError(400, `upload exceeds the declared ${u.declaredSize} bytes`);
          return;
        }
        await u.writer.append(buf);
      });
    }
  } catch {
    return false; // client went away mid-chunk; what arrived stays (query reports it)
  }
  u.touched = Date.now();
  if (failure)
    throw new HttpError(
      (failure as HttpError).status,
      (failure as HttpError).message,
      statusHeaders(),
    );
  if (superseded)
    throw new HttpError(409, 'superseded by a newer request for this upload', statusHeaders());
  return true;
}
