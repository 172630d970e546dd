import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { addressOf, afterSignIn, loggedOutHere, signInAddress } from '@/lib/return-address';
import { useSession } from '@/lib/session';
import { isSigningIn } from '@/lib/sign-in-progress';

/**
 * docs/product.md#routes-and-screens: the login guard really blocks. While the session is being restored
 * nothing renders; visitors are sent to login, which brings them back here once they have signed in. Pages that
 * show visitors a preview of their own (an invite's join card) are open to everyone in the route table.
 * A member who logs out here goes to a plain login (docs/product.md#states-and-transitions): the page is theirs,
 * not the next person's. A session that ended otherwise (another tab, a refused token) keeps the page.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  // The member this page was rendered for, if any: a visitor's guard never saw one.
  const [memberSeen, setMemberSeen] = useState<string | null>(null);
  if (user && memberSeen !== user.uid) setMemberSeen(user.uid);
  if (user === undefined) return null;
  if (user === null) {
    const login = loggedOutHere(memberSeen)
      ? '/login'
      : signInAddress('/login', addressOf(location));
    return <Navigate to={login} replace />;
  }
  return children;
}

/**
 * Register and login send members who are already signed in on: to the address the sign-in screen carries
 * (src/lib/return-address.ts), else to the feed. A sign-in made on the screen itself sends the member on by
 * itself (src/lib/sign-in-progress.ts), so that the home learns whether the account is new.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { search } = useLocation();
  if (user === undefined) return null;
  // A member logging out is on their way here: the session may not have caught up yet.
  if (user && !isSigningIn() && !loggedOutHere(user.uid))
    return <Navigate to={afterSignIn(search)} replace />;
  return children;
}
