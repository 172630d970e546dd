import type { FeedEntry } from '@domain/challenges/challenge-record';

/** A moderator's note on a reason for hiding or disabling; kept short, shown to the member. */
export const MODERATION_REASON_MAX_LENGTH = 200;

/**
 * moderation/hiddenFeed/{cid}, server-only: a feed entry taken out of the feed, kept to put it back.
 * A challenge leaves the feed for either of two reasons and returns only when neither holds.
 */
export interface HiddenFeedRecord {
  uid: string;
  /** The entry as it was in the feed; absent when the challenge was not in the feed then. */
  entry?: FeedEntry;
  byModerator?: { at: number; by: string; reason: string };
  /** The owner is disabled (moderation/disabledMembers/{uid}). */
  byDisabledMember?: true;
}

/** The leaderboard rows of a member, by board: what disabling takes away and enabling restores. */
export interface LeaderboardRows {
  all?: unknown;
  weekly?: Record<string, unknown>;
  monthly?: Record<string, unknown>;
}

/** moderation/disabledMembers/{uid}, server-only. */
export interface DisabledMemberRecord {
  at: number;
  by: string;
  reason: string;
  leaderboard?: LeaderboardRows;
}

export const ADMIN_ACTIONS = [
  'hide-challenge',
  'unhide-challenge',
  'disable-member',
  'enable-member',
  'edit-banner',
  'edit-site-links',
  'approve-proof',
  'reject-proof',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  'hide-challenge': 'hid a challenge',
  'unhide-challenge': 'unhid a challenge',
  'disable-member': 'disabled a member',
  'enable-member': 'enabled a member',
  'edit-banner': 'changed the home banner',
  'edit-site-links': "changed the site's social links",
  'approve-proof': 'approved a flagged proof',
  'reject-proof': 'rejected a flagged proof',
};

/** moderation/audit/{pushId}: who did what to which target, when (server time); admins read it. */
export interface AdminAuditEntry {
  at: number;
  action: AdminAction;
  actor: { uid: string; email: string };
  target: { uid: string; challengeId?: string; label: string };
  reason: string;
}

/** A member as the admin member list shows them (from Auth). */
export interface AdminMemberRow {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string;
  disabled: boolean;
  admin: boolean;
  /** Epoch ms of the Auth account's creation. */
  createdAt: number;
}

export interface AdminMemberPage {
  members: AdminMemberRow[];
  page: number;
  pageCount: number;
  total: number;
  /** More accounts exist than one search looks through; narrow the search. */
  truncated: boolean;
}

/** A challenge a moderator hid, as the admin list shows it. */
export interface HiddenChallengeRow {
  challengeId: string;
  uid: string;
  title: string;
  displayName: string;
  hiddenAt: number;
  reason: string;
}
