/**
 * Where sign-in returns a visitor to: the address of this app they opened before being sent to log in, carried
 * in the login address (`/login?next=/challange/…`) so that it survives a reload and a switch between login and
 * register (docs/architecture.md, "Routes"). Anything that is not a path of this app is dropped, so a crafted
 * link cannot send a member to another site after they sign in (an open redirect).
 */

/** The query parameter that carries the address. */
export const RETURN_PARAM = 'next';

/** Where members go when they signed in on their own. */
export const DEFAULT_RETURN = '/feed';

const LONGEST_RETURN = 2048;
/** Any origin will do: only a path of the same origin passes. */
const PROBE_ORIGIN = 'https://challangex.invalid';
/** Pages that would send a member who just signed in straight back to a sign-in screen. */
const SIGN_IN_PATHS = new Set(['/login', '/register']);

/**
 * The address `value` names if it is a path of this app (one leading '/', no scheme, host, backslash or
 * control character), else null.
 */
export function safeReturnAddress(value: string | null | undefined): string | null {
  if (!value || value.length > LONGEST_RETURN) return null;
  // '//host' and '/\host' are other sites to a browser; control characters are dropped by URL parsers and
  // can turn '/\t/host' into '//host'.
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\p{Cc}\s]/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (SIGN_IN_PATHS.has(url.pathname.replace(/\/+$/, '').toLowerCase())) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The return address a sign-in screen's query string carries, if it is safe. */
export function returnAddressIn(search: string): string | null {
  return safeReturnAddress(new URLSearchParams(search).get(RETURN_PARAM));
}

/** Where to go once signed in: the carried address, else the feed. */
export function afterSignIn(search: string): string {
  return returnAddressIn(search) ?? DEFAULT_RETURN;
}

/**
 * A sign-in screen's address (`/login` or `/register`) that brings the member back to `returnTo` afterwards;
 * the plain screen when there is nowhere safe to return to.
 */
export function signInAddress(screen: '/login' | '/register', returnTo: string | null): string {
  const next = safeReturnAddress(returnTo);
  return next ? `${screen}?${new URLSearchParams({ [RETURN_PARAM]: next })}` : screen;
}

/*
 * docs/product.md#states-and-transitions: Logout goes to a plain login. The return address belongs only to a visitor
 * whom a guard or an invite sent to sign in; a member's own Logout carries nothing, so whoever signs in next on
 * this device (perhaps another person) goes to the feed. The member is noted before the session ends, so that the
 * guard of the page they leave (and of any page a stale render bounces them to) knows the logout was theirs; a
 * guard that never saw them (a later visitor's) still carries its page. The next sign-in forgets the note.
 */
let loggedOutMember: string | null = null;

/** Marks the logout of member `uid` in this tab; called before the session ends. */
export function noteLogout(uid: string): void {
  loggedOutMember = uid;
}

/** Forgets the noted logout: a sign-in started, or the logout failed. */
export function forgetLogout(): void {
  loggedOutMember = null;
}

/** True when `uid` is the member who logged out in this tab (and no sign-in has happened since). */
export function loggedOutHere(uid: string | null | undefined): boolean {
  return uid != null && uid === loggedOutMember;
}

/** `location` as one address (path, query and fragment), to carry through sign-in. */
export function addressOf(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
