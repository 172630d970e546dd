import { useNavigate } from 'react-router-dom';
import { storageKeys, writeStored } from '@/lib/browser-storage';
import { toastError, toastSuccess } from '@/lib/toast';
import { useBusy } from '@/hooks/use-busy';
import type { SessionUser } from '@/services/auth';

/** Runs a sign-in attempt with the spinner, then docs/product.md#states-and-transitions: store the user, toast, go to the feed. */
export function useSignIn() {
  const navigate = useNavigate();
  const { whileBusy } = useBusy();
  return async (attempt: () => Promise<SessionUser>): Promise<boolean> => {
    try {
      const user = await whileBusy(attempt());
      writeStored(storageKeys.user, user);
      toastSuccess('Signed in successfully');
      navigate('/feed', { replace: true });
      return true;
    } catch {
      toastError('Error signing in');
      return false;
    }
  };
}
