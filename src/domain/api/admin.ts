import { z } from '@domain/zod';
import { MEAL_SLOTS } from '@domain/constants';
import { DATABASE_KEY } from '@domain/data/database-paths';
import {
  PROOF_REJECTION_REASON_MAX_LENGTH,
  type ProofQueuePage,
  type ProofReview,
} from '@domain/challenges/proof-review';
import {
  MODERATION_REASON_MAX_LENGTH,
  type AdminMemberPage,
  type HiddenChallengeRow,
} from '@domain/site/moderation-records';
import type { SiteSocialLinksInput } from '@domain/site/website-records';

/**
 * The admin routes' contract (docs/architecture.md, "The API"), used by both functions/src/admin and
 * src/features/admin/api. The website's bodies are validated by website-records.ts, which the
 * admin's forms share.
 */

/** GET /api/admin/members?q=&page= */
export const memberListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search at most 100 characters').default(''),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(1000, 'page must be at most 1000')
    .default(1),
});
export type MemberListResponse = AdminMemberPage;

/** POST /api/admin/members/:uid/disable {reason?} */
export const disableMemberRequestSchema = z.strictObject({
  reason: z.string().trim().max(MODERATION_REASON_MAX_LENGTH).default(''),
});
export type DisableMemberRequest = z.input<typeof disableMemberRequestSchema>;
export interface DisableMemberResponse {
  uid: string;
  disabled: true;
  /** Whether the member was disabled already. */
  again: boolean;
  feedEntries: number;
  leaderboardRows: number;
}

/** An action that takes no fields: POST /api/admin/members/:uid/enable, .../unhide, .../approve. */
export const emptyRequestSchema = z.strictObject({});

/** POST /api/admin/members/:uid/enable {} */
export interface EnableMemberResponse {
  uid: string;
  disabled: false;
}

/** POST /api/admin/challenges/:challengeId/hide {ownerId, reason?} */
export const hideChallengeRequestSchema = z.strictObject({
  ownerId: z.string().regex(DATABASE_KEY, 'Not a member id'),
  reason: z.string().trim().max(MODERATION_REASON_MAX_LENGTH).default(''),
});
export type HideChallengeRequest = z.input<typeof hideChallengeRequestSchema>;
export interface HideChallengeResponse {
  challengeId: string;
  hidden: true;
  /** Whether a moderator had hidden it already. */
  again: boolean;
}

/** POST /api/admin/challenges/:challengeId/unhide {} */
export interface UnhideChallengeResponse {
  challengeId: string;
  hidden: false;
  /** Whether its feed entry came back (not when its owner deleted it meanwhile). */
  inFeed: boolean;
}

/** GET /api/admin/challenges/hidden: newest first. */
export interface HiddenChallengesResponse {
  challenges: HiddenChallengeRow[];
}

/** A queue key as the proof route makes it: time (15 digits), uid, challenge, day, slot. */
const QUEUE_KEY = new RegExp(
  `^\\d{15}~[A-Za-z0-9_-]{1,128}~[A-Za-z0-9_-]{1,128}~[1-9]~(${MEAL_SLOTS.join('|')})$`,
);
export const proofQueueKeySchema = z.string().regex(QUEUE_KEY, 'Not a queued proof');

/** GET /api/admin/proofs?before=KEY */
export const proofQueueQuerySchema = z.strictObject({ before: proofQueueKeySchema.optional() });
export type ProofQueueResponse = ProofQueuePage;

/** POST /api/admin/proofs/:key/reject {reason} (approve takes {}). */
export const rejectProofRequestSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why the proof is rejected (the member reads it)')
    .max(PROOF_REJECTION_REASON_MAX_LENGTH),
});
export type RejectProofRequest = z.input<typeof rejectProofRequestSchema>;

/** The decision as written, and the member's score derived with it (absent if that failed). */
export interface ProofDecisionResponse {
  key: string;
  review: ProofReview;
  score?: number;
}

/** POST /api/admin/website/banner {val} */
export interface BannerResponse {
  val: string;
}

/** POST /api/admin/website/social-links: the links as saved. */
export type SocialLinksResponse = SiteSocialLinksInput;
