/** The GCS JSON API's resumable protocol (what firebase-admin uses for large files). */
import type * as http from 'node:http';
import { drain, header, HttpError, sendJson } from './http';
import { finalizeUpload, withLock } from './resumable-uploads';
import type { StorageContext } from './storage-context';

/**
 * GCS resumable protocol: PUT with Content-Range "bytes A-B/TOTAL" (a chunk), "bytes A-STAR/TOTAL"
 * (the rest of the object in this request), "bytes STAR/TOTAL" (finalize) or "bytes STAR/STAR" (query),
 * where STAR is a literal asterisk and TOTAL may be one. Incomplete uploads answer 308 + Range.
 */
export async function gcsResumableChunk(
  ctx: StorageContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  id: string,
): Promise<void> {
  const u = ctx.uploads.get(id);
  if (!u || u.api !== 'gcs') {
    await drain(req);
    throw new HttpError(404, `Upload ${id.slice(0, 64)} not found`);
  }
  u.touched = Date.now();
  const range = (header(req, 'content-range') ?? '').trim();
  const m = /^bytes (?:(\d+)-(\d+|\*)|\*)\/(\d+|\*)$/.exec(range);
  if (range && !m) {
    await drain(req);
    throw new HttpError(400, `invalid Content-Range ${JSON.stringify(range.slice(0, 80))}`);
  }
  if (u.status === 'final' && u.finalResponse) {
    await drain(req);
    return sendJson(res, u.finalResponse.status, u.finalResponse.body);
  }
  if (u.status !== 'active') {
    await drain(req);
    throw new HttpError(404, 'upload was cancelled');
  }
  const total = m && m[3] !== '*' ? Number(m[3]) : null;
  const start = !m ? 0 : m[1] !== undefined ? Number(m[1]) : null;
  // No Content-Range, or "A-*": this request carries the rest of the object.
  const restOfObject = !m || m[2] === '*';
  if (start !== null) {
    if (start > u.writer.size) {
      await drain(req);
      throw new HttpError(
        400,
        `chunk starts at ${start}, beyond the ${u.writer.size} bytes received`,
      );
    }
    const turn = ++u.turns;
    await withLock(u, async () => {
      u.writerTurn = turn;
      await u.writer.truncate(start);
    });
    try {
      for await (const chunk of req) {
        await withLock(u, async () => {
          if (u.writerTurn === turn && u.status === 'active')
            await u.writer.append(chunk as Buffer);
        });
      }
    } catch {
      return; // client went away; what arrived stays
    }
  } else {
    await drain(req);
  }
  const finalize = restOfObject || (total !== null && u.writer.size >= total);
  if (finalize) {
    u.declaredSize = total ?? u.writer.size;
    const response = await withLock(u, () => finalizeUpload(ctx, u, req));
    return sendJson(res, response.status, response.body);
  }
  const h: Record<string, string> = { 'Content-Length': '0' };
  if (u.writer.size > 0) h.Range = `bytes=0-${u.writer.size - 1}`;
  res.writeHead(308, h).end();
}
