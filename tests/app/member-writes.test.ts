/**
 * The app's own writes, through its real client code (src/features/…/api, src/services) and the
 * Firebase SDKs, against the Auth emulator and the project's database emulator loaded with the
 * emulator build of database.rules.json: what the client sends, the rules must accept.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDatabaseEmulator, type RunningDatabaseEmulator } from 'challangex-emulators/database';
import { emulatorDatabaseRules } from '../../scripts/lib/database-rules';
import { profileFormSchema } from '@domain/members/profile-form-schema';

const projectId = process.env.TEST_PROJECT_ID ?? 'demo-challangex-test';
const namespace = `${projectId}-default-rtdb`;

let emulator: RunningDatabaseEmulator;
let auth: typeof import('../../src/services/auth');
let login: typeof import('../../src/features/auth/api/login');
let editTitle: typeof import('../../src/features/challenges/api/edit-challenge-title');
let profile: typeof import('../../src/features/profile/api/update-profile');

/** Reads or writes with the emulator's owner token (rules bypassed), to seed and to check. */
async function asOwner(method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown) {
  const response = await fetch(`http://127.0.0.1:${emulator.port}/${path}.json?ns=${namespace}`, {
    method,
    headers: { authorization: 'Bearer owner' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBe(200);
  return response.json() as Promise<unknown>;
}

/** RULES_MATRIX_DATABASE_RULES swaps the rules (to try older ones against these writes). */
const databaseRules = () =>
  process.env.RULES_MATRIX_DATABASE_RULES
    ? readFileSync(process.env.RULES_MATRIX_DATABASE_RULES, 'utf8')
    : emulatorDatabaseRules();

let accounts = 0;
/** A new Google account (the emulator's test-account path) signed in through the app's login. */
function signInNewMember(displayName: string) {
  accounts += 1;
  return login.loginWithGoogle({
    email: `member${accounts}.${Date.now()}@example.com`,
    displayName,
  });
}

beforeAll(async () => {
  emulator = await startDatabaseEmulator({ port: 0, log: () => {} });
  const rules = await fetch(
    `http://127.0.0.1:${emulator.port}/.settings/rules.json?ns=${namespace}`,
    { method: 'PUT', headers: { authorization: 'Bearer owner' }, body: databaseRules() },
  );
  expect(rules.status).toBe(200);

  const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
  vi.stubEnv('VITE_FIREBASE_API_KEY', 'demo-api-key');
  vi.stubEnv('VITE_FIREBASE_PROJECT_ID', projectId);
  vi.stubEnv('VITE_USE_EMULATORS', 'true');
  vi.stubEnv('VITE_EMULATOR_HOST', '127.0.0.1');
  vi.stubEnv('VITE_AUTH_EMULATOR_PORT', authHost.split(':')[1]);
  vi.stubEnv('VITE_DATABASE_EMULATOR_PORT', String(emulator.port));
  auth = await import('../../src/services/auth');
  login = await import('../../src/features/auth/api/login');
  editTitle = await import('../../src/features/challenges/api/edit-challenge-title');
  profile = await import('../../src/features/profile/api/update-profile');
});

afterEach(async () => {
  await auth.signOutMember();
});

afterAll(async () => {
  const { getApps, deleteApp } = await import('firebase/app');
  await Promise.all(getApps().map((app) => deleteApp(app)));
  await emulator?.close();
  vi.unstubAllEnvs();
});

describe('first sign-in', () => {
  it('succeeds with a blank Auth display name: the name comes from the e-mail', async () => {
    const user = await signInNewMember('   ');
    const info = (await asOwner('GET', `users/${user.uid}/info`)) as { displayName: string };
    expect(info.displayName).toBe(user.email!.split('@')[0]);
  });

  it('succeeds with a 150-character Auth display name: the name is cut to 100', async () => {
    const user = await signInNewMember('Ä'.repeat(150));
    const info = (await asOwner('GET', `users/${user.uid}/info`)) as { displayName: string };
    expect(info.displayName).toBe('Ä'.repeat(100));
  });

  it('stamps joinAt and createdAt with the server clock', async () => {
    const before = Date.now();
    const user = await signInNewMember('Asha');
    const after = Date.now();
    const info = (await asOwner('GET', `users/${user.uid}/info`)) as {
      joinAt: unknown;
      createdAt: number;
    };
    expect(typeof info.joinAt).toBe('number');
    expect(info.joinAt).toBe(info.createdAt);
    expect(info.createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(info.createdAt).toBeLessThanOrEqual(after + 1000);
  });
});

describe('title edit', () => {
  it('succeeds for a live challenge that has no feed entry, and publishes none', async () => {
    const user = await signInNewMember('Ravi');
    const challengeId = '-NxRaviChallenge0001';
    await asOwner('PUT', `users/${user.uid}/challenges/${challengeId}`, {
      title: 'Lean week',
      day: 3,
      preference: 'veg',
      createdAt: Date.now(),
      deleted: false,
      isActive: true,
    });
    await editTitle.editChallengeTitle(
      { ownerId: user.uid, challengeId, title: 'Lean week' },
      { title: 'Leaner week' },
    );
    expect(await asOwner('GET', `users/${user.uid}/challenges/${challengeId}/title`)).toBe(
      'Leaner week',
    );
    expect(await asOwner('GET', `feed/${challengeId}`)).toBeNull();
  });
});

describe('profile save', () => {
  it('succeeds on an older record that lacks photoURL and emailVerified', async () => {
    const user = await signInNewMember('Meera');
    await asOwner('DELETE', `users/${user.uid}/info/photoURL`);
    await asOwner('DELETE', `users/${user.uid}/private/emailVerified`);
    const update = profileFormSchema.parse({
      displayName: 'Meera K',
      location: 'Pune',
      height: '165',
      weight: '60',
      age: '29',
      preference: 'veg',
      sex: '',
      activity: '',
      bio: 'Walks a lot.',
      facebook: '',
      instagram: '',
      twitter: '',
      linkedin: '',
    });
    await profile.saveProfileInfo(user.uid, update);
    expect(await asOwner('GET', `users/${user.uid}/private/height`)).toBe(165);
    expect(await asOwner('GET', `users/${user.uid}/info/location`)).toBe('Pune');
    expect(await asOwner('GET', `users/${user.uid}/info/displayName`)).toBe('Meera K');
  });
});
