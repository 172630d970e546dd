import { CHALLENGE_SUMMARY_FIELDS } from '@domain/challenges/challenge-record';
import { DATABASE_KEY, dbPaths } from '@domain/data/database-paths';
import { prefetchValue } from '@/services/database-prefetch';
import { whenSignedIn } from '@/services/saved-session';

/**
 * Starts reading the challenge a shareable address names as soon as the session is known, ahead of React, the
 * router and the challenge screen's code (src/app/screen-loaders.ts calls it from the entry): the owner's whole
 * record, or the summary fields anyone else may read (the reads use-challenge.ts then watches). Ids that are
 * not database keys read nothing, as there.
 */
export function prefetchChallenge(ownerId: string | undefined, challengeId: string | undefined) {
  if (!ownerId || !challengeId || !DATABASE_KEY.test(ownerId) || !DATABASE_KEY.test(challengeId))
    return;
  const challenge = dbPaths.challenge(ownerId, challengeId);
  whenSignedIn((viewerUid) => {
    if (viewerUid === ownerId) prefetchValue(challenge);
    else for (const field of CHALLENGE_SUMMARY_FIELDS) prefetchValue(`${challenge}/${field}`);
  });
}
