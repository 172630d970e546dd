/**
 * Who is asking, and whether storage.rules lets them: Firebase ID tokens become principals,
 * and every Firebase v0 request is checked against the rules in force. `owner` (the admin
 * SDK) bypasses rules, as in the real emulators.
 */
import type * as http from 'node:http';
import { principalFromToken, type Principal } from '../common/auth-token';
import { header, HttpError } from './http';
import type { StorageOperation } from './rules/engine';
import type { StorageContext } from './storage-context';
import { etagOf, type ObjectMetadata } from './store';

/** The object as Security Rules see it (resource / request.resource). */
export function rulesView(
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
    // Unset, these are null rather than missing, as firebase-tools hands them to Google's rules
    // runtime (its storage emulator's asRulesResource), so `== null` tests them without an error.
    contentDisposition: meta.contentDisposition ?? null,
    contentEncoding: meta.contentEncoding ?? null,
    contentLanguage: meta.contentLanguage,
    cacheControl: meta.cacheControl,
    timeCreated: meta.timeCreated ? new Date(meta.timeCreated) : undefined,
    updated: meta.updated ? new Date(meta.updated) : undefined,
    metadata: meta.customMetadata ?? {},
  };
}

export function authenticate(req: http.IncomingMessage): Principal {
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

export function authorize(
  ctx: StorageContext,
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
  if (!ctx.ruleset)
    throw new HttpError(403, 'Permission denied. Storage Emulator has no loaded ruleset.');
  const decision = ctx.ruleset.evaluate({
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
  ctx.log(
    `storage: denied ${operation} ${bucket}/${objectPath} for ${who}` +
      (decision.errors.length ? ` (${decision.errors.join('; ')})` : ''),
  );
  throw new HttpError(403, `Permission denied. No ${verb} permission.`);
}
