/**
 * Sign-ins started on this page and not yet settled. While one runs, the session already holds the member, and
 * the register and login screens leave the next step to the sign-in itself (use-sign-in.ts), which knows
 * whether the account is new and tells the home so; a redirect of their own would race it and drop that.
 */
let pending = 0;

/** Marks `attempt` as a sign-in in progress until it settles, and returns it. */
export async function whileSigningIn<T>(attempt: Promise<T>): Promise<T> {
  pending += 1;
  try {
    return await attempt;
  } finally {
    pending -= 1;
  }
}

/** True while a sign-in started on this page has not settled. */
export function isSigningIn(): boolean {
  return pending > 0;
}
