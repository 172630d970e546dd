import { useEffect, useState } from 'react';
import { challengeTimeZone } from '../api/create-challenge';

/** The zone a new challenge's meal windows will follow, read while `enabled` (the form is open). */
export function useChallengeTimeZone(uid: string, enabled: boolean): string | undefined {
  const [timeZone, setTimeZone] = useState<string>();
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    challengeTimeZone(uid).then(
      (zone) => current && setTimeZone(zone.timeZone),
      () => current && setTimeZone(undefined),
    );
    return () => {
      current = false;
    };
  }, [uid, enabled]);
  return timeZone;
}
