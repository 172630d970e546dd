import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '@/lib/session';

/**
 * docs/product.md#routes-and-screens: the login guard really blocks. While the session is being
 * restored nothing renders; visitors are sent to login and never see the page.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (user === undefined) return null;
  if (user === null) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

/** Register and login send members who are already signed in to the feed. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user === undefined) return null;
  if (user) return <Navigate to="/feed" replace />;
  return children;
}
