import type { ChallengeRecord, ChallengeSummary } from '@domain/challenges/challenge-record';

/**
 * What a viewer may see of a challenge: the owner its whole plan; a member who joined its group their own plan
 * (their record under their own uid with the owner's challenge id, docs/product.md "Group challenges");
 * everyone else its summary.
 */
export type ViewedChallenge =
  | { view: 'owner'; challenge: ChallengeRecord }
  | { view: 'member'; challenge: ChallengeRecord }
  | { view: 'summary'; challenge: ChallengeSummary };
