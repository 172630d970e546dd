import { useEffect, useState } from 'react';
import type { Loadable } from '@/hooks/use-async';
import type { ChallengeSummary } from '@domain/challenges/challenge-record';
import { watchChallengeSummary } from './challenge-summary';

/** The live summary of a member's challenge; pass null ids to read nothing. */
export function useChallengeSummary(
  ownerId: string | null,
  challengeId: string | null,
): Loadable<ChallengeSummary | null> {
  const key = ownerId && challengeId ? `${ownerId}/${challengeId}` : null;
  const [state, setState] = useState<{
    key: string | null;
    loaded: Loadable<ChallengeSummary | null>;
  }>({
    key,
    loaded: { status: 'loading' },
  });
  useEffect(() => {
    if (!ownerId || !challengeId || key === null) return;
    return watchChallengeSummary(
      ownerId,
      challengeId,
      (value) => setState({ key, loaded: { status: 'ready', value } }),
      (error) => setState({ key, loaded: { status: 'error', error } }),
    );
  }, [ownerId, challengeId, key]);
  return state.key === key ? state.loaded : { status: 'loading' };
}
