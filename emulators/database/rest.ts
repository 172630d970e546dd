/**
 * The REST API: GET/PUT/PATCH/POST/DELETE /{path}.json (with queries, shallow,
 * print, format=export, ETags and event-stream listens) and GET/PUT
 * /.settings/rules.json. Writes go through the same path as WebSocket writes,
 * so listeners are notified.
 */
import { parseRulesJson } from './rules/json';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { principalFromToken } from '../common/auth-token';
import { nextPushId } from './push-id';
import type { Listen, ListenSink, Namespace } from './namespace';
import { originOf, windowPlain } from './namespace';
import { indexOnName, loadsAllData, parseRestQuery, queryWindow, type QuerySpec } from './query';
import { loadRules, requesterFor, RulesError, type Requester } from './rules-adapter';
import { nodeHash } from './node-hash';
import { toRestJson } from './node-json';
import { isValidKey, pathString } from './paths';
import { DataError, type JsonValue } from './nodes';
import { getAt } from './tree';

export interface RestContext {
  namespace(name: string): Namespace;
  namespaceFor(url: URL, host: string | undefined): string;
  log(line: string): void;
}

const MAX_BODY = 256 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, 'Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': (req.headers.origin as string | undefined) ?? '*',
    'Access-Control-Allow-Methods': 'GET, PUT, POST, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      (req.headers['access-control-request-headers'] as string | undefined) ??
      'Authorization, Content-Type, X-Firebase-ETag, If-Match, X-HTTP-Method-Override',
    'Access-Control-Expose-Headers': 'ETag',
  };
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: JsonValue | undefined,
  opts: { pretty?: boolean; silent?: boolean; headers?: Record<string, string>; raw?: string } = {},
): void {
  const headers: Record<string, string> = { ...corsHeaders(req), ...(opts.headers ?? {}) };
  if (opts.silent && status < 300) {
    res.writeHead(204, headers);
    res.end();
    return;
  }
  const text = opts.raw ?? (opts.pretty ? JSON.stringify(body, null, 2) : JSON.stringify(body));
  headers['Content-Type'] = 'application/json; charset=utf-8';
  headers['Cache-Control'] = 'no-cache';
  res.writeHead(status, headers);
  res.end(text);
}

function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  message: string,
): void {
  send(req, res, status, { error: message });
}

function tokenOf(req: IncomingMessage, url: URL): string | null {
  const fromParam = url.searchParams.get('auth');
  if (fromParam) return fromParam;
  const header = req.headers.authorization;
  if (header) {
    const m = /^(?:Bearer|Firebase)\s+(.+)$/i.exec(header.trim());
    if (m) return m[1].trim();
  }
  return null;
}

function etagOf(node: Parameters<typeof nodeHash>[0]): string {
  return node ? nodeHash(node) : 'null_etag';
}

function parseDataPath(pathname: string): string[] {
  const raw = pathname.slice(0, -'.json'.length);
  const segs = raw
    .split('/')
    .filter((s) => s.length > 0)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        throw new HttpError(400, `Invalid path: ${pathname}`);
      }
    });
  segs.forEach((s, i) => {
    if (s === '.priority' && i === segs.length - 1) return;
    if (!isValidKey(s)) throw new HttpError(400, `Invalid path: "${s}" is not a valid key`);
  });
  return segs;
}

/**
 * A measuring tool's own requests (its setup, its polling) carry `X-Not-Counted: 1` and stay out of
 * the operation counts; what they cause (broadcasts to the app's listeners) is still counted.
 */
function counted(req: IncomingMessage): boolean {
  return req.headers['x-not-counted'] !== '1';
}

function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "Invalid data; couldn't parse JSON object, array, or value.");
  }
}

export async function handleRest(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: RestContext,
): Promise<void> {
  try {
    await route(req, res, ctx);
  } catch (e) {
    if (res.headersSent) {
      res.end();
      return;
    }
    if (e instanceof HttpError) sendError(req, res, e.status, e.message);
    else if (e instanceof DataError) sendError(req, res, 400, e.message);
    else {
      ctx.log(`RTDB REST: ${(e as Error).stack ?? e}`);
      sendError(req, res, 500, 'Internal error');
    }
  }
}

async function route(req: IncomingMessage, res: ServerResponse, ctx: RestContext): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let method = (req.method ?? 'GET').toUpperCase();
  const override =
    req.headers['x-http-method-override'] ?? url.searchParams.get('x-http-method-override');
  if (method === 'POST' && typeof override === 'string') method = override.toUpperCase();

  if (method === 'OPTIONS') {
    res.writeHead(200, corsHeaders(req));
    res.end();
    return;
  }
  const ns = ctx.namespace(ctx.namespaceFor(url, req.headers.host));
  const pathname = url.pathname;

  if (pathname === '/.settings/rules.json' || pathname === '/.settings/rules') {
    await handleRules(req, res, ns, method, url);
    return;
  }
  if (!pathname.endsWith('.json')) {
    sendError(req, res, 404, 'Not Found');
    return;
  }
  const path = parseDataPath(pathname);
  if (path.some((s) => s.startsWith('.') && s !== '.priority'))
    throw new HttpError(400, 'Invalid path');

  const token = tokenOf(req, url);
  const principal = principalFromToken(token);
  if (!principal) throw new HttpError(401, 'Could not parse auth token.');
  const requester: Requester = requesterFor(principal);
  const pretty = url.searchParams.get('print') === 'pretty';
  const silent = url.searchParams.get('print') === 'silent';
  const wantEtag = (req.headers['x-firebase-etag'] as string | undefined)?.toLowerCase() === 'true';

  const request: DataRequest = { req, res, ns, requester, path, url, pretty, silent, wantEtag };
  if (method === 'GET') return readData(request);
  if (method !== 'PUT' && method !== 'POST' && method !== 'PATCH' && method !== 'DELETE') {
    throw new HttpError(405, `Method ${method} not allowed`);
  }
  return writeData(request, method);
}

/** A data request (a `.json` path) once its namespace, path and requester are known. */
interface DataRequest {
  req: IncomingMessage;
  res: ServerResponse;
  ns: Namespace;
  requester: Requester;
  path: string[];
  url: URL;
  pretty: boolean;
  silent: boolean;
  wantEtag: boolean;
}

/** GET: a value, a shallow listing, a query window, or an event stream. */
function readData(request: DataRequest): void {
  const { req, res, ns, requester, path, url, pretty, silent, wantEtag } = request;
  if ((req.headers.accept ?? '').includes('text/event-stream')) {
    streamListen(req, res, ns, requester, path, url);
    return;
  }
  const query: QuerySpec | null = parseRestQuery(url.searchParams);
  const shallow = url.searchParams.get('shallow') === 'true';
  if (shallow && query)
    throw new HttpError(400, "Mixing 'shallow' and querying parameters is not supported");
  if (query) {
    const indexName = indexOnName(query.index);
    if (indexName !== null && !ns.isIndexed(path, query)) {
      throw new HttpError(
        400,
        `Index not defined, add ".indexOn": "${indexName}", for path "${pathString(path)}", to the rules`,
      );
    }
  }
  if (!ns.canRead(requester, path, query)) throw new HttpError(401, 'Permission denied');
  const node = getAt(ns.root, path);
  const headers: Record<string, string> = wantEtag ? { ETag: etagOf(node) } : {};
  let body: JsonValue;
  if (query && !loadsAllData(query)) body = windowPlain(node, queryWindow(node, query));
  else if (shallow) {
    if (!node || node.kind === 'leaf') body = node ? node.value : null;
    else {
      const out: Record<string, JsonValue> = {};
      for (const [k, c] of node.children) out[k] = c.kind === 'leaf' ? c.value : true;
      body = out;
    }
  } else body = toRestJson(node, url.searchParams.get('format') === 'export');
  const text = pretty ? JSON.stringify(body, null, 2) : JSON.stringify(body);
  if (counted(req))
    ns.operations.operation('rest-read', originOf(requester), pathString(path), text.length);
  send(req, res, 200, body, { pretty, silent, headers, raw: text });
}

/** PUT, POST (push), PATCH (multi-location update) and DELETE. */
async function writeData(request: DataRequest, method: string): Promise<void> {
  const { req, res, ns, requester, path, pretty, silent, wantEtag } = request;
  const text = method === 'DELETE' ? '' : await readBody(req);
  const data = method === 'DELETE' ? null : parseJsonBody(text);

  const ifMatch = req.headers['if-match'] as string | undefined;
  if (ifMatch !== undefined) {
    const current = etagOf(getAt(ns.root, path));
    if (current !== ifMatch) {
      send(req, res, 412, { error: 'ETag mismatch.' }, { headers: { ETag: current } });
      return;
    }
  }

  const now = Date.now();
  let writePath = path;
  let pushName: string | null = null;
  if (method === 'POST') {
    pushName = nextPushId(now);
    writePath = [...path, pushName];
  }
  const op =
    method === 'PATCH'
      ? { kind: 'merge' as const, path, data }
      : { kind: 'set' as const, path: writePath, data: method === 'DELETE' ? null : data };
  if (op.kind === 'merge' && (data === null || typeof data !== 'object' || Array.isArray(data))) {
    throw new HttpError(
      400,
      "Invalid data; couldn't parse JSON object. An update must be a JSON object.",
    );
  }
  if (counted(req))
    ns.countWrite(op.kind === 'merge' ? 'rest-update' : 'rest-write', requester, op);
  const result = ns.write(requester, op, now);
  if (!result.ok) {
    if (result.status === 'permission_denied') throw new HttpError(401, 'Permission denied');
    throw new HttpError(400, result.message);
  }
  const headers: Record<string, string> = wantEtag
    ? { ETag: etagOf(getAt(ns.root, writePath)) }
    : {};
  if (method === 'POST') send(req, res, 200, { name: pushName }, { pretty, silent, headers });
  else if (method === 'DELETE') send(req, res, 200, null, { pretty, silent, headers });
  else if (method === 'PUT')
    send(req, res, 200, toRestJson(getAt(ns.root, path)), { pretty, silent, headers });
  else {
    const out: Record<string, JsonValue> = {};
    for (const rel of Object.keys(data as object)) {
      const segs = rel.split('/').filter(Boolean);
      out[rel] = toRestJson(getAt(ns.root, [...path, ...segs]));
    }
    send(req, res, 200, out, { pretty, silent, headers });
  }
}

async function handleRules(
  req: IncomingMessage,
  res: ServerResponse,
  ns: Namespace,
  method: string,
  url: URL,
): Promise<void> {
  if (method === 'GET') {
    const strict = url.searchParams.get('format') === 'strict';
    const raw = strict ? JSON.stringify(parseRulesJson(ns.rules.source)) : ns.rules.source;
    send(req, res, 200, null, { raw });
    return;
  }
  if (method === 'PUT') {
    const text = await readBody(req);
    try {
      ns.rules = loadRules(text);
    } catch (e) {
      if (e instanceof RulesError) throw new HttpError(400, e.message);
      throw e;
    }
    ns.revalidateListens();
    send(req, res, 200, { status: 'ok' });
    return;
  }
  throw new HttpError(405, `Method ${method} not allowed on /.settings/rules.json`);
}

/** GET with Accept: text/event-stream — the REST streaming API (put / patch / cancel / keep-alive). */
function streamListen(
  req: IncomingMessage,
  res: ServerResponse,
  ns: Namespace,
  requester: Requester,
  path: string[],
  url: URL,
): void {
  const query = parseRestQuery(url.searchParams);
  if (!ns.canRead(requester, path, query)) throw new HttpError(401, 'Permission denied');
  res.writeHead(200, {
    ...corsHeaders(req),
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  });
  const event = (name: string, data: unknown) =>
    res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  const rel = (p: string) => {
    const segs = p.split('/').filter(Boolean).slice(path.length);
    return '/' + segs.join('/');
  };
  const sink: ListenSink = {
    requester,
    push(action, body) {
      const b = JSON.parse(body) as { p: string; d: unknown };
      event(action === 'm' ? 'patch' : 'put', { path: rel(b.p), data: stripExport(b.d) });
    },
    revoked() {
      event('cancel', null);
      cleanup();
      res.end();
    },
  };
  const listen: Listen = {
    sink,
    path,
    pathStr: pathString(path),
    tag: query && !loadsAllData(query) ? 1 : undefined,
    query: query && !loadsAllData(query) ? query : null,
  };
  ns.addListen(listen);
  ns.initialPush(listen);
  const keepAlive = setInterval(() => event('keep-alive', null), 30_000);
  const cleanup = () => {
    clearInterval(keepAlive);
    ns.removeListen(listen);
  };
  req.on('close', cleanup);
}

/** Export format → plain JSON (drops priorities). */
function stripExport(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  if ('.value' in o) return o['.value'];
  const out: Record<string, unknown> = {};
  for (const [k, c] of Object.entries(o)) if (k !== '.priority') out[k] = stripExport(c);
  return out;
}
