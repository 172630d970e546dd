/**
 * A group challenge's board and team goal (docs/product.md, "Group challenges"): pure rules the server
 * derives the board rows and the team bonus with, and the page orders them by.
 */

/** One member's standing in a group challenge, as the server derives it from their own plan. */
export interface BoardStanding {
  uid: string;
  /** Meals proved inside their windows. */
  proved: number;
  /** Meals whose window has opened so far (a meal not yet open is not yet owed). */
  dueSoFar: number;
  /** Meals in the member's whole plan. */
  planned: number;
  /** Points earned in this challenge. */
  points: number;
  /** When the member last added to `proved` (epoch ms); who got there first wins a tie. */
  lastProvedAt: number | null;
}

/** The team bonus: with the team at TEAM_GOAL_SHARE or more at the end, each member who proved at least
 * MEMBER_SHARE_FOR_BONUS of their own meals earns TEAM_BONUS_POINTS. */
export const TEAM_GOAL_SHARE = 0.8;
export const MEMBER_SHARE_FOR_BONUS = 0.5;
export const TEAM_BONUS_POINTS = 25;
/** Members of one group challenge, the owner included. */
export const GROUP_MEMBER_LIMIT = 50;

/** The share of a member's meals so far they proved; 0 before any meal is due. */
export function provedShare({ proved, dueSoFar }: Pick<BoardStanding, 'proved' | 'dueSoFar'>) {
  return dueSoFar > 0 ? Math.min(proved, dueSoFar) / dueSoFar : 0;
}

/**
 * The board's order: the share of meals proved so far, then points, then who reached their count
 * first (a member who has proved nothing comes after any who has), then uid so the order is total.
 */
export function compareStandings(left: BoardStanding, right: BoardStanding): number {
  const byShare = provedShare(right) - provedShare(left);
  if (byShare !== 0) return byShare;
  if (right.points !== left.points) return right.points - left.points;
  const leftAt = left.lastProvedAt ?? Number.POSITIVE_INFINITY;
  const rightAt = right.lastProvedAt ?? Number.POSITIVE_INFINITY;
  if (leftAt !== rightAt) return leftAt < rightAt ? -1 : 1;
  return left.uid < right.uid ? -1 : left.uid > right.uid ? 1 : 0;
}

export function rankBoard(standings: readonly BoardStanding[]): BoardStanding[] {
  return [...standings].sort(compareStandings);
}

/** The team goal's bar: every member's meals proved so far over every member's meals due so far. */
export function teamProgress(standings: readonly BoardStanding[]): number {
  let proved = 0;
  let due = 0;
  for (const standing of standings) {
    proved += Math.min(standing.proved, standing.dueSoFar);
    due += standing.dueSoFar;
  }
  return due > 0 ? proved / due : 0;
}

/**
 * Who earns the team bonus once the challenge has ended: nobody unless the team proved at least
 * TEAM_GOAL_SHARE of all planned meals; then each member who proved at least MEMBER_SHARE_FOR_BONUS
 * of their own plan.
 */
export function teamBonusRecipients(standings: readonly BoardStanding[]): string[] {
  const final = standings.map((standing) => ({ ...standing, dueSoFar: standing.planned }));
  if (final.length === 0 || teamProgress(final) < TEAM_GOAL_SHARE) return [];
  return final
    .filter((standing) => provedShare(standing) >= MEMBER_SHARE_FOR_BONUS)
    .map((standing) => standing.uid);
}
