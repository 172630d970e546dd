import { createContext, useContext } from 'react';
import type { SessionUser } from '@/services/auth';

export interface SessionState {
  /** undefined until the session saved on this device (or the Auth SDK, where it cannot be read) is known. */
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
