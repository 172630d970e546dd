import { createContext, useContext } from 'react';

export interface Busy {
  /** Shows the full-screen spinner until the promise settles, and returns it. */
  whileBusy<T>(work: Promise<T>): Promise<T>;
}

export const BusyContext = createContext<Busy>({ whileBusy: (work) => work });

export function useBusy(): Busy {
  return useContext(BusyContext);
}
