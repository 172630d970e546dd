import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { afterMainContent } from '@/lib/main-content';
import { SessionContext, type SessionState } from '@/lib/session';
import type { SessionUser } from '@/services/auth';
import { onAuthSdkStarted } from '@/services/auth-sdk-started';
import { firstReadsAnswered } from '@/services/database-prefetch';
import { savedSession } from '@/services/saved-session';

const sameMember = (a: SessionUser | null | undefined, b: SessionUser | null) =>
  a === b ||
  (a != null &&
    b !== null &&
    (Object.keys(b) as Array<keyof SessionUser>).every((field) => a[field] === b[field]));

/**
 * The member the page renders for: at once the session saved on this device (src/services/saved-session.ts),
 * then what the Auth SDK says, which loads once the page's main content is on screen (at once when the saved
 * session cannot be read). The SDK's answer always wins (docs/architecture.md, "The saved session").
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionState>({ user: undefined });
  useEffect(() => {
    let active = true;
    let sdkAnswered = false;
    let watching = false;
    let stopWatching = () => {};
    let cancelWait = () => {};
    // A transition: the whole app re-renders when the session is known, in slices rather than one long task.
    // The SDK confirming the saved member changes nothing: the same state, no re-render of the whole app.
    const show = (user: SessionUser | null) =>
      startTransition(() =>
        setSession((current) => (sameMember(current.user, user) ? current : { user })),
      );
    const watchSdk = () => {
      if (watching) return;
      watching = true;
      void import('@/services/auth').then(({ watchSession }) => {
        if (!active) return;
        stopWatching = watchSession((user) => {
          sdkAnswered = true;
          show(user);
        });
      });
    };
    // Whatever starts the SDK first (a sign-in, a sign-out, a stale token) makes it the session's source at once.
    const stopListening = onAuthSdkStarted(watchSdk);
    void savedSession().then((saved) => {
      if (!active) return;
      if (saved === undefined) return watchSdk();
      if (!sdkAnswered) show(saved?.user ?? null);
      // The SDK's download and its account lookup would otherwise share the network with the page's first
      // reads and pictures (docs/performance.md, "Decisions that hold the budgets").
      void firstReadsAnswered().then(() => {
        if (active) cancelWait = afterMainContent(watchSdk);
      });
    });
    return () => {
      active = false;
      stopListening();
      cancelWait();
      stopWatching();
    };
  }, []);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
