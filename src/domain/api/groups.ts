import { z } from '@domain/zod';
import type { Preference, TargetBody } from '@domain/constants';
import {
  INVITE_TOKEN,
  type cheerRequestSchema,
  type GroupAccess,
  type groupAccessRequestSchema,
  type joinRequestSchema,
  type proofReportRequestSchema,
} from '@domain/challenges/group-records';
import type { MealKey } from '@domain/challenges/meal-key';

/**
 * The group routes' contract (docs/architecture.md, "The API"): what the app sends and what the API
 * answers, used by both functions/src/groups and src/features/challenges/api. The bodies' schemas that
 * forms and records share live in group-records.ts; the requests here are their input types.
 */

/** PUT /api/challenges/:challengeId/access */
export type AccessRequest = z.input<typeof groupAccessRequestSchema>;
export interface AccessResponse {
  challengeId: string;
  access: GroupAccess;
}

/** POST /api/challenges/:challengeId/invite: a new token (201). */
export interface InviteResponse {
  challengeId: string;
  token: string;
}

/** DELETE /api/challenges/:challengeId/invite */
export interface CloseInviteResponse {
  challengeId: string;
  open: false;
}

/** GET /api/challenges/:challengeId/invitation?token=… */
export const invitationQuerySchema = z.object({
  token: z.string().regex(INVITE_TOKEN, 'Not an invite token').optional(),
});

/** A member on the join page: never more than their name and photo. */
export interface InvitationMember {
  uid: string;
  displayName: string;
  photoURL: string;
}

/** The invitation as a visitor without an account sees it: the summary, names and avatars, no uids. */
export interface InvitationPreview {
  title: string;
  owner: { uid?: string; displayName: string; photoURL: string };
  day: number;
  startDate: string;
  preference: Preference;
  targetBody: TargetBody;
  /** Listed only for the invite's current token while the group runs. */
  members: { uid?: string; displayName: string; photoURL: string }[];
  memberCount: number;
}

/** The invitation as a signed-in member sees it: whether they joined, and why they may not. */
export interface Invitation extends InvitationPreview {
  owner: InvitationMember;
  members: InvitationMember[];
  access: GroupAccess;
  joined: boolean;
  /** Whether "Join challenge" can work, and the server's reason when it cannot. */
  joinable: boolean;
  refusal: string | null;
}

/** POST /api/challenges/:challengeId/join: 201 when joined now, 200 when already a member. */
export type JoinRequest = z.input<typeof joinRequestSchema>;
export interface JoinResponse {
  ownerId: string;
  challengeId: string;
}

/** POST /api/challenges/:challengeId/leave */
export interface LeaveResponse {
  challengeId: string;
  left: true;
}

/** DELETE /api/challenges/:challengeId/members/:uid */
export interface RemoveMemberResponse {
  challengeId: string;
  uid: string;
  removed: true;
}

/** POST /api/challenges/:challengeId/members/:uid/cheers: `cheered` false when it was cheered already. */
export type CheerRequest = z.input<typeof cheerRequestSchema>;
export interface CheerResponse {
  challengeId: string;
  uid: string;
  meal: MealKey;
  cheered: boolean;
}

/** POST /api/challenges/:challengeId/members/:uid/nudges {}: `nudged` false when nothing was due. */
export const nudgeRequestSchema = z.strictObject({});
export interface NudgeResponse {
  challengeId: string;
  uid: string;
  meal: MealKey;
  nudged: boolean;
}

/** POST /api/challenges/:challengeId/members/:uid/meals/:meal/reports (201). */
export type ReportRequest = z.input<typeof proofReportRequestSchema>;
export interface ReportResponse {
  challengeId: string;
  uid: string;
  meal: MealKey;
  reports: number;
  flagged: boolean;
}
