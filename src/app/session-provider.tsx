import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { SessionContext, type SessionState } from '@/lib/session';
import { watchSession } from '@/services/auth';

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionState>({ user: undefined });
  // A transition: the whole app re-renders when the session is known, in slices rather than one long task.
  useEffect(() => watchSession((user) => startTransition(() => setSession({ user }))), []);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
