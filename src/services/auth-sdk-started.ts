/**
 * Whether the Auth SDK has started on this page: from then on tokens and the sign-in state come from it, not
 * from the session saved on the device (saved-session.ts). A module of its own so that auth.ts can say so
 * without importing saved-session.ts, which imports auth.ts.
 */
let started = false;
const listeners = new Set<() => void>();

export const authSdkStarted = (): boolean => started;

/** auth.ts calls this as it starts the SDK, whatever starts it (a sign-in, a sign-out, a token). */
export function markAuthSdkStarted(): void {
  if (started) return;
  started = true;
  for (const listener of [...listeners]) listener();
  listeners.clear();
}

/** Calls `listener` once the SDK has started (at once if it has). Returns a function that stops waiting. */
export function onAuthSdkStarted(listener: () => void): () => void {
  if (started) listener();
  else listeners.add(listener);
  return () => listeners.delete(listener);
}
