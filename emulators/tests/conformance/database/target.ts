/**
 * The database the conformance suite runs against: this project's emulator on an
 * ephemeral port, or — when DATABASE_EMULATOR_HOST_UNDER_TEST=host:port is set — an
 * emulator that is already running (e.g. the official one), so the same cases show
 * any difference between the two. Each test file uses its own namespace.
 */
import { randomBytes } from 'node:crypto';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase, type Database } from 'firebase/database';
import WebSocket from 'ws';
import { startDatabaseEmulator, type RunningDatabaseEmulator } from '../../../database/server';

export interface Target {
  host: string;
  port: number;
  /** namespace of this test file */
  ns: string;
  /** true when running against an emulator we did not start */
  external: boolean;
  /** base URL, e.g. http://127.0.0.1:9000 */
  origin: string;
  close(): Promise<void>;
}

export const EXTERNAL = process.env.DATABASE_EMULATOR_HOST_UNDER_TEST;

export type TargetKind = 'this emulator' | 'the emulator under test';
/** Every case runs against this project's emulator, and also against EXTERNAL when it is set. */
export const TARGETS: TargetKind[] = EXTERNAL
  ? ['this emulator', 'the emulator under test']
  : ['this emulator'];

export function uniqueId(prefix = ''): string {
  return prefix + randomBytes(6).toString('hex');
}

/** Starts this emulator, or connects to the one under test, for one test file. */
export async function startTarget(
  name: string,
  kind: TargetKind = 'this emulator',
): Promise<Target> {
  const ns = `${name}-${uniqueId()}`.toLowerCase();
  if (kind === 'the emulator under test' && EXTERNAL) {
    const [host, port] = EXTERNAL.split(':');
    return {
      host,
      port: Number(port),
      ns,
      external: true,
      origin: `http://${EXTERNAL}`,
      close: async () => {},
    };
  }
  const emu: RunningDatabaseEmulator = await startDatabaseEmulator({ port: 0, log: () => {} });
  return {
    host: emu.host,
    port: emu.port,
    ns,
    external: false,
    origin: `http://${emu.host}:${emu.port}`,
    close: () => emu.close(),
  };
}

// ---------------------------------------------------------------- tokens

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned ID token like the Auth emulator's / rules-unit-testing's mock tokens. */
export function mockIdToken(
  uid: string,
  claims: Record<string, unknown> = {},
  projectId = 'demo-conformance',
): string {
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    iat: 0,
    exp: 3600,
    auth_time: 0,
    sub: uid,
    user_id: uid,
    firebase: { sign_in_provider: 'custom', identities: {} },
    ...claims,
  };
  return `${b64url({ alg: 'none', type: 'JWT' })}.${b64url(payload)}.`;
}

// ---------------------------------------------------------------- web SDK clients

export interface Clients {
  /** a web SDK database connected to the target; `uid` signs in with a mock token */
  web(opts?: { uid?: string; claims?: Record<string, unknown> }): Database;
  /** deletes every app created through this object */
  cleanup(): Promise<void>;
}

export function clients(target: Target): Clients {
  const apps: FirebaseApp[] = [];
  return {
    web(opts = {}) {
      const app = initializeApp(
        { projectId: 'demo-conformance', databaseURL: `${target.origin}?ns=${target.ns}` },
        uniqueId('app-'),
      );
      apps.push(app);
      const db = getDatabase(app);
      connectDatabaseEmulator(
        db,
        target.host,
        target.port,
        opts.uid
          ? { mockUserToken: { sub: opts.uid, user_id: opts.uid, ...(opts.claims ?? {}) } }
          : undefined,
      );
      return db;
    },
    async cleanup() {
      await Promise.all(apps.splice(0).map((a) => deleteApp(a)));
    },
  };
}

// ---------------------------------------------------------------- REST

export async function rest(
  target: Target,
  method: string,
  path: string,
  opts: {
    body?: unknown;
    rawBody?: string;
    token?: string;
    params?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: unknown; text: string; headers: Headers }> {
  const url = new URL(`${target.origin}${path}`);
  url.searchParams.set('ns', target.ns);
  for (const [k, v] of Object.entries(opts.params ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const res = await fetch(url, {
    method,
    headers,
    body: opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: res.status, body, text, headers: res.headers };
}

/** Replaces the rules of the target's namespace (as rules-unit-testing does). */
export async function setRules(target: Target, rules: unknown): Promise<void> {
  const res = await rest(target, 'PUT', '/.settings/rules.json', {
    rawBody: typeof rules === 'string' ? rules : JSON.stringify(rules),
    token: 'owner',
  });
  if (res.status !== 200) throw new Error(`setRules failed: ${res.status} ${res.text}`);
}

// ---------------------------------------------------------------- raw wire client

export interface WireMessage {
  t: 'c' | 'd';
  d: Record<string, unknown> & {
    r?: number;
    a?: string;
    b?: Record<string, unknown>;
    t?: string;
    d?: unknown;
  };
}

/** A bare protocol client, for wire-level checks the SDKs don't expose. */
export class WireClient {
  readonly messages: WireMessage[] = [];
  readonly rawFrames: string[] = [];
  private r = 0;
  private waiters: Array<() => void> = [];
  private frames: string[] | null = null;
  private framesLeft = 0;
  hello!: { ts: number; v: string; h: string; s: string };

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      this.rawFrames.push(text);
      if (this.frames) {
        this.frames.push(text);
        if (--this.framesLeft === 0) {
          const all = this.frames.join('');
          this.frames = null;
          this.onMessage(all);
        }
        return;
      }
      if (text.length <= 6 && !Number.isNaN(Number(text))) {
        this.frames = [];
        this.framesLeft = Number(text);
        return;
      }
      this.onMessage(text);
    });
  }

  private onMessage(text: string) {
    this.messages.push(JSON.parse(text) as WireMessage);
    for (const w of this.waiters.splice(0)) w();
  }

  static async connect(target: Target, query = `v=5&ns=${target.ns}`): Promise<WireClient> {
    const ws = new WebSocket(`ws://${target.host}:${target.port}/.ws?${query}`);
    const client = new WireClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const hello = await client.waitFor((m) => m.t === 'c' && m.d.t === 'h');
    client.hello = hello.d.d as WireClient['hello'];
    return client;
  }

  /** Resolves with the first message (already received or future) matching `pred`. */
  waitFor(pred: (m: WireMessage) => boolean, timeoutMs = 5000): Promise<WireMessage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('WireClient: timed out waiting for a message')),
        timeoutMs,
      );
      const check = () => {
        const found = this.messages.find(pred);
        if (found) {
          clearTimeout(timer);
          resolve(found);
          return;
        }
        this.waiters.push(check);
      };
      check();
    });
  }

  sendRaw(text: string) {
    this.ws.send(text);
  }

  /** Sends a data request and resolves with its response body {s, d}. */
  async request(
    a: string,
    b: Record<string, unknown>,
  ): Promise<{ s: string; d: unknown; index: number }> {
    const r = ++this.r;
    this.sendRaw(JSON.stringify({ t: 'd', d: { r, a, b } }));
    const msg = await this.waitFor((m) => m.t === 'd' && m.d.r === r);
    return { ...(msg.d.b as { s: string; d: unknown }), index: this.messages.indexOf(msg) };
  }

  /** Server pushes (data messages without r). */
  pushes(): Array<{ a: string; b: Record<string, unknown> }> {
    return this.messages
      .filter((m) => m.t === 'd' && m.d.r === undefined)
      .map((m) => ({ a: m.d.a as string, b: m.d.b as Record<string, unknown> }));
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

/** Resolves when `fn` stops throwing (polling), for eventually-consistent checks. */
export async function eventually(fn: () => void | Promise<void>, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      await fn();
      return;
    } catch (e) {
      if (Date.now() - start > timeoutMs) throw e;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
