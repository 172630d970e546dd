/** RTDB paths of DESIGN §3 that the API reads or writes. */
export const paths = {
  info: (uid: string) => `users/${uid}/info`,
  privateProfile: (uid: string) => `users/${uid}/private`,
  /** Server-written; the rules keep the member from changing them (see member-time-zone.ts). */
  memberTimeZone: (uid: string) => `users/${uid}/private/timeZone`,
  memberTimeZoneSetAt: (uid: string) => `users/${uid}/private/timeZoneSetAt`,
  challenges: (uid: string) => `users/${uid}/challenges`,
  challenge: (uid: string, challengeId: string) => `users/${uid}/challenges/${challengeId}`,
  feedEntry: (challengeId: string) => `feed/${challengeId}`,
  leaderboardAll: (uid: string) => `leaderboard/all/${uid}`,
  leaderboardWeekly: (week: string, uid: string) => `leaderboard/weekly/${week}/${uid}`,
  leaderboardMonthly: (month: string, uid: string) => `leaderboard/monthly/${month}/${uid}`,
  /** Server-only; no client rule grants access to it. */
  challengeCreationLock: (uid: string) => `serverLocks/challengeCreation/${uid}`,
};

/** RTDB push ids and Auth uids: no . # $ / [ ]. */
export const DATABASE_KEY = /^[A-Za-z0-9_-]{1,128}$/;
