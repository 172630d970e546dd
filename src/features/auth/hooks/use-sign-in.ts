import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { authErrorReason } from '../api/auth-error-reason';
import { afterSignIn, forgetLogout } from '@/lib/return-address';
import { whileSigningIn } from '@/lib/sign-in-progress';
import { toastErrorWithReason, toastSuccess } from '@/lib/toast';
import { useBusy } from '@/hooks/use-busy';
import type { SignedInMember } from '../api/member-records';

/**
 * Runs a sign-in attempt with the spinner, then docs/product.md#states-and-transitions: store the user, toast,
 * go to the page the visitor was sent to sign in from (the screen's `?next=`, src/lib/return-address.ts), else
 * to the feed, telling it whether the account is new. A failure keeps the product's "Error signing in" toast and says why, in the toast and (as
 * `failureReason`) on the form, where it stays while the member corrects it.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { whileBusy } = useBusy();
  const [failureReason, setFailureReason] = useState<string | null>(null);
  const signIn = async (attempt: () => Promise<SignedInMember>): Promise<boolean> => {
    setFailureReason(null);
    // Whoever signs in now is not the member who logged out (src/lib/return-address.ts).
    forgetLogout();
    try {
      // Until the member is sent on, the sign-in screen leaves the redirect to this (sign-in-progress.ts).
      await whileSigningIn(
        whileBusy(attempt()).then(({ isNewMember }) => {
          toastSuccess('Signed in successfully');
          // The home welcomes a new member (src/features/site/components/home-intro.tsx reads this state).
          void navigate(afterSignIn(search), {
            replace: true,
            state: isNewMember ? { newMember: true } : null,
          });
        }),
      );
      return true;
    } catch (error) {
      const reason = authErrorReason(error);
      setFailureReason(reason);
      toastErrorWithReason('Error signing in', reason);
      return false;
    }
  };
  return { signIn, failureReason };
}
