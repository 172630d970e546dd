import { useBusy } from '@/hooks/use-busy';
import { toastError, toastSuccess } from '@/lib/toast';

/**
 * Runs one admin action behind the page's spinner: a toast says it is done (then `onDone` reloads
 * the lists it changed) or gives the API's reason for refusing it.
 */
export function useAdminAction(onDone: () => void) {
  const { whileBusy } = useBusy();
  return async (work: () => Promise<unknown>, done: string) => {
    try {
      await whileBusy(work());
      toastSuccess(done);
    } catch (error) {
      toastError(error instanceof Error ? error.message : 'The action failed; try again');
    } finally {
      onDone();
    }
  };
}
