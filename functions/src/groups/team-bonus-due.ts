import { dbPaths } from '@domain/data/database-paths';

/**
 * Server-only: groups whose team bonus is still to be decided, each with when to look at it again
 * (epoch ms). A member's recompute files their group here while its bonus is undecided; the
 * scheduled job (team-bonus-job.ts) decides it once the group has ended and takes it off the list
 * (docs/architecture.md, "Derived data"). No client rule grants access to it.
 */
export const TEAM_BONUS_DUE = dbPaths.teamBonusDueList;

export const teamBonusDuePath = dbPaths.teamBonusDue;
