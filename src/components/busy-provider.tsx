import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { BusyContext } from '@/hooks/use-busy';
import { LoadingOverlay } from './loading-overlay';

/** Owns the one full-screen spinner; any number of overlapping tasks keep it up. */
export function BusyProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState(0);
  const whileBusy = useCallback(<T,>(work: Promise<T>) => {
    setPending((count) => count + 1);
    return work.finally(() => setPending((count) => count - 1));
  }, []);
  const value = useMemo(() => ({ whileBusy }), [whileBusy]);
  return (
    <BusyContext.Provider value={value}>
      {children}
      <LoadingOverlay visible={pending > 0} />
    </BusyContext.Provider>
  );
}
