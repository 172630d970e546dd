/**
 * Standard competition ranking ("1224"): a score's rank is one more than the number of scores above
 * it, so tied scores share a rank and the next rank skips the places they take. The leaderboard
 * lists and a member's own "Your rank" both rank with this, so a tie reads the same in both.
 */
export function competitionRank(score: number, scores: readonly number[]): number {
  let above = 0;
  for (const other of scores) if (other > score) above++;
  return above + 1;
}

/** Each item with its competition rank among `items` (highest score first); order is kept. */
export function withCompetitionRanks<T>(
  items: readonly T[],
  scoreOf: (item: T) => number,
): Array<{ item: T; rank: number }> {
  const scores = items.map(scoreOf);
  return items.map((item, index) => ({ item, rank: competitionRank(scores[index]!, scores) }));
}
