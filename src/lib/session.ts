import { createContext, useContext } from 'react';
import type { SessionUser } from '@/services/auth';

export interface SessionState {
  /** undefined while the session is not known yet (src/app/session-provider.tsx knows it at its first render). */
  user: SessionUser | null | undefined;
}

export const SessionContext = createContext<SessionState>({ user: undefined });

export function useSession(): SessionState {
  return useContext(SessionContext);
}

/** The signed-in member; only for components rendered behind the login guard. */
export function useSignedInUser(): SessionUser {
  const { user } = useSession();
  if (!user)
    throw new Error('useSignedInUser needs a signed-in member (render it behind the login guard)');
  return user;
}
