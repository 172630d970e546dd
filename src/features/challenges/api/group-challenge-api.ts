import type {
  AccessResponse,
  CheerResponse,
  CloseInviteResponse,
  Invitation,
  InviteResponse,
  JoinRequest,
  JoinResponse,
  LeaveResponse,
  NudgeResponse,
  RemoveMemberResponse,
  ReportResponse,
} from '@domain/api/groups';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
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

/** GET /api/challenges/:cid/invitation: what the join page shows before joining (src/domain/api/groups.ts). */
export type { Invitation } from '@domain/api/groups';

export function setGroupAccess(challengeId: string, access: GroupAccess) {
  return callApi<AccessResponse>(`${challengeApi(challengeId)}/access`, { access }, 'PUT');
}

/** A new invite token; the old link stops working and closed invitations open again. */
export function makeInviteLink(challengeId: string) {
  return callApi<InviteResponse>(`${challengeApi(challengeId)}/invite`, {}, 'POST');
}

export function closeInvitations(challengeId: string) {
  return callApi<CloseInviteResponse>(`${challengeApi(challengeId)}/invite`, undefined, 'DELETE');
}

export function readInvitation(challengeId: string, token: string | undefined) {
  const query = token ? `?${new URLSearchParams({ token })}` : '';
  return callApi<Invitation>(`${challengeApi(challengeId)}/invitation${query}`);
}

/** The device's zone goes along, as when creating: the member's windows are in their own zone. */
export function joinChallenge(challengeId: string, token: string | undefined) {
  const body: JoinRequest = { ...(token && { token }), timezone: deviceTimeZone() };
  return callApi<JoinResponse>(`${challengeApi(challengeId)}/join`, body);
}

export function leaveChallenge(challengeId: string) {
  return callApi<LeaveResponse>(`${challengeApi(challengeId)}/leave`, {});
}

export function removeMember(challengeId: string, uid: string) {
  return callApi<RemoveMemberResponse>(
    `${challengeApi(challengeId)}/members/${encodeURIComponent(uid)}`,
    undefined,
    'DELETE',
  );
}

export function cheerMeal(challengeId: string, uid: string, meal: MealKey) {
  return callApi<CheerResponse>(
    `${challengeApi(challengeId)}/members/${encodeURIComponent(uid)}/cheers`,
    { meal },
  );
}

export function nudgeMember(challengeId: string, uid: string) {
  return callApi<NudgeResponse>(
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
  return callApi<ReportResponse>(
    `${challengeApi(challengeId)}/members/${encodeURIComponent(uid)}/meals/${meal}/reports`,
    { reason },
  );
}

/** The invite link the dialog shows and the QR code encodes. */
export function inviteAddress(challengeId: string, token: string, origin = location.origin) {
  return `${origin}/join/${encodeURIComponent(challengeId)}/${encodeURIComponent(token)}`;
}
