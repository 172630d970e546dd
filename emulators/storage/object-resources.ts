/** How each API describes an object: the Firebase v0 metadata resource and the GCS JSON object. */
import type * as http from 'node:http';
import { baseUrl } from './http';
import { TOKENS_KEY } from './object-metadata';
import { etagOf, type ObjectMetadata } from './store';

/** Which API a request came through: the web SDK's Firebase v0 API or the GCS JSON API (admin). */
export type Api = 'firebase' | 'gcs';

/** Firebase v0 metadata resource (numbers as strings, tokens comma-separated). */
export function firebaseResource(meta: ObjectMetadata): Record<string, unknown> {
  return {
    name: meta.name,
    bucket: meta.bucket,
    generation: meta.generation,
    metageneration: String(meta.metageneration),
    contentType: meta.contentType,
    timeCreated: meta.timeCreated,
    updated: meta.updated,
    storageClass: 'STANDARD',
    size: String(meta.size),
    md5Hash: meta.md5Hash,
    crc32c: meta.crc32c,
    etag: etagOf(meta),
    contentEncoding: meta.contentEncoding ?? 'identity',
    contentDisposition: meta.contentDisposition,
    contentLanguage: meta.contentLanguage,
    cacheControl: meta.cacheControl,
    metadata: meta.customMetadata,
    downloadTokens: meta.downloadTokens.join(','),
  };
}

/** GCS JSON API object resource. */
export function gcsResource(meta: ObjectMetadata, base: string): Record<string, unknown> {
  const custom: Record<string, string> = { ...(meta.customMetadata ?? {}) };
  if (meta.downloadTokens.length) custom[TOKENS_KEY] = meta.downloadTokens.join(',');
  const enc = encodeURIComponent(meta.name);
  return {
    kind: 'storage#object',
    id: `${meta.bucket}/${meta.name}/${meta.generation}`,
    selfLink: `${base}/storage/v1/b/${meta.bucket}/o/${enc}`,
    mediaLink: `${base}/download/storage/v1/b/${meta.bucket}/o/${enc}?generation=${meta.generation}&alt=media`,
    name: meta.name,
    bucket: meta.bucket,
    generation: meta.generation,
    metageneration: String(meta.metageneration),
    contentType: meta.contentType,
    storageClass: 'STANDARD',
    size: String(meta.size),
    md5Hash: meta.md5Hash,
    crc32c: meta.crc32c,
    etag: etagOf(meta),
    timeCreated: meta.timeCreated,
    updated: meta.updated,
    timeStorageClassUpdated: meta.timeCreated,
    cacheControl: meta.cacheControl,
    contentDisposition: meta.contentDisposition,
    contentEncoding: meta.contentEncoding,
    contentLanguage: meta.contentLanguage,
    metadata: Object.keys(custom).length ? custom : undefined,
  };
}

/** The object as the API `api` describes it. */
export function resourceFor(
  api: Api,
  meta: ObjectMetadata,
  req: http.IncomingMessage,
): Record<string, unknown> {
  return api === 'gcs' ? gcsResource(meta, baseUrl(req)) : firebaseResource(meta);
}
