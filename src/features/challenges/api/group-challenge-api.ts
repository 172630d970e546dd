import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import type { Preference, TargetBody } from '@domain/constants';
import type {
  GroupAccess,
  InviteRecord,
  ProofReportReason,
} from '@domain/challenges/group-records';
import type { MealKey } from '@domain/challenges/meal-key';
import { callApi } from '@/services/api-client';
import { deviceTimeZone } from '@/lib/device-time-zone';

/**
 * The group routes of the API (docs/product.md, "Group challenges"): the server decides membership, board rows,
 * cheers and nudges; the app only asks. Refusals arrive as ApiError with the server's message.
 */

const challengeApi = (challengeId: string) =>
  `/api/challenges/${encodeURIComponent(challengeId)}` as const;

/** A challenge record as the group fields make it: the owner's carries `access` and the invite, a joiner's `groupOwnerId`. */
export type GroupChallengeRecord = ChallengeRecord & {
  access?: GroupAccess;
  groupOwnerId?: string;
  memberCount?: number;
  invite?: InviteRecord;
};

/** A member on the join page: never more than their name and photo. */
export interface InvitationMember {
  uid: string;
  displayName: string;
  photoURL: string;
}

/** GET /api/challenges/:cid/invitation: what the join page shows before joining. */
export interface Invitation {
  title: string;
  owner: InvitationMember;
  day: number;
  startDate: string;
  preference: Preference;
  targetBody: TargetBody;
  members: InvitationMember[];
  memberCount: number;
  access: GroupAccess;
  joined: boolean;
  /** Whether "Join challenge" can work, and the server's reason when it cannot. */
  joinable: boolean;
  refusal: string | null;
}

export function setGroupAccess(challengeId: string, access: GroupAccess) {
  return callApi<{ access: GroupAccess }>(`${challengeApi(challengeId)}/access`, { access }, 'PUT');
}

/** A new invite token; the old link stops working and closed invitations open again. */
export function makeInviteLink(challengeId: string) {
  return callApi<{ token: string }>(`${challengeApi(challengeId)}/invite`, {}, 'POST');
}

export function closeInvitations(challengeId: string) {
  return callApi<unknown>(`${challengeApi(challengeId)}/invite`, undefined, 'DELETE');
}

export function readInvitation(challengeId: string, token: string | undefined) {
  const query = token ? `?${new URLSearchParams({ token })}` : '';
  return callApi<Invitation>(`${challengeApi(challengeId)}/invitation${query}`);
}

/** The device's zone goes along, as when creating: the member's windows are in their own zone. */
export function joinChallenge(challengeId: string, token: string | undefined) {
  return callApi<{ ownerId: string; challengeId: string }>(`${challengeApi(challengeId)}/join`, {
    ...(token && { token }),
    timezone: deviceTimeZone(),
  });
}

export function leaveChallenge(challengeId: string) {
  return callApi<unknown>(`${challengeApi(challengeId)}/leave`, {});
}

export function removeMember(challengeId: string, uid: string) {
  return callApi<unknown>(
    `${challengeApi(challengeId)}/members/${encodeURIComponent(uid)}`,
    undefined,
    'DELETE',
  );
}

export function cheerMeal(challengeId: string, uid: string, meal: MealKey) {
  return callApi<unknown>(
    `${challengeApi(challengeId)}/members/${encodeURIComponent(uid)}/cheers`,
    { meal },
  );
}

export function nudgeMember(challengeId: string, uid: string) {
  return callApi<unknown>(
    `${challengeApi(challengeId)}/members/${encodeURIComponent(uid)}/nudges`,
    {},
  );
}

/**
 * Reports another member's proof photo (docs/product.md, "Report a photo"): once per photo (a second time
 * is refused, 409), members of the group only.
 */
export function reportProof(
  challengeId: string,
  uid: string,
  meal: MealKey,
  reason: ProofReportReason,
) {
  return callApi<{ reports: number; flagged: boolean }>(
    `${challengeApi(challengeId)}/members/${encodeURIComponent(uid)}/meals/${meal}/reports`,
    { reason },
  );
}

/** The invite link the dialog shows and the QR code encodes. */
export function inviteAddress(challengeId: string, token: string, origin = location.origin) {
  return `${origin}/join/${encodeURIComponent(challengeId)}/${encodeURIComponent(token)}`;
}
