import { ApiError } from '@/services/api-client';
import type { InvitationPreview } from '@domain/api/groups';
import { readInvitation } from './group-challenge-api';

/**
 * What an invite shows a visitor before they have an account (the API's answer without an ID token,
 * docs/security.md "Group challenges"): the summary and the members' names and avatars, no uids.
 */
export type { InvitationPreview } from '@domain/api/groups';

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
