import { useSyncExternalStore } from 'react';
import { isOnline, subscribeConnectivity } from '@/lib/connectivity';

/** False while the app knows it has no network (src/lib/connectivity.ts); true otherwise. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}
