import type { Database } from 'firebase-admin/database';
import type { ChallengeRecord, FeedEntry } from '@domain/challenges/challenge-record';
import type { HiddenFeedRecord } from '@domain/site/moderation-records';
import { dbPaths } from '@domain/data/database-paths';
import { dayKey } from '@domain/challenges/meal-schedule';
import {
  acceptedPhotoUrl,
  publicDisplayName,
  type PhotoSources,
} from '@domain/members/member-identity';
import { buildFeedEntry } from '../challenges/challenge-records';

/**
 * The feed entry a hidden challenge gets back: the kept entry with what its owner may have changed
 * meanwhile (title, day-1 cover, name and photo) taken from their records; null when the
 * challenge was deleted meanwhile, since a deleted challenge never returns to the feed. The name
 * and photo pass member-identity.ts's checks again, as every public copy does (docs/security.md).
 */
export async function restoredFeedEntry(
  database: Database,
  challengeId: string,
  hidden: HiddenFeedRecord,
  photoSources: PhotoSources,
): Promise<FeedEntry | null> {
  const [challengeSnapshot, infoSnapshot] = await Promise.all([
    database.ref(dbPaths.challenge(hidden.uid, challengeId)).get(),
    database.ref(dbPaths.userInfo(hidden.uid)).get(),
  ]);
  const challenge = challengeSnapshot.val() as ChallengeRecord | null;
  if (!challenge || challenge.deleted === true) return null;
  const info = (infoSnapshot.val() ?? {}) as { displayName?: unknown; photoURL?: unknown };
  const entry = hidden.entry ?? buildFeedEntry(hidden.uid, challenge);
  const cover = challenge.meals?.[dayKey(1)]?.breakfast;
  return {
    ...entry,
    title: challenge.title,
    ...(cover && cover.status !== 'Done' && { cover: cover.img }),
    ...(typeof info.displayName === 'string' && {
      displayName: publicDisplayName(info.displayName),
    }),
    ...(typeof info.photoURL === 'string' && {
      photoURL: acceptedPhotoUrl(info.photoURL, photoSources),
    }),
  };
}

/** The hidden-feed records of one member's challenges, by challenge id. */
export async function hiddenFeedOf(
  database: Database,
  uid: string,
): Promise<Record<string, HiddenFeedRecord>> {
  const snapshot = await database.ref(dbPaths.hiddenFeed).orderByChild('uid').equalTo(uid).get();
  return (snapshot.val() ?? {}) as Record<string, HiddenFeedRecord>;
}
