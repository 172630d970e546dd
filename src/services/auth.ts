import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onIdTokenChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithCredential,
  signInWithPopup,
  signOut,
  updateProfile,
  verifyPasswordResetCode,
  type ActionCodeSettings,
  type Auth,
  type User,
} from 'firebase/auth';
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { emulators, firebaseConfig } from './firebase-config';
import { markAuthSdkStarted } from './auth-sdk-started';

/** `email`, `emailVerified`: null and false on the saved session (saved-session.ts), which keeps neither. */
export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
}

/** The member with their ID token and its expiry (epoch ms), as saved-session.ts keeps them. */
export interface MemberSession {
  user: SessionUser;
  idToken: string;
  tokenExpiresAt: number;
}

let authInstance: Auth | undefined;

function auth(): Auth {
  if (!authInstance) {
    markAuthSdkStarted();
    // getAuth() would also install the popup resolver, which on phones loads Google's gapi script on every
    // page (a third-party request before the first paint); it is passed to the popup sign-in alone instead.
    authInstance = initializeAuth(firebaseApp(), {
      persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
    });
    if (emulators) {
      connectAuthEmulator(authInstance, `http://${emulators.host}:${emulators.authPort}`, {
        disableWarnings: true,
      });
    }
  }
  return authInstance;
}

function firebaseApp(): FirebaseApp {
  return getApps().length > 0 ? getApp() : initializeApp(firebaseConfig);
}

/**
 * The Firebase app with Auth started on it, for the Database and Storage SDKs: they send the member's token
 * only if Auth is there when they start (until then the page's first reads use the saved session,
 * saved-session.ts).
 */
export function sessionApp(): FirebaseApp {
  auth();
  return firebaseApp();
}

async function toMemberSession(user: User): Promise<MemberSession> {
  const { claims, token, expirationTime } = await user.getIdTokenResult();
  return {
    user: {
      uid: user.uid,
      email: user.email,
      displayName: user.displayName,
      photoURL: user.photoURL,
      emailVerified: user.emailVerified,
      isAdmin: claims.admin === true,
    },
    idToken: token,
    tokenExpiresAt: Date.parse(expirationTime),
  };
}

const toSessionUser = async (user: User) => (await toMemberSession(user)).user;

/** Calls back with the member and their token (or null) now and on every change: sign-ins and outs, tokens, claims. */
export function watchSession(onChange: (session: MemberSession | null) => void): () => void {
  // Reading a member's claims takes a moment: a later change (a sign-out meanwhile) must not be overtaken.
  // A token that cannot be read now (offline) changes nothing: a session the SDK refuses is reported as null.
  let latest = 0;
  return onIdTokenChanged(auth(), (user) => {
    const change = ++latest;
    const report = (session: MemberSession | null) => {
      if (change === latest) onChange(session);
    };
    if (!user) report(null);
    else void toMemberSession(user).then(report, () => {});
  });
}

export async function registerWithEmail(name: string, email: string, password: string) {
  const { user } = await createUserWithEmailAndPassword(auth(), email, password);
  await updateProfile(user, { displayName: name });
  // updateProfile does not fire onIdTokenChanged; refresh so listeners see the name.
  await user.getIdToken(true);
  return toSessionUser(user);
}

export async function signInWithEmail(email: string, password: string) {
  const { user } = await signInWithEmailAndPassword(auth(), email, password);
  return toSessionUser(user);
}

/**
 * The SDK's popup flow loads Google's gapi script (so does the Auth emulator's
 * own relay iframe), which an offline machine cannot reach. Against the
 * emulator we therefore use its documented path: a Google credential built from
 * an unsigned claims token, for an account the member names in our dialog.
 */
export const googleSignInUsesTestAccounts = emulators !== null;

export interface GoogleTestAccount {
  email: string;
  displayName: string;
}

export async function signInWithGoogle(testAccount?: GoogleTestAccount) {
  if (googleSignInUsesTestAccounts) {
    if (!testAccount) throw new Error('The Auth emulator needs a test Google account');
    const claims = {
      sub: `google-${testAccount.email.toLowerCase()}`,
      email: testAccount.email,
      email_verified: true,
      name: testAccount.displayName,
    };
    const { user } = await signInWithCredential(
      auth(),
      GoogleAuthProvider.credential(JSON.stringify(claims)),
    );
    return toSessionUser(user);
  }
  const { user } = await signInWithPopup(
    auth(),
    new GoogleAuthProvider(),
    browserPopupRedirectResolver,
  );
  return toSessionUser(user);
}

export function signOutMember(): Promise<void> {
  return signOut(auth());
}

/**
 * The reset email's action code settings. Which page the email's link opens is the project's action URL: the
 * console's Password reset template is set to this app's `/save-password` (docs/deploy.md), so the link is
 * `/save-password?mode=resetPassword&oobCode=…&continueUrl=…`. `url` is that link's continue URL: the login
 * page of the origin the member asked from, where the reset page sends them once the password is saved.
 * `handleCodeInApp: false`: a reset is always completed on the web page, never handed to a mobile app.
 */
export function passwordResetSettings(origin: string): ActionCodeSettings {
  return { url: `${origin}/login`, handleCodeInApp: false };
}

export function sendResetEmail(email: string): Promise<void> {
  return sendPasswordResetEmail(auth(), email, passwordResetSettings(window.location.origin));
}

/** The email a reset code was issued for; rejects when the code is expired, used or unknown. */
export function resetCodeEmail(oobCode: string): Promise<string> {
  return verifyPasswordResetCode(auth(), oobCode);
}

export function saveNewPassword(oobCode: string, newPassword: string): Promise<void> {
  return confirmPasswordReset(auth(), oobCode, newPassword);
}

/** The signed-in member's uid once the saved session is restored; null when signed out. */
export async function restoredUid(): Promise<string | null> {
  await auth().authStateReady();
  return auth().currentUser?.uid ?? null;
}

/** The current member's ID token for the API, or null when signed out (once the session is restored). */
export async function currentIdToken(): Promise<string | null> {
  await auth().authStateReady();
  return (await auth().currentUser?.getIdToken()) ?? null;
}

export async function updateMemberProfile(changes: { displayName?: string; photoURL?: string }) {
  await auth().authStateReady(); // The SDK may have started just now (saved-session.ts).
  const user = auth().currentUser;
  if (!user) throw new Error('Not signed in');
  await updateProfile(user, changes);
  // updateProfile does not fire onIdTokenChanged; refresh so the session shows the new name or photo.
  await user.getIdToken(true);
}
