import type { ChallengeRecord, ChallengeSummary } from '@/domain/challenge-record';

/** What a viewer may see of a challenge: the owner its whole plan, everyone else its summary. */
export type ViewedChallenge =
  { view: 'owner'; challenge: ChallengeRecord } | { view: 'summary'; challenge: ChallengeSummary };
