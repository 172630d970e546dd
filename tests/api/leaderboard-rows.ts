import type { Database } from 'firebase-admin/database';

/** A member's points on every week's and month's board, by `weekly/{week}` and `monthly/{month}`. */
export async function periodPoints(database: Database, uid: string) {
  const rows: Record<string, number> = {};
  for (const board of ['weekly', 'monthly']) {
    const periods = ((await database.ref(`leaderboard/${board}`).get()).val() ?? {}) as Record<
      string,
      Record<string, { points: number }>
    >;
    for (const [period, entries] of Object.entries(periods))
      if (entries[uid]) rows[`${board}/${period}`] = entries[uid].points;
  }
  return rows;
}
