import { useEffect, useState, type ReactNode } from 'react';
import { SessionContext, type SessionState } from '@/lib/session';
import { watchSession } from '@/services/auth';

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionState>({ user: undefined });
  useEffect(() => watchSession((user) => setSession({ user })), []);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
