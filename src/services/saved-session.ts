/**
 * The session the app keeps for itself on this device (docs/architecture.md, "The saved session"): the member's
 * public identity, the admin claim (only to show admin links) and their ID token with its expiry, written from
 * the Auth SDK's token events (src/app/session-provider.tsx) and removed when the session ends. A page renders
 * for that member and its first reads leave with that token, while the SDK (~30 KB, and its account lookup over
 * the network) loads once the page's main content is on screen. The SDK stays the authority: from the moment it
 * starts, every token comes from it and its answer replaces this record. Nothing here reads the SDK's own
 * storage, whose format is its private business.
 */
import { readStored, storageKeys, writeStored } from '@/lib/device-storage';
import type { MemberSession } from './auth';
import { authSdkStarted } from './auth-sdk-started';

/** A saved token this close to its expiry is left to the SDK, which refreshes it. */
const TOKEN_MARGIN_MS = 60_000;

const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** A stored record as a session; null when it is none (storage may hold anything: an old build, a user). */
export function sessionFromRecord(raw: unknown): MemberSession | null {
  const fields = Object(raw) as Record<string, unknown>;
  const { uid, idToken, tokenExpiresAt } = fields;
  if (!textOrNull(uid) || !textOrNull(idToken) || typeof tokenExpiresAt !== 'number') return null;
  return {
    user: {
      uid: uid as string,
      email: null,
      displayName: textOrNull(fields.displayName),
      photoURL: textOrNull(fields.photoURL),
      emailVerified: false,
      isAdmin: fields.isAdmin === true,
    },
    idToken: idToken as string,
    tokenExpiresAt,
  };
}

/** The session saved on this device, or null when nobody is signed in here (as far as the app knows). */
export function savedSession(): MemberSession | null {
  return sessionFromRecord(readStored(storageKeys.session));
}

/**
 * Keeps the SDK's latest word on the session for the next page load (null removes it): the identity a page
 * needs before the SDK and the token, nothing else the SDK knows (no e-mail).
 */
export function saveSession(session: MemberSession | null): void {
  if (!session) return writeStored(storageKeys.session, null);
  const { user, idToken, tokenExpiresAt } = session;
  const { uid, displayName, photoURL, isAdmin } = user;
  writeStored(storageKeys.session, {
    uid,
    displayName,
    photoURL,
    isAdmin,
    idToken,
    tokenExpiresAt,
  });
}

/** The signed-in member's uid: the saved one while the SDK has not started, else once the SDK has restored it. */
async function restoredUid(): Promise<string | null> {
  if (!authSdkStarted()) return savedSession()?.user.uid ?? null;
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
  if (!authSdkStarted()) {
    const session = savedSession();
    if (session === null) return null;
    if (session.tokenExpiresAt - Date.now() > TOKEN_MARGIN_MS) return session.idToken;
  }
  return (await import('./auth')).currentIdToken();
}
