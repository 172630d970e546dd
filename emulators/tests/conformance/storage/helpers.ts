/**
 * Conformance-suite helpers: start the project's Storage emulator on an ephemeral port (one per
 * test file), or use an already-running emulator when STORAGE_EMULATOR_HOST_UNDER_TEST=host:port
 * is set (then only wire-level tests run; tests of this emulator's own options are skipped).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import type { EmulatorMockTokenOptions } from '@firebase/util';
import {
  startStorageEmulator,
  type RunningStorageEmulator,
  type StorageEmulatorOptions,
} from '../../../storage/server';

export const EXTERNAL_EMULATOR = process.env.STORAGE_EMULATOR_HOST_UNDER_TEST ?? '';
export const USING_EXTERNAL = EXTERNAL_EMULATOR !== '';

export const CONFORMANCE_RULES = readFileSync(
  fileURLToPath(new URL('./conformance.rules', import.meta.url)),
  'utf8',
);

export interface EmulatorUnderTest {
  host: string;
  port: number;
  /** host:port */
  hostPort: string;
  /** http://host:port */
  url: string;
  external: boolean;
  close(): Promise<void>;
}

export function uniqueId(prefix = 't'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

export async function setRules(emu: { url: string }, rules: string): Promise<Response> {
  return fetch(`${emu.url}/internal/setRules`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'storage.rules', content: rules }] } }),
  });
}

/**
 * Starts (or connects to) the emulator under test and loads the shared conformance rules.
 * `options` apply only to an emulator started here.
 */
export async function startEmulatorUnderTest(
  options: StorageEmulatorOptions = {},
  { loadRules = true }: { loadRules?: boolean } = {},
): Promise<EmulatorUnderTest> {
  let emu: EmulatorUnderTest;
  if (USING_EXTERNAL) {
    const idx = EXTERNAL_EMULATOR.lastIndexOf(':');
    const host = EXTERNAL_EMULATOR.slice(0, idx);
    const port = Number(EXTERNAL_EMULATOR.slice(idx + 1));
    emu = {
      host,
      port,
      hostPort: EXTERNAL_EMULATOR,
      url: `http://${EXTERNAL_EMULATOR}`,
      external: true,
      close: async () => {},
    };
  } else {
    const running: RunningStorageEmulator = await startStorageEmulator({ port: 0, ...options });
    const hostPort = `${running.host}:${running.port}`;
    emu = {
      host: running.host,
      port: running.port,
      hostPort,
      url: `http://${hostPort}`,
      external: false,
      close: () => running.close(),
    };
  }
  if (loadRules) {
    const res = await setRules(emu, CONFORMANCE_RULES);
    if (!res.ok) throw new Error(`setRules failed: ${res.status} ${await res.text()}`);
  }
  return emu;
}

export type Who =
  | null // unauthenticated
  | 'owner'
  | string // uid
  | { uid: string; claims?: Record<string, unknown> }
  | { rawToken: string };

/** Creates web SDK clients (one Firebase app each) and deletes them all on cleanup(). */
export class Clients {
  private readonly apps: FirebaseApp[] = [];

  constructor(
    private readonly emu: EmulatorUnderTest,
    readonly bucket: string,
  ) {}

  storage(who: Who = null, bucket = this.bucket): FirebaseStorage {
    const app = initializeApp(
      { apiKey: 'fake-api-key', projectId: 'demo-conformance', storageBucket: bucket },
      uniqueId('app'),
    );
    this.apps.push(app);
    const storage = getStorage(app);
    let mockUserToken: string | EmulatorMockTokenOptions | undefined;
    if (who === 'owner') mockUserToken = 'owner';
    else if (typeof who === 'string') mockUserToken = { sub: who, user_id: who };
    else if (who && 'rawToken' in who) mockUserToken = who.rawToken;
    else if (who)
      mockUserToken = {
        sub: who.uid,
        user_id: who.uid,
        ...(who.claims ?? {}),
      } as EmulatorMockTokenOptions;
    connectStorageEmulator(
      storage,
      this.emu.host,
      this.emu.port,
      mockUserToken ? { mockUserToken } : {},
    );
    return storage;
  }

  async cleanup(): Promise<void> {
    await Promise.all(this.apps.splice(0).map((app) => deleteApp(app)));
  }
}

/** A mock ID token as the Auth emulator / rules-unit-testing mint them (unsigned JWT). */
export function mockIdToken(uid: string, claims: Record<string, unknown> = {}): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'none', type: 'JWT' })}.${b64({
    iss: 'https://securetoken.google.com/demo-conformance',
    aud: 'demo-conformance',
    iat: 0,
    exp: 3600,
    auth_time: 0,
    sub: uid,
    user_id: uid,
    firebase: { sign_in_provider: 'custom', identities: {} },
    ...claims,
  })}.`;
}

export function objectUrl(emu: { url: string }, bucket: string, name?: string): string {
  const base = `${emu.url}/v0/b/${encodeURIComponent(bucket)}/o`;
  return name === undefined ? base : `${base}/${encodeURIComponent(name)}`;
}

/** Deterministic pseudo-random bytes, so uploads can be compared byte for byte. */
export function testBytes(size: number, seed = 1): Uint8Array {
  const out = new Uint8Array(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** Byte-for-byte comparison (deep equality on large typed arrays is slow). */
export function sameBytes(actual: ArrayBuffer | Uint8Array, expected: Uint8Array): boolean {
  const a = Buffer.from(actual instanceof Uint8Array ? actual : new Uint8Array(actual));
  return a.equals(Buffer.from(expected.buffer, expected.byteOffset, expected.byteLength));
}

/** Expects a JSON error body shaped like the real service's: {"error":{"code":N,"message":"…"}}. */
export async function expectJsonError(res: Response, status: number): Promise<string> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected HTTP ${status}, got ${res.status}: ${text}`);
  let body: { error?: { code?: unknown; message?: unknown } };
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`expected a JSON error body, got ${JSON.stringify(text)}`);
  }
  if (body.error?.code !== status || typeof body.error?.message !== 'string') {
    throw new Error(`unexpected error body ${text}`);
  }
  return body.error.message;
}
