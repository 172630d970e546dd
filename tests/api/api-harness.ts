import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getDatabase, type Database } from 'firebase-admin/database';
import { getStorage } from 'firebase-admin/storage';
import type { Bucket } from '@google-cloud/storage';
import { vi } from 'vitest';
import { startDatabaseEmulator, type RunningDatabaseEmulator } from 'challangex-emulators/database';
import { startStorageEmulator } from 'challangex-emulators/storage';
import { createApp, type AppOptions } from '../../functions/src/http/app';
import { bucketProofStore } from '../../functions/src/proofs/proof-store';
import { writeAdminRecord } from '../../functions/src/admin/admin-record';
import { STORAGE_DOWNLOAD_ORIGIN } from '@domain/members/member-identity';

export const TEST_PROJECT_ID = process.env.TEST_PROJECT_ID ?? 'demo-challangex-test';
export const APP_ORIGIN = 'http://app.test:5173';
export const TEST_BUCKET = `${TEST_PROJECT_ID}.appspot.com`;

export interface ApiHarness {
  baseUrl: string;
  database: Database;
  /** The URL of this harness's database namespace, for an app initialised elsewhere (the exported function). */
  databaseUrl: string;
  auth: Auth;
  /** The project's bucket on a Storage emulator of this harness, where proofs are looked up. */
  bucket: Bucket;
  /** Another API on the same database, with other options. */
  startApi(options?: Partial<AppOptions>): Promise<string>;
  /** A second firebase-admin connection to the same namespace, as another function instance has. */
  openDatabase(): Database;
  close(): Promise<void>;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.once('listening', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

/**
 * The Express app on an ephemeral port, backed by its own offline RTDB and Storage emulators (one
 * namespace per harness) and the Auth emulator of the integration global setup.
 */
export async function startApiHarness(options: Partial<AppOptions> = {}): Promise<ApiHarness> {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST)
    throw new Error('The Auth emulator global setup did not run');
  const emulator: RunningDatabaseEmulator = await startDatabaseEmulator({ port: 0, log: () => {} });
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${emulator.port}`;
  const storageEmulator = await startStorageEmulator({ port: 0 });
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${storageEmulator.port}`;
  // firebase-admin copies it into STORAGE_EMULATOR_HOST once; a later harness must replace it.
  delete process.env.STORAGE_EMULATOR_HOST;
  const namespace = `api-${randomUUID().slice(0, 8)}`;
  const adminApps: App[] = [];
  const databaseUrl = `http://127.0.0.1:${emulator.port}?ns=${namespace}`;
  const openAdminApp = () => {
    const adminApp = initializeApp(
      { projectId: TEST_PROJECT_ID, databaseURL: databaseUrl },
      `api-test-${namespace}-${adminApps.length}`,
    );
    adminApps.push(adminApp);
    return adminApp;
  };
  const firebaseApp = openAdminApp();
  const database = getDatabase(firebaseApp);
  const auth = getAuth(firebaseApp);
  const bucket = getStorage(firebaseApp).bucket(TEST_BUCKET);
  const servers: Server[] = [];
  const startApi = async (overrides: Partial<AppOptions> = {}) => {
    const app = createApp({
      database,
      auth,
      allowedOrigins: [APP_ORIGIN],
      proofs: bucketProofStore(bucket),
      photoSources: {
        bucket: TEST_BUCKET,
        storageOrigins: [STORAGE_DOWNLOAD_ORIGIN, `http://127.0.0.1:${storageEmulator.port}`],
      },
      log: () => {},
      ...options,
      ...overrides,
    });
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    return listen(server);
  };
  const baseUrl = await startApi();
  return {
    baseUrl,
    database,
    databaseUrl,
    auth,
    bucket,
    startApi,
    openDatabase: () => getDatabase(openAdminApp()),
    async close() {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      await Promise.all(adminApps.map((adminApp) => deleteApp(adminApp)));
      await emulator.close();
      await storageEmulator.close();
    },
  };
}

export interface TestMember {
  uid: string;
  idToken: string;
}

/**
 * A member whose account carries `claims`, signed in after they were set so the ID token has them. With
 * `admin: true` they are an admin as `npm run admin:grant` makes one: the admins/{uid} record is written
 * too, in the database of the harness whose Auth this is (functions/src/admin/admin-record.ts).
 */
export async function signUpWithClaims(
  auth: Auth,
  claims: Record<string, unknown>,
): Promise<TestMember & { email: string }> {
  const email = `claims-${randomUUID()}@example.com`;
  const user = await auth.createUser({ email, password: 'secret-password' });
  await auth.setCustomUserClaims(user.uid, claims);
  if (claims.admin === true) await writeAdminRecord(getDatabase(auth.app), user.uid);
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-password', returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const { idToken } = (await response.json()) as { idToken: string };
  return { uid: user.uid, idToken, email };
}

export async function signUpMember(): Promise<TestMember> {
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: `${randomUUID()}@example.com`,
        password: 'secret-password',
        returnSecureToken: true,
      }),
    },
  );
  if (!response.ok) throw new Error(`signUp failed: ${response.status} ${await response.text()}`);
  const { localId, idToken } = (await response.json()) as { localId: string; idToken: string };
  return { uid: localId, idToken };
}

export const COMPLETE_PROFILE = {
  info: {
    location: 'Pune',
    preference: 'veg',
    displayName: 'Asha',
    photoURL: '',
    joinAt: '2025-06-01 10:00:00',
    /** Set to the server time by the member's first sign-in (the rules' marker of that record). */
    createdAt: Date.parse('2025-06-01T04:30:00Z'),
  },
  private: { height: 165, weight: 62, age: 29, sex: 'female' },
} as const;

export async function writeCompleteProfile(database: Database, uid: string): Promise<void> {
  await database
    .ref(`users/${uid}`)
    .update({ info: { uid, ...COMPLETE_PROFILE.info }, private: COMPLETE_PROFILE.private });
}

/** A member with a complete profile, ready to create challenges. */
export async function readyMember(database: Database): Promise<TestMember> {
  const member = await signUpMember();
  await writeCompleteProfile(database, member.uid);
  return member;
}

export function generatePayload(uid: string, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Monsoon reset',
    day: 3,
    user_id: uid,
    preference: 'veg',
    displayName: 'Asha',
    photoURL: '',
    targetBody: 'Lean',
    timezone: 'Asia/Kolkata',
    ...overrides,
  };
}

export async function postJson(
  url: string,
  body: unknown,
  { token, headers = {} }: { token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { raw: text };
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** An unsigned JWT as the Auth emulator issues them, with any claims. */
export function unsignedToken(
  claims: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'none', typ: 'JWT' },
) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode(header)}.${encode(claims)}.`;
}

export function idTokenClaims(uid: string, overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `https://securetoken.google.com/${TEST_PROJECT_ID}`,
    aud: TEST_PROJECT_ID,
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + 3600,
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...overrides,
  };
}

/**
 * Stores a proof photo as if uploaded at `at`: the Storage emulator runs in this process and stamps
 * timeCreated with the system clock, which is set to that instant for the upload alone.
 */
export async function uploadProofAt(bucket: Bucket, path: string, at: number): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    await bucket
      .file(path)
      .save(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), { contentType: 'image/jpeg', resumable: false });
  } finally {
    vi.useRealTimers();
  }
}
