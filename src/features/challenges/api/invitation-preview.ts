import type { FeedEntry } from '@domain/challenges/challenge-record';
import { dbPaths } from '@domain/data/database-paths';
import { ApiError } from '@/services/api-client';
import { readValue } from '@/services/database';
import { readInvitation, type Invitation } from './group-challenge-api';

/** What an invite shows a visitor before they have an account: nothing a non-member may not see. */
export interface InvitationPreview {
  title: string;
  owner: { uid: string; displayName: string; photoURL: string };
  day: number;
  /** Absent where only the public feed entry was read. */
  startDate?: string;
  preference: Invitation['preference'];
  targetBody: Invitation['targetBody'];
  members: { uid?: string; displayName: string; photoURL: string }[];
  memberCount: number;
}

/** The public feed entry's summary (docs/product.md, "Group challenges": what non-members see of a group). */
function previewFromFeedEntry(entry: FeedEntry): InvitationPreview {
  const members = entry.memberPhotos ?? [
    { displayName: entry.displayName, photoURL: entry.photoURL },
  ];
  return {
    title: entry.title,
    owner: { uid: entry.uid, displayName: entry.displayName, photoURL: entry.photoURL },
    day: entry.day,
    preference: entry.preference,
    targetBody: entry.targetBody,
    members,
    memberCount: entry.memberCount ?? members.length,
  };
}

/**
 * An invite as a visitor may see it (docs/product.md, "First run"): the API's invitation preview when it
 * answers visitors, else the challenge's public feed entry (title, owner, days, preference, body goal, member
 * count and first members); null when there is no such challenge, or it is not on the feed (hidden or deleted).
 */
export async function readInvitationPreview(
  challengeId: string,
  token: string | undefined,
): Promise<InvitationPreview | null> {
  try {
    return await readInvitation(challengeId, token);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    // The API answers members only (401 without an ID token): the public record says the rest.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
  const entry = await readValue<FeedEntry>(dbPaths.feedEntry(challengeId));
  return entry?.title ? previewFromFeedEntry(entry) : null;
}
