/** Small HTTP helpers: JSON error bodies, bounded JSON bodies, CORS. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const EXPOSED_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'content-disposition',
  'etag',
  'x-firebase-storage-version',
  'x-goog-upload-url',
  'x-goog-upload-status',
  'x-goog-upload-size-received',
  'x-goog-upload-command',
  'x-goog-upload-chunk-granularity',
  'x-goog-upload-control-url',
  'x-goog-upload-header-content-length',
  'x-goog-upload-header-content-type',
  'x-goog-upload-protocol',
  'x-guploader-uploadid',
  'x-goog-generation',
  'x-goog-metageneration',
  'x-goog-hash',
  'location',
  'range',
].join(', ');

export function setCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}

export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  res.setHeader(
    'Access-Control-Allow-Headers',
    req.headers['access-control-request-headers'] ??
      'authorization, content-type, x-goog-upload-protocol',
  );
  res.setHeader('Access-Control-Max-Age', '3600');
  if (req.headers['access-control-request-private-network']) {
    res.setHeader('Access-Control-Allow-Private-Network', 'true');
  }
  res.writeHead(204).end();
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { error: { code: status, message } }, headers);
}

/** Consumes and discards the rest of a request body (so the client can read our answer). */
export async function drain(req: IncomingMessage, limit = 256 * 1024 * 1024): Promise<void> {
  if (req.readableEnded) return;
  let seen = 0;
  try {
    for await (const chunk of req) {
      seen += (chunk as Buffer).length;
      if (seen > limit) {
        req.destroy();
        return;
      }
    }
  } catch {
    // client went away
  }
}

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      await drain(req);
      throw new HttpError(413, `request body larger than ${limit} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

/** Reads a JSON object body; an empty body is {}. */
export async function readJsonObject(
  req: IncomingMessage,
  limit = 1024 * 1024,
): Promise<Record<string, unknown>> {
  const text = (await readBody(req, limit)).toString('utf8');
  if (text.trim() === '') return {};
  return parseJsonObject(text, 'request body');
}

export function parseJsonObject(text: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, `${what} is not valid JSON`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, `${what} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The emulator's own origin as the client addressed it, for URLs in responses. */
export function baseUrl(req: IncomingMessage): string {
  return `http://${header(req, 'host') ?? '127.0.0.1'}`;
}

/** Decodes one percent-encoded URL part; malformed encoding is a 400. */
export function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new HttpError(400, `malformed percent-encoding in ${JSON.stringify(s.slice(0, 100))}`);
  }
}
