/**
 * Offline Cloud Storage for Firebase emulator.
 *
 * Serves the Firebase v0 REST API that the web SDK uses (/v0/b/BUCKET/o...), the few GCS JSON
 * endpoints firebase-admin (@google-cloud/storage) needs (/b/BUCKET/o/..., /storage/v1/...,
 * /download/storage/v1/..., /upload/storage/v1/...), and the internal endpoints
 * @firebase/rules-unit-testing calls (PUT /internal/setRules). v0 requests are checked against
 * storage.rules (see rules/engine.ts); `owner` tokens bypass rules as in the real emulators.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { principalFromToken, type Principal } from '../shared/auth-token';
import type { BlobWriter } from './blobs';
import {
  answerPreflight,
  drain,
  HttpError,
  parseJsonObject,
  readJsonObject,
  sendError,
  sendJson,
  setCors,
} from './http';
import { boundaryFrom, parseMultipartRelated } from './multipart';
import { StorageRuleset, type StorageOperation } from './rules/engine';
import {
  etagOf,
  newDownloadToken,
  nextGeneration,
  ObjectStore,
  type ObjectMetadata,
  type StoredObject,
} from './store';

export interface StorageEmulatorOptions {
  host?: string /* 127.0.0.1 */;
  port?: number /* 9199; 0 = ephemeral */;
  rulesFile?: string /* storage.rules */;
  dataDir?: string /* files + metadata persisted here */;
  log?: (line: string) => void;
  /** Total bytes all stored objects may use; a write past it gets 402 quota-exceeded. Default: off. */
  quotaBytes?: number;
}

export interface RunningStorageEmulator {
  host: string;
  port: number;
  close(): Promise<void>;
}

type Api = 'firebase' | 'gcs';

interface UploadSession {
  id: string;
  api: Api;
  bucket: string;
  name: string;
  metadata: WritableMetadata;
  declaredSize: number | null;
  declaredContentType: string | undefined;
  principal: Principal;
  writer: BlobWriter;
  status: 'active' | 'final' | 'cancelled';
  finalResponse?: { status: number; body: unknown };
  /** Sequence number of the request currently allowed to write (newer requests supersede). */
  writerTurn: number;
  turns: number;
  lock: Promise<unknown>;
  touched: number;
}

interface WritableMetadata {
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
const UPLOAD_IDLE_MS = 60 * 60 * 1000;
const MAX_NAME_BYTES = 1024;
const TOKENS_KEY = 'firebaseStorageDownloadTokens';

/** Validates the writable part of an incoming metadata object (upload or PATCH body). */
function parseWritableMetadata(raw: Record<string, unknown>): WritableMetadata {
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

function validateName(name: string | undefined | null): string {
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

/** The object as Security Rules see it (resource / request.resource). */
function rulesView(
  meta: Partial<ObjectMetadata> & { bucket: string; name: string },
): Record<string, unknown> {
  return {
    name: meta.name,
    bucket: meta.bucket,
    generation: meta.generation !== undefined ? Number(meta.generation) : undefined,
    metageneration: meta.metageneration,
    size: meta.size,
    md5Hash: meta.md5Hash,
    crc32c: meta.crc32c,
    etag:
      meta.generation !== undefined && meta.metageneration !== undefined
        ? etagOf(meta as ObjectMetadata)
        : undefined,
    contentType: meta.contentType,
    contentDisposition: meta.contentDisposition,
    contentEncoding: meta.contentEncoding,
    contentLanguage: meta.contentLanguage,
    cacheControl: meta.cacheControl,
    timeCreated: meta.timeCreated ? new Date(meta.timeCreated) : undefined,
    updated: meta.updated ? new Date(meta.updated) : undefined,
    metadata: meta.customMetadata ?? {},
  };
}

/** Firebase v0 metadata resource (numbers as strings, tokens comma-separated). */
function firebaseResource(meta: ObjectMetadata): Record<string, unknown> {
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
function gcsResource(meta: ObjectMetadata, base: string): Record<string, unknown> {
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

function encodePageToken(key: string): string {
  return Buffer.from(key, 'utf8').toString('base64url');
}

function decodePageToken(token: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) throw new HttpError(400, 'invalid pageToken');
  return Buffer.from(token, 'base64url').toString('utf8');
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new HttpError(400, `malformed percent-encoding in ${JSON.stringify(s.slice(0, 100))}`);
  }
}

class StorageEmulator {
  ruleset: StorageRuleset | null = null;
  private readonly uploads = new Map<string, UploadSession>();

  constructor(
    readonly store: ObjectStore,
    private readonly log: (line: string) => void,
    private readonly quotaBytes: number | undefined,
  ) {}

  sweepUploads(): void {
    const now = Date.now();
    for (const [id, u] of this.uploads) {
      if (now - u.touched > UPLOAD_IDLE_MS) {
        this.uploads.delete(id);
        if (u.status === 'active') void u.writer.discard().catch(() => undefined);
      }
    }
  }

  async discardUploads(): Promise<void> {
    for (const u of this.uploads.values()) {
      if (u.status === 'active') await u.writer.discard().catch(() => undefined);
    }
    this.uploads.clear();
  }

  // ------------------------------------------------------------------ entry point

  async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    setCors(req, res);
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const rawPath = q >= 0 ? rawUrl.slice(0, q) : rawUrl;
    const query = new URLSearchParams(q >= 0 ? rawUrl.slice(q + 1) : '');
    const segs = rawPath.split('/').slice(1);
    const method = req.method ?? 'GET';

    if (rawPath === '/' && (method === 'GET' || method === 'HEAD')) {
      await drain(req);
      return sendJson(res, 200, { emulator: 'storage' });
    }
    if (segs[0] === 'internal') return this.internal(req, res, segs.slice(1).join('/'), method);
    if (segs[0] === 'v0' && segs[1] === 'b' && segs[2] && segs[3] === 'o') {
      const bucket = decodeSegment(segs[2]);
      const object = segs.length > 4 ? decodeSegment(segs.slice(4).join('/')) : null;
      return this.firebaseApi(req, res, method, bucket, object, query);
    }
    // GCS JSON API (firebase-admin / @google-cloud/storage, no credentials against an emulator).
    let gcs = segs;
    if (gcs[0] === 'storage' && gcs[1] === 'v1') gcs = gcs.slice(2);
    else if (gcs[0] === 'download' && gcs[1] === 'storage' && gcs[2] === 'v1') gcs = gcs.slice(3);
    if (
      segs[0] === 'upload' &&
      segs[1] === 'storage' &&
      segs[2] === 'v1' &&
      segs[3] === 'b' &&
      segs[4] &&
      segs[5] === 'o' &&
      segs.length === 6
    ) {
      return this.gcsUpload(req, res, method, decodeSegment(segs[4]), query);
    }
    if (gcs[0] === 'b' && gcs[1] && gcs[2] === 'o') {
      const bucket = decodeSegment(gcs[1]);
      const object = gcs.length > 3 ? decodeSegment(gcs.slice(3).join('/')) : null;
      return this.gcsApi(req, res, method, bucket, object, query);
    }
    await drain(req);
    throw new HttpError(404, `Not found: ${method} ${rawPath.slice(0, 200)}`);
  }

  // ------------------------------------------------------------------ auth and rules

  private authenticate(req: http.IncomingMessage): Principal {
    const auth = header(req, 'authorization');
    if (!auth) {
      // firebase-admin's getDownloadURL() reads /v0 metadata through @google-cloud/storage, which
      // sends no credentials to an emulator; in production its OAuth token bypasses rules.
      const ua = header(req, 'user-agent') ?? '';
      const apiClient = header(req, 'x-goog-api-client') ?? '';
      if (ua.startsWith('gcloud-node-storage/') || /\bgccl\//.test(apiClient))
        return { kind: 'owner' };
      return { kind: 'anonymous' };
    }
    const m = /^(Firebase|Bearer)\s+(\S+)\s*$/i.exec(auth);
    const principal = m ? principalFromToken(m[2]) : null;
    if (!principal) throw new HttpError(401, 'Invalid or malformed Firebase authentication token.');
    return principal;
  }

  private authorize(
    principal: Principal,
    operation: StorageOperation,
    bucket: string,
    objectPath: string,
    existing: ObjectMetadata | null,
    incoming: Record<string, unknown> | null,
    opts: { provisional?: boolean } = {},
  ): boolean {
    if (principal.kind === 'owner') return true;
    const verb = operation === 'get' ? 'READ' : operation === 'list' ? 'LIST' : 'WRITE';
    if (!this.ruleset)
      throw new HttpError(403, 'Permission denied. Storage Emulator has no loaded ruleset.');
    const decision = this.ruleset.evaluate({
      bucket,
      objectPath,
      operation,
      auth: principal.kind === 'user' ? { uid: principal.uid, token: principal.token } : null,
      resource: existing ? rulesView(existing) : null,
      requestResource: incoming,
    });
    if (decision.allowed) return true;
    // A provisional check (resumable start) only refuses when no evaluation error was involved.
    if (opts.provisional && decision.errors.length > 0) return false;
    const who = principal.kind === 'user' ? `uid ${principal.uid}` : 'unauthenticated request';
    this.log(
      `storage: denied ${operation} ${bucket}/${objectPath} for ${who}` +
        (decision.errors.length ? ` (${decision.errors.join('; ')})` : ''),
    );
    throw new HttpError(403, `Permission denied. No ${verb} permission.`);
  }

  private checkQuota(delta: number): void {
    if (this.quotaBytes === undefined || delta <= 0) return;
    if (this.store.totalBytes + delta > this.quotaBytes) {
      throw new HttpError(
        402,
        `Quota exceeded: storing ${delta} more bytes would exceed the ${this.quotaBytes}-byte quota.`,
      );
    }
  }

  // ------------------------------------------------------------------ internal endpoints

  private async internal(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    route: string,
    method: string,
  ) {
    if (route === 'setRules' && (method === 'PUT' || method === 'POST')) {
      const body = await readJsonObject(req, 16 * 1024 * 1024);
      const files = (body.rules as { files?: unknown } | undefined)?.files;
      if (!Array.isArray(files) || files.length === 0) {
        throw new HttpError(400, "Request body must include a 'rules.files' array");
      }
      if (files.length > 1) throw new HttpError(400, 'Only one rules file is supported');
      const file = files[0] as { name?: unknown; content?: unknown };
      if (typeof file?.content !== 'string')
        throw new HttpError(400, "Each member of 'rules.files' must have 'content'");
      try {
        this.ruleset = StorageRuleset.compile(file.content);
      } catch (err) {
        throw new HttpError(400, `Invalid storage rules: ${(err as Error).message}`);
      }
      this.log('storage: rules updated via /internal/setRules');
      return sendJson(res, 200, {});
    }
    if (route === 'reset' && method === 'POST') {
      await drain(req);
      await this.discardUploads();
      await this.store.clear();
      return sendJson(res, 200, {});
    }
    await drain(req);
    throw new HttpError(404, `Not found: ${method} /internal/${route}`);
  }

  // ------------------------------------------------------------------ Firebase v0 API

  private async firebaseApi(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    method: string,
    bucket: string,
    object: string | null,
    query: URLSearchParams,
  ): Promise<void> {
    const uploadId = query.get('upload_id');
    if (method === 'POST' && uploadId) return this.continueUpload(req, res, uploadId, 'firebase');

    let principal: Principal;
    try {
      principal = this.authenticate(req);
      if (!this.ruleset && principal.kind !== 'owner') {
        throw new HttpError(403, 'Permission denied. Storage Emulator has no loaded ruleset.');
      }
    } catch (err) {
      await drain(req);
      throw err;
    }

    if (object === null) {
      if (method === 'GET') {
        await drain(req);
        return this.list(res, principal, bucket, query, 'firebase');
      }
      if (method === 'POST')
        return this.startUpload(req, res, principal, bucket, query.get('name'), 'firebase');
      await drain(req);
      throw new HttpError(405, `${method} is not supported on a bucket`);
    }
    const name = validateName(object);
    switch (method) {
      case 'GET':
      case 'HEAD':
        await drain(req);
        return this.getObject(req, res, principal, bucket, name, query, 'firebase');
      case 'PATCH':
        return this.patchObject(req, res, principal, bucket, name, 'firebase');
      case 'PUT':
        if ((header(req, 'x-http-method-override') ?? '').toLowerCase() === 'patch') {
          return this.patchObject(req, res, principal, bucket, name, 'firebase');
        }
        return this.startUpload(req, res, principal, bucket, name, 'firebase');
      case 'POST':
        return this.startUpload(req, res, principal, bucket, name, 'firebase');
      case 'DELETE':
        await drain(req);
        return this.deleteObject(res, principal, bucket, name);
    }
    await drain(req);
    throw new HttpError(405, `${method} is not supported on an object`);
  }

  private baseUrl(req: http.IncomingMessage): string {
    return `http://${header(req, 'host') ?? '127.0.0.1'}`;
  }

  private async ensureToken(rec: StoredObject): Promise<StoredObject> {
    if (rec.meta.downloadTokens.length) return rec;
    return this.store.updateMeta(rec, { ...rec.meta, downloadTokens: [newDownloadToken()] });
  }

  private async getObject(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    principal: Principal,
    bucket: string,
    name: string,
    query: URLSearchParams,
    api: Api,
  ): Promise<void> {
    let rec = this.store.get(bucket, name);
    const token = query.get('token');
    const media = query.get('alt') === 'media';
    if (api === 'firebase') {
      if (media && token !== null) {
        if (!rec) throw new HttpError(404, `Not found: ${bucket}/${name}`);
        if (!rec.meta.downloadTokens.includes(token)) {
          throw new HttpError(403, 'Permission denied. The download token does not match.');
        }
      } else {
        this.authorize(principal, 'get', bucket, name, rec?.meta ?? null, null);
      }
    }
    if (!rec) {
      throw new HttpError(
        404,
        api === 'gcs' ? `No such object: ${bucket}/${name}` : `Not found: ${bucket}/${name}`,
      );
    }
    if (media) return this.sendMedia(req, res, rec);
    if (api === 'gcs') return sendJson(res, 200, gcsResource(rec.meta, this.baseUrl(req)));
    rec = await this.ensureToken(rec);
    return sendJson(res, 200, firebaseResource(rec.meta));
  }

  private async sendMedia(req: http.IncomingMessage, res: http.ServerResponse, rec: StoredObject) {
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
      await pipeline(this.store.blobs.read(rec.blobId, start, end), res);
    } catch {
      res.destroy();
    }
  }

  private async patchObject(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    principal: Principal,
    bucket: string,
    name: string,
    api: Api,
  ): Promise<void> {
    const patch = parseWritableMetadata(await readJsonObject(req));
    const rec = this.store.get(bucket, name);
    const proposed = rec ? applyPatch(rec.meta, patch) : null;
    if (api === 'firebase') {
      this.authorize(
        principal,
        'update',
        bucket,
        name,
        rec?.meta ?? null,
        proposed ? rulesView(proposed) : null,
      );
    }
    if (!rec || !proposed) throw new HttpError(404, `Not found: ${bucket}/${name}`);
    const updated = await this.store.updateMeta(rec, proposed);
    return sendJson(
      res,
      200,
      api === 'gcs' ? gcsResource(updated.meta, this.baseUrl(req)) : firebaseResource(updated.meta),
    );
  }

  private async deleteObject(
    res: http.ServerResponse,
    principal: Principal | null,
    bucket: string,
    name: string,
  ) {
    const rec = this.store.get(bucket, name);
    if (principal) this.authorize(principal, 'delete', bucket, name, rec?.meta ?? null, null);
    if (!rec) throw new HttpError(404, `Not found: ${bucket}/${name}`);
    await this.store.delete(rec);
    res.writeHead(204).end();
  }

  private async list(
    res: http.ServerResponse,
    principal: Principal | null,
    bucket: string,
    query: URLSearchParams,
    api: Api,
    base = '',
  ): Promise<void> {
    const prefix = query.get('prefix') ?? '';
    const delimiter = query.get('delimiter') ?? '';
    if (api === 'firebase' && prefix !== '' && !prefix.endsWith('/')) {
      throw new HttpError(
        400,
        'The prefix parameter is required to be empty or ends with a single / character.',
      );
    }
    let max = 1000;
    const maxRaw = query.get('maxResults');
    if (maxRaw !== null) {
      if (!/^\d+$/.test(maxRaw) || Number(maxRaw) < 1 || Number(maxRaw) > 1000) {
        throw new HttpError(400, 'maxResults must be an integer between 1 and 1000.');
      }
      max = Number(maxRaw);
    }
    const pageToken = query.get('pageToken');
    const after = pageToken ? decodePageToken(pageToken) : null;
    if (principal)
      this.authorize(principal, 'list', bucket, prefix.replace(/\/+$/, ''), null, null);
    const { entries, next } = this.store.list(bucket, prefix, delimiter, after, max);
    const prefixes = entries.filter((e) => e.kind === 'prefix').map((e) => e.key);
    const items = entries.filter((e) => e.kind === 'item').map((e) => e.object!.meta);
    if (api === 'firebase') {
      return sendJson(res, 200, {
        prefixes,
        items: items.map((m) => ({ name: m.name, bucket: m.bucket })),
        nextPageToken: next !== null ? encodePageToken(next) : undefined,
      });
    }
    return sendJson(res, 200, {
      kind: 'storage#objects',
      prefixes: prefixes.length ? prefixes : undefined,
      items: items.length ? items.map((m) => gcsResource(m, base)) : undefined,
      nextPageToken: next !== null ? encodePageToken(next) : undefined,
    });
  }

  // ------------------------------------------------------------------ uploads

  private async startUpload(
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
      return this.startResumable(req, res, principal, bucket, nameFromUrl, api);
    }
    if (
      protocol === 'multipart' ||
      /^multipart\/related/i.test(header(req, 'content-type') ?? '')
    ) {
      return this.multipartUpload(req, res, principal, bucket, nameFromUrl, api);
    }
    return this.mediaUpload(req, res, principal, bucket, nameFromUrl, api);
  }

  private async multipartUpload(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    principal: Principal,
    bucket: string,
    nameFromUrl: string | null,
    api: Api,
  ): Promise<void> {
    const writer = this.store.blobs.createWriter();
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
      const rec = await this.completeWrite({
        api,
        bucket,
        name,
        metadata,
        fallbackContentType: parsed.mediaHeaders['content-type'],
        principal,
        writer,
      });
      return this.sendWritten(req, res, rec, api);
    } catch (err) {
      await writer.discard();
      throw err;
    }
  }

  private async mediaUpload(
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
    const writer = this.store.blobs.createWriter();
    try {
      for await (const chunk of req) await writer.append(chunk as Buffer);
      const rec = await this.completeWrite({
        api,
        bucket,
        name,
        metadata: {},
        fallbackContentType: header(req, 'content-type'),
        principal,
        writer,
      });
      return this.sendWritten(req, res, rec, api);
    } catch (err) {
      await writer.discard();
      throw err;
    }
  }

  private sendWritten(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    rec: StoredObject,
    api: Api,
  ) {
    return sendJson(
      res,
      200,
      api === 'gcs' ? gcsResource(rec.meta, this.baseUrl(req)) : firebaseResource(rec.meta),
    );
  }

  /** Commits written bytes as a new object version after rules and quota checks. */
  private async completeWrite(p: {
    api: Api;
    bucket: string;
    name: string;
    metadata: WritableMetadata;
    fallbackContentType: string | undefined;
    principal: Principal;
    writer: BlobWriter;
  }): Promise<StoredObject> {
    const blob = await p.writer.commit();
    try {
      if (p.metadata.md5Hash && p.metadata.md5Hash !== blob.md5Hash) {
        throw new HttpError(
          400,
          `Provided MD5 hash ${p.metadata.md5Hash} does not match the uploaded data (${blob.md5Hash}).`,
        );
      }
      const existing = this.store.get(p.bucket, p.name);
      const meta = newObjectMetadata(
        p.bucket,
        p.name,
        p.metadata,
        p.fallbackContentType,
        blob,
        p.api === 'firebase',
      );
      if (p.api === 'firebase') {
        this.authorize(
          p.principal,
          existing ? 'update' : 'create',
          p.bucket,
          p.name,
          existing?.meta ?? null,
          rulesView(meta),
        );
      }
      this.checkQuota(blob.size - (existing?.meta.size ?? 0));
      const rec: StoredObject = { blobId: blob.id, meta };
      await this.store.put(rec);
      return rec;
    } catch (err) {
      await this.store.blobs.remove(blob.id);
      throw err;
    }
  }

  private async startResumable(
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
    const existing = this.store.get(bucket, name);
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
      this.authorize(
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
    if (declaredSize !== null) this.checkQuota(declaredSize - (existing?.meta.size ?? 0));

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
      writer: this.store.blobs.createWriter(),
      status: 'active',
      writerTurn: 0,
      turns: 0,
      lock: Promise.resolve(),
      touched: Date.now(),
    };
    this.uploads.set(id, session);
    const base = this.baseUrl(req);
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

  private withLock<T>(u: UploadSession, fn: () => Promise<T>): Promise<T> {
    const run = u.lock.then(fn, fn);
    u.lock = run.catch(() => undefined);
    return run;
  }

  private async continueUpload(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    id: string,
    api: Api,
  ) {
    const u = this.uploads.get(id);
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
      if (u.status === 'final')
        throw new HttpError(400, 'upload already finalized', statusHeaders());
      if (u.status === 'active') {
        u.status = 'cancelled';
        await this.withLock(u, () => u.writer.discard());
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
        await this.withLock(u, async () => {
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
          await this.withLock(u, async () => {
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
        return; // client went away mid-chunk; what arrived stays (query reports it)
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
    } else {
      await drain(req);
    }

    if (commands.has('finalize')) {
      const response = await this.withLock(u, () => this.finalizeUpload(u, req));
      return sendJson(res, response.status, response.body, { 'X-Goog-Upload-Status': 'final' });
    }
    res
      .writeHead(200, { ...statusHeaders(), 'X-GUploader-UploadID': u.id, 'Content-Length': '0' })
      .end();
  }

  private async finalizeUpload(
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
      const rec = await this.completeWrite({
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
        body:
          u.api === 'gcs' ? gcsResource(rec.meta, this.baseUrl(req)) : firebaseResource(rec.meta),
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

  // ------------------------------------------------------------------ GCS JSON API (admin)

  private async gcsApi(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    method: string,
    bucket: string,
    object: string | null,
    query: URLSearchParams,
  ): Promise<void> {
    if (object === null) {
      await drain(req);
      if (method === 'GET') return this.list(res, null, bucket, query, 'gcs', this.baseUrl(req));
      throw new HttpError(405, `${method} is not supported on a bucket`);
    }
    const name = validateName(object);
    const admin: Principal = { kind: 'owner' };
    switch (method) {
      case 'GET':
      case 'HEAD':
        await drain(req);
        return this.getObject(req, res, admin, bucket, name, query, 'gcs');
      case 'PATCH':
      case 'PUT':
        return this.patchObject(req, res, admin, bucket, name, 'gcs');
      case 'DELETE':
        await drain(req);
        return this.deleteObject(res, null, bucket, name).catch((err) => {
          if (err instanceof HttpError && err.status === 404)
            throw new HttpError(404, `No such object: ${bucket}/${name}`);
          throw err;
        });
    }
    await drain(req);
    throw new HttpError(405, `${method} is not supported on an object`);
  }

  private async gcsUpload(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    method: string,
    bucket: string,
    query: URLSearchParams,
  ): Promise<void> {
    const admin: Principal = { kind: 'owner' };
    const uploadId = query.get('upload_id');
    if (uploadId && (method === 'PUT' || method === 'POST'))
      return this.gcsResumableChunk(req, res, uploadId);
    if (method !== 'POST') {
      await drain(req);
      throw new HttpError(405, `${method} is not supported here`);
    }
    const type = query.get('uploadType') ?? '';
    if (type === 'resumable')
      return this.startResumable(req, res, admin, bucket, query.get('name'), 'gcs');
    if (type === 'multipart')
      return this.multipartUpload(req, res, admin, bucket, query.get('name'), 'gcs');
    return this.mediaUpload(req, res, admin, bucket, query.get('name'), 'gcs');
  }

  /**
   * GCS resumable protocol: PUT with Content-Range "bytes A-B/TOTAL" (a chunk), "bytes A-STAR/TOTAL"
   * (the rest of the object in this request), "bytes STAR/TOTAL" (finalize) or "bytes STAR/STAR" (query),
   * where STAR is a literal asterisk and TOTAL may be one. Incomplete uploads answer 308 + Range.
   */
  private async gcsResumableChunk(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    id: string,
  ): Promise<void> {
    const u = this.uploads.get(id);
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
      await this.withLock(u, async () => {
        u.writerTurn = turn;
        await u.writer.truncate(start);
      });
      try {
        for await (const chunk of req) {
          await this.withLock(u, async () => {
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
      const response = await this.withLock(u, () => this.finalizeUpload(u, req));
      return sendJson(res, response.status, response.body);
    }
    const h: Record<string, string> = { 'Content-Length': '0' };
    if (u.writer.size > 0) h.Range = `bytes=0-${u.writer.size - 1}`;
    res.writeHead(308, h).end();
  }
}

function cleanCustom(custom: Record<string, string | null> | null | undefined): {
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

function newObjectMetadata(
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
function applyPatch(meta: ObjectMetadata, patch: WritableMetadata): ObjectMetadata {
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

export async function startStorageEmulator(
  options: StorageEmulatorOptions = {},
): Promise<RunningStorageEmulator> {
  const log = options.log ?? (() => undefined);
  const host = options.host ?? '127.0.0.1';
  const store = await ObjectStore.open(options.dataDir, log);
  const emulator = new StorageEmulator(store, log, options.quotaBytes);

  let watcher: fs.StatWatcher | null = null;
  if (options.rulesFile) {
    const file = options.rulesFile;
    const load = () => StorageRuleset.compile(fs.readFileSync(file, 'utf8'));
    try {
      emulator.ruleset = load();
    } catch (err) {
      throw new Error(`Cannot load storage rules from ${file}: ${(err as Error).message}`);
    }
    watcher = fs.watchFile(file, { interval: 1000, persistent: false }, (curr, prev) => {
      if (curr.mtimeMs === prev.mtimeMs) return;
      try {
        emulator.ruleset = load();
        log(`storage: reloaded rules from ${file}`);
      } catch (err) {
        log(`storage: kept previous rules; ${file} does not compile: ${(err as Error).message}`);
      }
    });
  }

  const inflight = new Set<Promise<void>>();
  const server = http.createServer((req, res) => {
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    const p = emulator
      .handle(req, res)
      .catch((err: unknown) => {
        if (err instanceof HttpError) {
          sendError(res, err.status, err.message, err.headers);
          return;
        }
        log(
          `storage: internal error on ${req.method} ${req.url}: ${(err as Error)?.stack ?? String(err)}`,
        );
        sendError(res, 500, 'Internal emulator error');
      })
      .catch(() => {
        res.destroy();
      })
      .finally(() => inflight.delete(p));
    inflight.add(p);
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  const sweeper = setInterval(() => emulator.sweepUploads(), 60_000);
  sweeper.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 9199, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => log(`storage: server error: ${err.message}`));
  const port = (server.address() as AddressInfo).port;
  log(
    `storage: listening on http://${host}:${port}${options.dataDir ? ` (data in ${options.dataDir})` : ' (in memory)'}`,
  );

  let closing: Promise<void> | null = null;
  return {
    host,
    port,
    close() {
      closing ??= (async () => {
        clearInterval(sweeper);
        if (watcher && options.rulesFile) fs.unwatchFile(options.rulesFile);
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const deadline = setTimeout(() => server.closeAllConnections(), 2000);
        await Promise.race([
          Promise.allSettled([...inflight]),
          new Promise((r) => setTimeout(r, 2000)),
        ]);
        server.closeAllConnections();
        await closed;
        clearTimeout(deadline);
        await emulator.discardUploads();
        await store.flush();
      })();
      return closing;
    },
  };
}
