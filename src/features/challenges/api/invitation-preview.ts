import { ApiError } from '@/services/api-client';
import { readInvitation, type Invitation } from './group-challenge-api';

/**
 * What an invite shows a visitor before they have an account (the API's answer without an ID token,
 * docs/security.md "Group challenges"): the summary and the members' names and avatars, no uids.
 */
export interface InvitationPreview {
  title: string;
  owner: { uid?: string; displayName: string; photoURL: string };
  day: number;
  startDate: string;
  preference: Invitation['preference'];
  targetBody: Invitation['targetBody'];
  /** Listed only for the invite's current token while the group runs. */
  members: { uid?: string; displayName: string; photoURL: string }[];
  memberCount: number;
}

/**
 * An invite as a visitor may see it (docs/product.md, "First run"): the API's preview, or null when there
 * is no such challenge or a moderator hid it (404).
 */
export async function readInvitationPreview(
  challengeId: string,
  token: string | undefined,
): Promise<InvitationPreview | null> {
  try {
    // The same request as a member's; without an ID token the API answers only the preview's fields.
    return await readInvitation(challengeId, token);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
