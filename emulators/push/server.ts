/**
 * A local Web Push service (emulators/push/README.md): it mints subscriptions as a browser would
 * hold them, receives pushes on their endpoints as a real push service does (VAPID checked,
 * `aes128gcm` decrypted) and lists what it received, so the reminder sender can be run and
 * tested with no network. Never part of production.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  decryptAes128gcm,
  newReceiverKeys,
  PushRefusal,
  verifyVapid,
  type ReceiverKeys,
} from './web-push-crypto';

export interface PushServiceOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Deliveries kept (oldest dropped first). */
  maxDeliveries?: number;
  /** Subscriptions kept (oldest dropped first; a dropped one answers 410 like a deleted one). */
  maxSubscriptions?: number;
  now?: () => number;
  log?: (line: string) => void;
}

export interface RunningPushService {
  host: string;
  port: number;
  /** `http://host:port`: every endpoint's origin, the `aud` a sender's VAPID JWT names. */
  origin: string;
  close(): Promise<void>;
}

/** One push received on an endpoint, checked and decrypted. */
export interface PushDelivery {
  endpoint: string;
  receivedAt: number;
  ttl: number;
  urgency: string;
  /** The JSON the sender encrypted, parsed (its text if it is not JSON; null for an empty push). */
  payload: unknown;
}

/** What `PushSubscription.toJSON()` gives in a browser. */
export interface SubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

interface Subscription {
  keys: ReceiverKeys;
  /** The applicationServerKey it was minted for, if any: pushes signed by another key answer 403. */
  serverKey?: string;
}

const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);
/** RFC 8030 §7.2: push services must take 4096-byte bodies; we take no more, as FCM. */
const MAX_BODY_BYTES = 4096;
const GONE_STATUSES = new Set([404, 410]);

class PushService {
  readonly subscriptions = new Map<string, Subscription>();
  /** Deleted subscriptions and the status their endpoint answers (404 or 410). */
  readonly gone = new Map<string, number>();
  /** Newest last; read newest first. */
  readonly deliveries: PushDelivery[] = [];
  origin = '';

  constructor(
    readonly maxDeliveries: number,
    readonly maxSubscriptions: number,
    readonly now: () => number,
  ) {}

  mint(serverKey: string | undefined): SubscriptionJson {
    const id = randomBytes(16).toString('base64url');
    const keys = newReceiverKeys();
    this.subscriptions.set(id, { keys, serverKey });
    if (this.subscriptions.size > this.maxSubscriptions) {
      const oldest = this.subscriptions.keys().next().value!;
      this.subscriptions.delete(oldest);
    }
    return {
      endpoint: this.endpoint(id),
      expirationTime: null,
      keys: {
        p256dh: keys.publicKey.toString('base64url'),
        auth: keys.authSecret.toString('base64url'),
      },
    };
  }

  endpoint(id: string): string {
    return `${this.origin}/push/${id}`;
  }

  remove(id: string, answer: number): boolean {
    const existed = this.subscriptions.delete(id);
    if (existed) {
      this.gone.set(id, answer);
      if (this.gone.size > this.maxSubscriptions) this.gone.delete(this.gone.keys().next().value!);
    }
    return existed;
  }

  receive(id: string, req: IncomingMessage, body: Buffer): PushDelivery {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new PushRefusal(this.gone.get(id) ?? 410, 'no such subscription');
    const k = verifyVapid(req.headers.authorization, this.origin, this.now());
    if (subscription.serverKey && k !== subscription.serverKey)
      throw new PushRefusal(
        403,
        'k is not the applicationServerKey this subscription was made for',
      );
    const ttl = Number(req.headers.ttl);
    if (req.headers.ttl === undefined || !Number.isSafeInteger(ttl) || ttl < 0)
      throw new PushRefusal(400, 'the TTL header is missing or not a whole number of seconds');
    const urgency = String(req.headers.urgency ?? 'normal');
    if (!URGENCIES.has(urgency)) throw new PushRefusal(400, `unknown Urgency ${urgency}`);
    let payload: unknown = null;
    if (body.length > 0) {
      if (req.headers['content-encoding'] !== 'aes128gcm')
        throw new PushRefusal(415, 'Content-Encoding must be aes128gcm');
      const text = decryptAes128gcm(body, subscription.keys).toString('utf8');
      try {
        payload = JSON.parse(text);
      } catch {
        payload = text;
      }
    }
    const delivery = { endpoint: this.endpoint(id), receivedAt: this.now(), ttl, urgency, payload };
    this.deliveries.push(delivery);
    if (this.deliveries.length > this.maxDeliveries) this.deliveries.shift();
    return delivery;
  }

  list(endpoint: string | null): PushDelivery[] {
    const newestFirst = [...this.deliveries].reverse();
    return endpoint === null ? newestFirst : newestFirst.filter((d) => d.endpoint === endpoint);
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () =>
      size > limit
        ? reject(new PushRefusal(413, `the body is over ${limit} bytes`))
        : resolve(Buffer.concat(chunks)),
    );
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
  });
  res.end(text);
}

/** The optional `{ applicationServerKey }` of POST /subscriptions (base64url, as the browser takes it). */
function serverKeyOf(body: Buffer): string | undefined {
  if (body.length === 0) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new PushRefusal(400, 'the body is not JSON');
  }
  const key = (parsed as { applicationServerKey?: unknown } | null)?.applicationServerKey;
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || Buffer.from(key, 'base64url').length !== 65)
    throw new PushRefusal(400, 'applicationServerKey must be a base64url P-256 public key');
  return key;
}

async function route(service: PushService, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', service.origin);
  const [, first, id, extra] = url.pathname.split('/');
  const method = req.method ?? 'GET';
  const body = await readBody(req, MAX_BODY_BYTES);
  if (method === 'POST' && first === 'push' && id && extra === undefined) {
    service.receive(id, req, body);
    res.setHeader('location', `/push/${id}/messages/${randomBytes(8).toString('hex')}`);
    return send(res, 201);
  }
  if (method === 'POST' && first === 'subscriptions' && id === undefined)
    return send(res, 201, service.mint(serverKeyOf(body)));
  if (method === 'DELETE' && first === 'subscriptions' && id && extra === undefined) {
    const answer = Number(url.searchParams.get('answer') ?? 410);
    if (!GONE_STATUSES.has(answer)) throw new PushRefusal(400, 'answer must be 404 or 410');
    return service.remove(id, answer) ? send(res, 204) : send(res, 404, 'no such subscription');
  }
  if (method === 'GET' && first === 'deliveries' && id === undefined)
    return send(res, 200, service.list(url.searchParams.get('endpoint')));
  if (method === 'DELETE' && first === 'deliveries' && id === undefined) {
    service.deliveries.length = 0;
    return send(res, 204);
  }
  if (method === 'GET' && url.pathname === '/')
    return send(res, 200, 'ChallangeX local push service');
  send(res, 404, `Not found: ${method} ${url.pathname.slice(0, 200)}`);
}

export async function startPushService(
  options: PushServiceOptions = {},
): Promise<RunningPushService> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  const service = new PushService(
    options.maxDeliveries ?? 1_000,
    options.maxSubscriptions ?? 100_000,
    options.now ?? Date.now,
  );
  const server = http.createServer((req, res) => {
    // In emulator builds the app mints its subscription from the browser.
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    if (req.method === 'OPTIONS') {
      res.setHeader('access-control-allow-methods', 'GET, POST, DELETE');
      res.setHeader('access-control-allow-headers', 'content-type');
      return send(res, 204);
    }
    route(service, req, res).catch((error: unknown) => {
      if (error instanceof PushRefusal) {
        log(`push: ${req.method} ${req.url} answered ${error.status}: ${error.message}`);
        return send(res, error.status, error.message);
      }
      log(`push: internal error on ${req.method} ${req.url}: ${String(error)}`);
      send(res, 500, 'internal error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 9330, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  service.origin = `http://${host}:${port}`;
  return {
    host,
    port,
    origin: service.origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
