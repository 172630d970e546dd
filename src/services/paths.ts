/** Every Realtime Database location the app touches (DESIGN §3), in one place. */
export const dbPaths = {
  userInfo: (uid: string) => `users/${uid}/info`,
  userPrivate: (uid: string) => `users/${uid}/private`,
  userSocial: (uid: string) => `users/${uid}/social`,
  userChallenges: (uid: string) => `users/${uid}/challenges`,
  challenge: (uid: string, challengeId: string) => `users/${uid}/challenges/${challengeId}`,
  feed: 'feed',
  feedEntry: (challengeId: string) => `feed/${challengeId}`,
  leaderboardAll: 'leaderboard/all',
  leaderboardWeekly: (isoWeek: string) => `leaderboard/weekly/${isoWeek}`,
  leaderboardMonthly: (month: string) => `leaderboard/monthly/${month}`,
  banner: 'website/banner/val',
  socialLinks: 'website/social-link',
  subscribers: 'website/subscribers',
  contactMessages: 'website/contact',
} as const;

/** Cloud Storage object paths (SPEC §3, DESIGN §4). */
export const storagePaths = {
  avatar: (uid: string) => `Challenge/${uid}/profile/avtar.jpg`,
  challengeFolder: (uid: string, challengeId: string) => `Challenge/${uid}/${challengeId}`,
  mealProof: (uid: string, challengeId: string, day: number, meal: string) =>
    `Challenge/${uid}/${challengeId}/Day${day}-${meal}.jpg`,
} as const;
