/**
 * The endpoints @firebase/rules-unit-testing calls: PUT /internal/setRules and POST /internal/reset;
 * and POST /internal/setTimeCreated, which gives a stored object an earlier creation time, as an
 * import of exported emulator data would (the demo data's proof photos, scripts/lib/demo-seed.ts).
 */
import type * as http from 'node:http';
import { drain, HttpError, readJsonObject, sendJson } from './http';
import { discardUploads } from './resumable-uploads';
import { StorageRuleset } from './rules/engine';
import type { StorageContext } from './storage-context';

export async function internalApi(
  ctx: StorageContext,
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
      ctx.ruleset = StorageRuleset.compile(file.content);
    } catch (err) {
      throw new HttpError(400, `Invalid storage rules: ${(err as Error).message}`);
    }
    ctx.log('storage: rules updated via /internal/setRules');
    return sendJson(res, 200, {});
  }
  if (route === 'setTimeCreated' && method === 'POST') {
    const { bucket, name, timeCreated } = await readJsonObject(req);
    const at = typeof timeCreated === 'string' ? Date.parse(timeCreated) : NaN;
    if (typeof bucket !== 'string' || typeof name !== 'string' || !Number.isFinite(at))
      throw new HttpError(400, "Request body must have 'bucket', 'name' and an ISO 'timeCreated'");
    const stored = ctx.store.get(bucket, name);
    if (!stored) throw new HttpError(404, `No object ${name} in ${bucket}`);
    if (at > Date.now()) throw new HttpError(400, "'timeCreated' must not be in the future");
    const iso = new Date(at).toISOString();
    await ctx.store.updateMeta(stored, { ...stored.meta, timeCreated: iso, updated: iso });
    return sendJson(res, 200, { timeCreated: iso });
  }
  if (route === 'reset' && method === 'POST') {
    await drain(req);
    await discardUploads(ctx.uploads);
    await ctx.store.clear();
    return sendJson(res, 200, {});
  }
  await drain(req);
  throw new HttpError(404, `Not found: ${method} /internal/${route}`);
}
