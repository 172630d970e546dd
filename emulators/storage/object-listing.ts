/** Lists a bucket by prefix and delimiter, a page at a time, in either API's shape. */
import type * as http from 'node:http';
import type { Principal } from '../common/auth-token';
import { HttpError, sendJson } from './http';
import { gcsResource, type Api } from './object-resources';
import { authorize } from './rules-gate';
import type { StorageContext } from './storage-context';

function encodePageToken(key: string): string {
  return Buffer.from(key, 'utf8').toString('base64url');
}

function decodePageToken(token: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) throw new HttpError(400, 'invalid pageToken');
  return Buffer.from(token, 'base64url').toString('utf8');
}

export async function listObjects(
  ctx: StorageContext,
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
  if (principal) authorize(ctx, principal, 'list', bucket, prefix.replace(/\/+$/, ''), null, null);
  const { entries, next } = ctx.store.list(bucket, prefix, delimiter, after, max);
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
