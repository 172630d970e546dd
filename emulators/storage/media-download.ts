/** Sends an object's bytes (alt=media), honouring a single Range and HEAD. */
import type * as http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { header, sendError } from './http';
import { etagOf, type ObjectStore, type StoredObject } from './store';

export async function sendMedia(
  store: ObjectStore,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  rec: StoredObject,
) {
  const meta = rec.meta;
  const size = meta.size;
  let start = 0;
  let end = size; // exclusive
  let status = 200;
  const headers: Record<string, string> = {
    'Content-Type': meta.contentType ?? 'application/octet-stream',
    'Accept-Ranges': 'bytes',
    ETag: `"${etagOf(meta)}"`,
    'Last-Modified': new Date(meta.updated).toUTCString(),
    'Content-Disposition':
      meta.contentDisposition ??
      `inline; filename*=utf-8''${encodeURIComponent(meta.name.split('/').pop() ?? '')}`,
    'x-goog-generation': meta.generation,
    'x-goog-metageneration': String(meta.metageneration),
  };
  if (meta.cacheControl) headers['Cache-Control'] = meta.cacheControl;
  if (meta.contentLanguage) headers['Content-Language'] = meta.contentLanguage;
  if (meta.contentEncoding && meta.contentEncoding !== 'identity')
    headers['Content-Encoding'] = meta.contentEncoding;
  const range = header(req, 'range');
  const m = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (m && (m[1] !== '' || m[2] !== '')) {
    if (m[1] === '') {
      start = Math.max(0, size - Number(m[2]));
    } else {
      start = Number(m[1]);
      end = m[2] === '' ? size : Math.min(size, Number(m[2]) + 1);
    }
    if (start >= size || start >= end) {
      return sendError(res, 416, 'Requested range not satisfiable', {
        'Content-Range': `bytes */${size}`,
      });
    }
    status = 206;
    headers['Content-Range'] = `bytes ${start}-${end - 1}/${size}`;
  } else {
    headers['x-goog-hash'] = meta.crc32c
      ? `crc32c=${meta.crc32c},md5=${meta.md5Hash}`
      : `md5=${meta.md5Hash}`;
  }
  headers['Content-Length'] = String(end - start);
  res.writeHead(status, headers);
  if (req.method === 'HEAD' || end === start) {
    res.end();
    return;
  }
  try {
    await pipeline(store.blobs.read(rec.blobId, start, end), res);
  } catch {
    res.destroy();
  }
}
