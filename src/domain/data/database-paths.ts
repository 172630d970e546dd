/**
 * Every Realtime Database location the app and its functions touch, in one
 * place (docs/architecture.md, "Data model and access"). database.rules.json
 * guards each of them.
 */
export const dbPaths = {
  userInfo: (uid: string) => `users/${uid}/info`,
  userPrivate: (uid: string) => `users/${uid}/private`,
  /** Server-written; the rules keep the member from changing them (see member-time-zone.ts). */
  memberTimeZone: (uid: string) => `users/${uid}/private/timeZone`,
  memberTimeZoneSetAt: (uid: string) => `users/${uid}/private/timeZoneSetAt`,
  userSocial: (uid: string) => `users/${uid}/social`,
  /** The private weight log, one entry a day; the owner and admins read it, only the API writes it. */
  weightLog: (uid: string) => `users/${uid}/weights`,
  weightEntry: (uid: string, date: string) => `users/${uid}/weights/${date}`,
  /** Server-written with the score: challenges completed, adherence, meals proved per day (84 days); members read it. */
  memberGlance: (uid: string) => `users/${uid}/glance`,
  /** Server-only (functions/src/progress/member-rollup.ts): the settled challenges summed, and which are open. */
  progressMember: (uid: string) => `progress/${uid}/member`,
  /** Server-only: each challenge's contribution, so a recompute redoes only what can change. */
  progressChallenges: (uid: string) => `progress/${uid}/challenges`,
  progressChallenge: (uid: string, challengeId: string) =>
    `progress/${uid}/challenges/${challengeId}`,
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
  /** A moderator's mark on a hidden challenge; signed-in members read it (moderation-records.ts). */
  challengeModeration: (uid: string, challengeId: string) =>
    `users/${uid}/challenges/${challengeId}/moderation`,
  /** Server-only: feed entries of hidden challenges and disabled members, kept to restore them. */
  hiddenFeed: 'moderation/hiddenFeed',
  hiddenFeedEntry: (challengeId: string) => `moderation/hiddenFeed/${challengeId}`,
  /** Server-only: a disabled member's leaderboard rows, restored when they are enabled. */
  disabledMember: (uid: string) => `moderation/disabledMembers/${uid}`,
  /** Every admin action; only admins read it, only the API writes it. */
  adminAudit: 'moderation/audit',
  /** Server-only: flagged proofs waiting for an admin, by key (time first); admins list them through the API. */
  proofQueue: 'moderation/proofQueue',
  proofQueueEntry: (key: string) => `moderation/proofQueue/${key}`,
  /** Server-only: proof photos' perceptual hashes, filed by band (functions/src/proofs/proof-hash-index.ts). */
  proofHashBucket: (band: number, value: string) => `proofHashes/${band}/${value}`,
  /** The owner's invite link (group-records.ts InviteRecord): server-written, the owner reads it. */
  challengeInvite: (uid: string, challengeId: string) =>
    `users/${uid}/challenges/${challengeId}/invite`,
  /** A group challenge (group-records.ts GroupRecord): server-written, its members and admins read it. */
  group: (challengeId: string) => `groups/${challengeId}`,
  groupMembers: (challengeId: string) => `groups/${challengeId}/members`,
  groupMember: (challengeId: string, uid: string) => `groups/${challengeId}/members/${uid}`,
  groupMemberCount: (challengeId: string) => `groups/${challengeId}/memberCount`,
  groupBonus: (challengeId: string) => `groups/${challengeId}/bonus`,
  /** Proof photos' download URLs per member and meal, read when a member opens another's row. */
  groupPhotos: (challengeId: string, uid: string) => `groups/${challengeId}/photos/${uid}`,
  /** Who cheered which meal: server-only (members see the count on the board row). */
  groupCheer: (challengeId: string, uid: string, meal: string, fromUid: string) =>
    `groupCheers/${challengeId}/${uid}/${meal}/${fromUid}`,
  /** One nudge per window per pair: server-only. */
  groupNudge: (challengeId: string, uid: string, meal: string, fromUid: string) =>
    `groupNudges/${challengeId}/${uid}/${meal}/${fromUid}`,
  /** What fromUid cheered and nudged in a group (group-records.ts GivenRecord): server-written, fromUid reads it. */
  groupGiven: (challengeId: string, fromUid: string) => `groupGiven/${challengeId}/${fromUid}`,
  /** Members' reports of a proof photo (group-records.ts ProofReportRecord): server-only. */
  groupProofReports: (challengeId: string, uid: string, meal: string) =>
    `groupReports/${challengeId}/${uid}/${meal}`,
  groupProofReport: (challengeId: string, uid: string, meal: string, fromUid: string) =>
    `groupReports/${challengeId}/${uid}/${meal}/${fromUid}`,
  /** Cheers and nudges for a member (group-records.ts NoticeRecord): server-written, the member reads them. */
  notices: (uid: string) => `users/${uid}/notices`,
  /** When the member last opened their notices (server time); the member writes it. */
  noticesSeenAt: (uid: string) => `users/${uid}/noticesSeenAt`,
  /** Server-only; no client rule grants access to it. */
  challengeCreationLock: (uid: string) => `serverLocks/challengeCreation/${uid}`,
  /** Server-only: a member's stored bytes in Cloud Storage, summed by the finalize check (functions/src/proofs/stored-upload-check.ts). */
  storageUsage: (uid: string) => `storageUsage/${uid}`,
  /**
   * Server-only: every plan the member made (created or joined) in the last day, by push key
   * ({at, challengeId}), for the daily cap; leaving or deleting a plan leaves its entry (functions/src/challenges/challenge-records.ts).
   */
  plansMade: (uid: string) => `serverLimits/plansMade/${uid}`,
  /** Server-only: fixed-window use counters of the API (functions/src/http/database-counters.ts). */
  serverLimit: (key: string) => `serverLimits/${key}`,
  /**
   * Server-only: groups whose team bonus is undecided, each with when to look at it again (epoch ms;
   * functions/src/groups/team-bonus-due.ts). `teamBonusDueList` is the scheduled job's whole list.
   */
  teamBonusDueList: 'teamBonusDue',
  teamBonusDue: (challengeId: string) => `teamBonusDue/${challengeId}`,
} as const;

/** RTDB push ids and Auth uids: no . # $ / [ ]. */
export const DATABASE_KEY = /^[A-Za-z0-9_-]{1,128}$/;
