import { dbPaths } from '@domain/data/database-paths';
import type { BoardRow } from '@domain/challenges/group-records';
import { groupTerms } from './group-board-writes';
import { recomputeTotals, type RecomputeDependencies } from '../progress/recompute-totals';
import { TEAM_BONUS_DUE, teamBonusDuePath } from './team-bonus-due';

export interface TeamBonusJobDependencies extends RecomputeDependencies {
  log: (message: string, error?: unknown) => void;
}

/** How often the job runs (the scheduled function's and the dev stack's timer). */
export const TEAM_BONUS_JOB_EVERY_MINUTES = 15;
/** Groups settled per run at most, the longest-due first; the next run takes the rest. */
export const TEAM_BONUS_GROUPS_PER_RUN = 100;
/** Members recomputed at once for a decided group (as a member's own recompute does for the others). */
const MEMBER_CONCURRENCY = 4;

/** What one run did: groups whose bonus is now decided, groups found still running, groups gone. */
export interface TeamBonusRun {
  decided: string[];
  waiting: string[];
  gone: string[];
}

async function recomputeMembers(
  dependencies: TeamBonusJobDependencies,
  challengeId: string,
  members: string[],
) {
  const queue = [...members];
  const worker = async () => {
    for (let uid = queue.shift(); uid; uid = queue.shift()) {
      try {
        await recomputeTotals(dependencies, uid, challengeId);
      } catch (error) {
        // That member's own next recompute adds the same (the decision is stored).
        dependencies.log(`Team bonus: recomputing ${uid} in ${challengeId} failed`, error);
      }
    }
  };
  await Promise.all(Array.from({ length: MEMBER_CONCURRENCY }, worker));
}

/**
 * One group off the list: decided (its bonus, then every member's totals: score, week and month
 * boards, board rows), or filed again at its real end while a member's last window is open, or
 * dropped when the group is gone. The decision is group-board-writes.ts groupTerms, the one a
 * member's recompute makes, taken here on behalf of any member on the board (the owner's row is put
 * aside while they are disabled): a transaction, so a racing run or recompute agrees.
 */
async function settle(
  dependencies: TeamBonusJobDependencies,
  challengeId: string,
  now: number,
): Promise<keyof TeamBonusRun> {
  const { database } = dependencies;
  const due = database.ref(teamBonusDuePath(challengeId));
  const rows = ((await database.ref(dbPaths.groupMembers(challengeId)).get()).val() ??
    {}) as Record<string, BoardRow>;
  const members = Object.keys(rows).filter((uid) => typeof rows[uid]?.joinedAt === 'number');
  const terms =
    members.length > 0 ? await groupTerms(database, challengeId, members[0], 0, now) : undefined;
  if (!terms) {
    await due.remove();
    return 'gone';
  }
  if (!terms.bonus) {
    await due.set(terms.settlesAt ?? now);
    return 'waiting';
  }
  await recomputeMembers(dependencies, challengeId, members);
  await due.remove();
  return 'decided';
}

/**
 * The scheduled job (functions/src/index.ts; the dev stack runs it on a timer): decides the team
 * bonus of every listed group whose end has passed, with no member's activity needed
 * (docs/product.md, "Group challenges"). Reads the list (one small number per undecided group) and
 * only the groups that are due. Safe to run twice at once or again after a failure.
 */
export async function decideTeamBonuses(
  dependencies: TeamBonusJobDependencies,
): Promise<TeamBonusRun> {
  const { database, clock, log } = dependencies;
  const now = clock();
  const listed = ((await database.ref(TEAM_BONUS_DUE).get()).val() ?? {}) as Record<
    string,
    unknown
  >;
  const due = Object.entries(listed)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] < now)
    .sort((left, right) => left[1] - right[1])
    .slice(0, TEAM_BONUS_GROUPS_PER_RUN);
  const run: TeamBonusRun = { decided: [], waiting: [], gone: [] };
  for (const [challengeId] of due) {
    try {
      run[await settle(dependencies, challengeId, now)].push(challengeId);
    } catch (error) {
      // Listed still: the next run tries again.
      log(`Team bonus: settling ${challengeId} failed`, error);
    }
  }
  return run;
}
