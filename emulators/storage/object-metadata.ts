/**
 * Object metadata as clients send it: the writable fields of an upload or PATCH body, checked,
 * then turned into a new object's metadata or applied to an existing one.
 */
import { HttpError } from './http';
import { newDownloadToken, nextGeneration, type ObjectMetadata } from './store';

export interface WritableMetadata {
  name?: string;
  contentType?: string | null;
  cacheControl?: string | null;
  contentDisposition?: string | null;
  contentEncoding?: string | null;
  contentLanguage?: string | null;
  md5Hash?: string | null;
  metadata?: Record<string, string | null> | null;
}

const STRING_FIELDS = [
  'contentType',
  'cacheControl',
  'contentDisposition',
  'contentEncoding',
  'contentLanguage',
] as const;
const MAX_NAME_BYTES = 1024;
/** Custom-metadata key under which the GCS API carries the Firebase download tokens. */
export const TOKENS_KEY = 'firebaseStorageDownloadTokens';

/** Validates the writable part of an incoming metadata object (upload or PATCH body). */
export function parseWritableMetadata(raw: Record<string, unknown>): WritableMetadata {
  const out: WritableMetadata = {};
  if (raw.name !== undefined && raw.name !== null) {
    if (typeof raw.name !== 'string') throw new HttpError(400, 'metadata.name must be a string');
    out.name = raw.name;
  }
  for (const field of STRING_FIELDS) {
    const v = raw[field];
    if (v === undefined) continue;
    if (v !== null && typeof v !== 'string')
      throw new HttpError(400, `metadata.${field} must be a string or null`);
    out[field] = v;
  }
  if (raw.md5Hash !== undefined) {
    if (raw.md5Hash !== null && typeof raw.md5Hash !== 'string')
      throw new HttpError(400, 'md5Hash must be a string');
    out.md5Hash = raw.md5Hash;
  }
  if (raw.metadata !== undefined) {
    const m = raw.metadata;
    if (m === null) {
      out.metadata = null;
    } else if (typeof m !== 'object' || Array.isArray(m)) {
      throw new HttpError(400, 'metadata.metadata (custom metadata) must be an object');
    } else {
      const custom: Record<string, string | null> = {};
      for (const [k, v] of Object.entries(m as Record<string, unknown>)) {
        if (v === null || v === undefined) custom[k] = null;
        else if (typeof v === 'object') custom[k] = JSON.stringify(v);
        else custom[k] = String(v);
      }
      out.metadata = custom;
    }
  }
  return out;
}

export function validateName(name: string | undefined | null): string {
  if (!name) throw new HttpError(400, 'object name is required');
  if (Buffer.byteLength(name) > MAX_NAME_BYTES)
    throw new HttpError(400, 'object name is longer than 1024 bytes');
  if (/[\r\n]/.test(name))
    throw new HttpError(400, 'object name may not contain carriage returns or line feeds');
  return name;
}

function splitTokens(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

export function cleanCustom(custom: Record<string, string | null> | null | undefined): {
  custom: Record<string, string> | undefined;
  tokens: string[] | null;
} {
  if (!custom) return { custom: undefined, tokens: null };
  const out: Record<string, string> = {};
  let tokens: string[] | null = null;
  for (const [k, v] of Object.entries(custom)) {
    if (k === TOKENS_KEY) {
      tokens = splitTokens(v);
      continue;
    }
    if (v !== null) out[k] = v;
  }
  return { custom: Object.keys(out).length ? out : undefined, tokens };
}

export function newObjectMetadata(
  bucket: string,
  name: string,
  incoming: WritableMetadata,
  fallbackContentType: string | undefined,
  blob: { size: number; md5Hash: string; crc32c: string },
  withToken: boolean,
): ObjectMetadata {
  const now = new Date().toISOString();
  const { custom, tokens } = cleanCustom(incoming.metadata);
  const meta: ObjectMetadata = {
    bucket,
    name,
    generation: nextGeneration(),
    metageneration: 1,
    size: blob.size,
    md5Hash: blob.md5Hash,
    crc32c: blob.crc32c,
    contentType: incoming.contentType || fallbackContentType || 'application/octet-stream',
    downloadTokens: tokens ?? (withToken ? [newDownloadToken()] : []),
    timeCreated: now,
    updated: now,
  };
  for (const f of [
    'cacheControl',
    'contentDisposition',
    'contentEncoding',
    'contentLanguage',
  ] as const) {
    const v = incoming[f];
    if (typeof v === 'string') meta[f] = v;
  }
  if (custom) meta.customMetadata = custom;
  return meta;
}

/** Applies a metadata PATCH: null deletes a field or custom key. */
export function applyPatch(meta: ObjectMetadata, patch: WritableMetadata): ObjectMetadata {
  const next: ObjectMetadata = {
    ...meta,
    customMetadata: meta.customMetadata ? { ...meta.customMetadata } : undefined,
    metageneration: meta.metageneration + 1,
    updated: new Date().toISOString(),
  };
  for (const f of STRING_FIELDS) {
    const v = patch[f];
    if (v === undefined) continue;
    if (v === null) delete next[f];
    else next[f] = v;
  }
  if (patch.metadata === null) {
    delete next.customMetadata;
  } else if (patch.metadata) {
    const custom = next.customMetadata ?? {};
    for (const [k, v] of Object.entries(patch.metadata)) {
      if (k === TOKENS_KEY) next.downloadTokens = splitTokens(v);
      else if (v === null) delete custom[k];
      else custom[k] = v;
    }
    next.customMetadata = Object.keys(custom).length ? custom : undefined;
  }
  if (!next.customMetadata) delete next.customMetadata;
  return next;
}
