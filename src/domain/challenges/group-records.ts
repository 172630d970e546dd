/**
 * Group challenges' records and request bodies (docs/product.md, "Group challenges"; the paths in
 * database-paths.ts). A joined member's own plan is an ordinary challenge record under their own uid with the
 * owner's challenge id, so proofs, points, windows and the active limit work for it as for any challenge.
 */
import { z } from '@domain/zod';
import { isValidTimeZone } from '@domain/calendar-dates';
import { INPUT_LIMITS, TARGET_BODIES } from '@domain/constants';
import { MEAL_KEY, type MealKey } from '@domain/challenges/meal-key';

/** Who may join: only the owner (no group), anyone with the invite link, or anyone from the feed too. */
export const GROUP_ACCESS = ['solo', 'link', 'feed'] as const;
export type GroupAccess = (typeof GROUP_ACCESS)[number];

/** Invite tokens: 32 url-safe characters from 24 random bytes (unguessable; compared by the server only). */
export const INVITE_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/**
 * users/{owner}/challenges/{cid}/invite: the owner's current invite link; server-written, read by the owner
 * only (it is not a summary field). `open: false` once invitations are closed.
 */
export interface InviteRecord {
  token: string;
  open: boolean;
  /** When this token was made (epoch ms); a new link replaces the token. */
  madeAt: number;
}

/** What a row says of one meal beyond its window. */
export interface BoardMealState {
  /** Set once a proof is recorded: 'Done', or the review's state while flagged or rejected. */
  proof?: 'Done' | 'Flagged' | 'Rejected';
  /** Cheers from other members (groups/{cid}/cheers holds who). */
  cheers?: number;
}

/** One meal of a row as the board reads it: its window (decoded from `windows`) and its state. */
export interface BoardMeal extends BoardMealState {
  opensAt: number;
  closesAt: number;
}

/**
 * groups/{cid}/members/{uid}: one member's board row, server-written; every member of the group reads the
 * whole node in one query. Never body stats, targets or macros (docs/security.md, "Group challenges").
 * Kept small (docs/architecture.md, "Board rows"): the windows and the proof states are one string each,
 * `meals` only cheered meals; board-windows.ts reads them back as BoardMeal.
 */
export interface BoardRow {
  displayName: string;
  photoURL: string;
  joinedAt: number;
  /** Meals proved inside their windows, and the points they earned in this challenge. */
  proved: number;
  points: number;
  /** When `proved` last grew (epoch ms); absent before the first proof. */
  lastProvedAt?: number;
  /** The member's current meal streak (docs/product.md, "Streaks"), refreshed by their recompute. */
  streak?: number;
  /** Every planned meal's window, in plan order (board-windows.ts encodeBoardWindows). */
  windows?: string;
  /** Each meal's proof state, one character a meal (board-windows.ts encodeBoardProofs); absent: none. */
  proofs?: string;
  /** Cheers by meal, only for cheered meals (the cheer route increments them in place). */
  meals?: Partial<Record<MealKey, Pick<BoardMealState, 'cheers'>>>;
}

/** groups/{cid}: server-written; its members (and admins) read it. */
export interface GroupRecord {
  ownerId: string;
  access: Exclude<GroupAccess, 'solo'>;
  memberCount: number;
  members: Record<string, BoardRow>;
  /**
   * Set once, when every member's last window has closed: who earned the team bonus, and the
   * challenge's end (the latest window's close of all members), whose week and month the bonus counts in.
   */
  bonus?: { decidedAt: number; endsAt: number; recipients?: Record<string, true> };
}

/**
 * users/{uid}/notices/{id}: a cheer or nudge for the member, server-written, read by the member; their
 * `noticesSeenAt` (which they write) says which are new.
 */
export interface NoticeRecord {
  kind: 'cheer' | 'nudge';
  at: number;
  fromUid: string;
  fromName: string;
  fromPhotoURL: string;
  ownerId: string;
  challengeId: string;
  title: string;
  /** The cheered meal, or the nudged window's meal. */
  meal: MealKey;
}

/**
 * groupGiven/{cid}/{fromUid}: what a member cheered and nudged in a group, by member and meal, with when
 * (server-written with the cheer or nudge; only that member reads it), so the board shows "cheered" and
 * "Nudged" after a reload (docs/product.md, "Cheer and nudge").
 */
export type GivenRecord = Record<
  string,
  Partial<Record<MealKey, Partial<Record<NoticeRecord['kind'], number>>>>
>;

/** What a feed entry and the owner's summary carry of a group, for non-members. */
export interface GroupSummary {
  access: Exclude<GroupAccess, 'solo'>;
  memberCount: number;
  /** Up to 5 members' avatars, earliest joiners first. */
  memberPhotos?: { displayName: string; photoURL: string }[];
}

/** PUT /api/challenges/:challengeId/access */
export const groupAccessRequestSchema = z.strictObject({ access: z.enum(GROUP_ACCESS) });

/** POST /api/challenges/:challengeId/join: the token from the link (none needed when anyone may join from
 * the feed); the member's own body goal, the challenge's when absent; the device's zone, which sets the
 * member's zone when they have none yet, as at their first challenge (else the stored zone is kept). */
export const joinRequestSchema = z.strictObject({
  token: z.string().regex(INVITE_TOKEN, 'Not an invite token').optional(),
  targetBody: z.enum(TARGET_BODIES).optional(),
  timezone: z
    .string()
    .min(1)
    .max(INPUT_LIMITS.timezone)
    .refine(isValidTimeZone, 'Unknown time zone')
    .optional(),
});

/** POST /api/challenges/:challengeId/members/:uid/cheers */
export const cheerRequestSchema = z.strictObject({
  meal: z.string().regex(MEAL_KEY, 'Must be Day{n}-breakfast, -lunch or -dinner'),
});

/** Why a member reports another member's proof photo (#31 item 4). */
export const PROOF_REPORT_REASONS = [
  'not-a-meal',
  'not-this-meal',
  'someone-elses-photo',
  'inappropriate',
] as const;
export type ProofReportReason = (typeof PROOF_REPORT_REASONS)[number];
/** How a report's reason reads, to the member choosing it and to the admin reviewing it. */
export const PROOF_REPORT_REASON_LABELS: Record<ProofReportReason, string> = {
  'not-a-meal': 'Not a meal',
  'not-this-meal': 'Not this meal',
  'someone-elses-photo': 'Someone else’s photo',
  inappropriate: 'Inappropriate',
};
/** Reports from this many different members put the proof in the admins' review queue. */
export const PROOF_REPORTS_TO_FLAG = 3;

/** groupReports/{cid}/{uid}/{meal}/{reporterUid}: server-only; which photo was reported, and why. */
export interface ProofReportRecord {
  reason: ProofReportReason;
  at: number;
  imgPath: string;
}

/** POST /api/challenges/:challengeId/members/:uid/meals/:meal/reports */
export const proofReportRequestSchema = z.strictObject({ reason: z.enum(PROOF_REPORT_REASONS) });

export const GROUP_MESSAGES = {
  full: 'This challenge is full (50 members)',
  ended: 'This challenge has ended',
  closed: 'The owner has closed invitations to this challenge',
  badToken: 'This invite link is not valid any more; ask the owner for a new one',
  hidden: 'This challenge was hidden by a moderator',
  notMember: 'You are not a member of this challenge',
  ownerCannotLeave: 'The owner cannot leave their own challenge; delete it instead',
} as const;
