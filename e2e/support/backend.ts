import { randomUUID } from 'node:crypto';
import { e2eNamespace, e2eProjectId, e2eStack } from './e2e-stack';

/** Direct access to the e2e stack, for arranging data and checking what the app wrote. */
const authBase = () => `http://127.0.0.1:${e2eStack().ports.auth}`;
const databaseBase = () => `http://127.0.0.1:${e2eStack().ports.database}`;

export interface TestMember {
  uid: string;
  name: string;
  email: string;
  password: string;
}

export interface MemberOptions {
  name?: string;
  password?: string;
  /** Writes users/{uid}/info and /private as a first sign-in would, plus a complete profile. */
  completeProfile?: boolean;
  admin?: boolean;
}

async function authRequest<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(
    `${authBase()}/identitytoolkit.googleapis.com/v1/${path}?key=e2e-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify(body),
    },
  );
  if (!response.ok)
    throw new Error(`Auth emulator ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function writeData(path: string, value: unknown): Promise<void> {
  const response = await fetch(`${databaseBase()}/${path}.json?ns=${e2eNamespace}`, {
    method: 'PUT',
    headers: { authorization: 'Bearer owner' },
    body: JSON.stringify(value),
  });
  if (!response.ok)
    throw new Error(`RTDB PUT ${path}: ${response.status} ${await response.text()}`);
}

export async function readData<T>(path: string): Promise<T | null> {
  const response = await fetch(`${databaseBase()}/${path}.json?ns=${e2eNamespace}`, {
    headers: { authorization: 'Bearer owner' },
  });
  if (!response.ok)
    throw new Error(`RTDB GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T | null;
}

export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@e2e.challangex.dev`;
}

/** Creates a member in the Auth emulator (and, on request, their records) without using the UI. */
export async function createMember(options: MemberOptions = {}): Promise<TestMember> {
  const email = uniqueEmail();
  const password = options.password ?? 'secret-pass-1';
  const name = options.name ?? `Member ${email.slice(7, 13)}`;
  const { localId } = await authRequest<{ localId: string }>('accounts:signUp', {
    email,
    password,
  });
  await authRequest('accounts:update', {
    localId,
    displayName: name,
    ...(options.admin ? { customAttributes: JSON.stringify({ admin: true }) } : {}),
  });
  // As `npm run admin:grant` makes an admin: the server's record admins/{uid} (functions/src/admin/admin-record.ts,
  // which Playwright cannot load: functions/ is CommonJS), read by the rules and the API, and the claim,
  // which shows the app's admin links.
  if (options.admin) await writeData(`admins/${localId}`, true);
  if (options.completeProfile) {
    await writeData(`users/${localId}/info`, {
      uid: localId,
      displayName: name,
      photoURL: '',
      joinAt: '2026-01-01 09:00:00',
      createdAt: Date.now(),
      location: 'Pune',
      preference: 'veg',
      bio: 'Here for the challenges.',
    });
    await writeData(`users/${localId}/private`, {
      email,
      emailVerified: false,
      height: 172,
      weight: 70,
      age: 30,
    });
  }
  return { uid: localId, name, email, password };
}

/** The uids of every Auth account with this email (the Admin API's lookup, as the emulator's owner). */
export async function uidsWithEmail(email: string): Promise<string[]> {
  const { users = [] } = await authRequest<{ users?: Array<{ localId: string }> }>(
    `projects/${e2eProjectId}/accounts:lookup`,
    { email: [email] },
  );
  return users.map((user) => user.localId);
}

/** Disables an account as an admin would (the Admin SDK's updateUser({ disabled: true })). */
export async function disableMember(uid: string): Promise<void> {
  await authRequest('accounts:update', { localId: uid, disableUser: true });
}

/** A password-reset email as the Auth emulator records it (`GET /emulator/v1/projects/{project}/oobCodes`). */
export interface ResetEmail {
  oobCode: string;
  /** The emulator's link: its own handler, `/emulator/action?mode=resetPassword&oobCode=…&continueUrl=…`. */
  oobLink: string;
}

/** The newest password-reset email the Auth emulator sent to this address. */
export async function latestResetEmail(email: string, projectId: string): Promise<ResetEmail> {
  const response = await fetch(`${authBase()}/emulator/v1/projects/${projectId}/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: Array<{ email: string; oobCode: string; oobLink: string; requestType: string }>;
  };
  const match = oobCodes
    .filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET')
    .at(-1);
  if (!match) throw new Error(`No reset email for ${email}`);
  return { oobCode: match.oobCode, oobLink: match.oobLink };
}

/**
 * The link a member's mail client opens. The emulator ignores the console's custom action URL and links to
 * its own handler; production appends the same query (mode, oobCode, apiKey, continueUrl, lang) to the
 * action URL docs/deploy.md sets, `https://<app>/save-password`. So: the emulator's query on the app's page.
 */
export function appResetLink({ oobLink }: ResetEmail, appOrigin: string): string {
  const { search } = new URL(oobLink);
  return new URL(`/save-password${search}`, appOrigin).href;
}
