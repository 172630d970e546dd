/**
 * The session Firebase Auth saved on this device, read without the Auth SDK: who is signed in and, while it is
 * fresh, their ID token. A page renders for its member and its first reads leave with that token, while the SDK
 * (~30 KB, and its account lookup over the network) loads once the page's main content is on screen
 * (src/app/session-provider.tsx; docs/architecture.md, "The saved session"). The SDK stays the authority: from
 * the moment it starts, every token comes from it and its answer replaces this one.
 *
 * The record is the one the SDK keeps for its default app: IndexedDB `firebaseLocalStorageDb`, store
 * `firebaseLocalStorage`, key `firebase:authUser:<apiKey>:[DEFAULT]` (localStorage under the same key where
 * IndexedDB could not be used). A record this module cannot read makes it answer "unknown", and the SDK decides.
 */
import type { SessionUser } from './auth';
import { authSdkStarted } from './auth-sdk-started';
import { firebaseConfig } from './firebase-config';

const DATABASE = 'firebaseLocalStorageDb';
const STORE = 'firebaseLocalStorage';
const RECORD_KEY = `firebase:authUser:${firebaseConfig.apiKey}:[DEFAULT]`;
/** A saved token this close to its expiry is left to the SDK, which refreshes it. */
const TOKEN_MARGIN_MS = 60_000;

export interface SavedSession {
  user: SessionUser;
  idToken: string;
  /** Epoch ms. */
  tokenExpiresAt: number;
}

interface SavedUserRecord {
  uid?: unknown;
  email?: unknown;
  displayName?: unknown;
  photoURL?: unknown;
  emailVerified?: unknown;
  stsTokenManager?: { accessToken?: unknown; expirationTime?: unknown };
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The JWT's payload claims (the token is the SDK's own, so only its shape is checked here). */
function tokenClaims(token: string): Record<string, unknown> | null {
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(payload));
    return claims !== null && typeof claims === 'object'
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The saved record as a session; undefined when it is not one this module understands. */
export function sessionFromRecord(record: unknown): SavedSession | undefined {
  if (record === null || typeof record !== 'object') return undefined;
  const { uid, email, displayName, photoURL, emailVerified, stsTokenManager } =
    record as SavedUserRecord;
  const idToken = text(stsTokenManager?.accessToken);
  const tokenExpiresAt = Number(stsTokenManager?.expirationTime);
  const claims = idToken ? tokenClaims(idToken) : null;
  if (!text(uid) || !idToken || !Number.isFinite(tokenExpiresAt) || !claims) return undefined;
  return {
    user: {
      uid: uid as string,
      email: text(email),
      displayName: text(displayName),
      photoURL: text(photoURL),
      emailVerified: emailVerified === true,
      isAdmin: claims.admin === true,
    },
    idToken,
    tokenExpiresAt,
  };
}

function readIndexedDbRecord(): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(DATABASE);
    // No database yet: nobody has signed in on this device. Creating it is the SDK's job, not a reader's.
    opening.onupgradeneeded = () => opening.transaction?.abort();
    opening.onerror = () => (opening.error?.name === 'AbortError' ? resolve(null) : reject());
    opening.onblocked = () => reject();
    opening.onsuccess = () => {
      const database = opening.result;
      if (!database.objectStoreNames.contains(STORE)) {
        database.close();
        return resolve(null);
      }
      const reading = database.transaction(STORE, 'readonly').objectStore(STORE).get(RECORD_KEY);
      reading.onsuccess = () => {
        database.close();
        const row = reading.result as { value?: unknown } | undefined;
        resolve(row?.value ?? null);
      };
      reading.onerror = () => {
        database.close();
        reject();
      };
    };
  });
}

async function readSavedSession(): Promise<SavedSession | null | undefined> {
  try {
    const record =
      (await readIndexedDbRecord()) ?? JSON.parse(localStorage.getItem(RECORD_KEY) ?? 'null');
    return record === null ? null : sessionFromRecord(record);
  } catch {
    return undefined;
  }
}

let saved: Promise<SavedSession | null | undefined> | undefined;

/**
 * The session saved on this device: null when nobody is signed in here, undefined when that cannot be told
 * without the SDK. Read once per page load.
 */
export function savedSession(): Promise<SavedSession | null | undefined> {
  return (saved ??=
    typeof indexedDB === 'undefined' ? Promise.resolve(undefined) : readSavedSession());
}

/** The saved session while the SDK has not started; undefined once it has (or when it cannot be read). */
async function sessionBeforeSdk(): Promise<SavedSession | null | undefined> {
  if (authSdkStarted()) return undefined;
  const session = await savedSession();
  return authSdkStarted() ? undefined : session;
}

/** The signed-in member's uid: the saved one while the SDK has not started, else once the SDK has restored it. */
async function restoredUid(): Promise<string | null> {
  const session = await sessionBeforeSdk();
  if (session !== undefined) return session?.user.uid ?? null;
  return (await import('./auth')).restoredUid();
}

/**
 * Runs `read` with the signed-in member's uid as soon as it is known (a page's first reads); nothing for a
 * visitor, whom the login guard sends to sign in. A failure is left to the screen's own read.
 */
export function whenSignedIn(read: (viewerUid: string) => void): void {
  void restoredUid()
    .then((viewerUid) => {
      if (viewerUid !== null) read(viewerUid);
    })
    .catch(() => {});
}

/**
 * The member's ID token for a read or an API call (null when signed out): the saved one while it is fresh and
 * the SDK has not started, else the SDK's (which refreshes it, and may sign the member out).
 */
export async function memberIdToken(): Promise<string | null> {
  const session = await sessionBeforeSdk();
  if (session === null) return null;
  if (session && session.tokenExpiresAt - Date.now() > TOKEN_MARGIN_MS) return session.idToken;
  return (await import('./auth')).currentIdToken();
}
