/**
 * Whether the Auth SDK has started on this page: from then on tokens and the sign-in state come from it, not
 * from the session saved on the device (saved-session.ts). A module of its own so that auth.ts can say so
 * without importing saved-session.ts, which imports auth.ts.
 */
let started = false;

export function authSdkStarted(): boolean {
  return started;
}

/** auth.ts calls this as it starts the SDK. */
export function markAuthSdkStarted(): void {
  started = true;
}
