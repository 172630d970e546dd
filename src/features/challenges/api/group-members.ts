import { useEffect, useState } from 'react';
import type { FeedEntry } from '@domain/challenges/challenge-record';
import { dbPaths } from '@domain/data/database-paths';
import type { BoardRow, GivenRecord, GroupSummary } from '@domain/challenges/group-records';
import { useDatabaseValue } from '@/hooks/use-database';
import { afterMainContent } from '@/lib/main-content';

/**
 * The group's board rows, live: one read of the whole members node, sized by the member count and nothing
 * else (docs/performance.md). It starts once the page's plan is on screen (src/lib/main-content.ts): on a
 * phone's connection the board's bytes would otherwise share the bandwidth with the plan's read and put off
 * the page's main content. Pass null to read nothing (a solo challenge, or not a member).
 */
export function useGroupMembers(challengeId: string | null) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (started || challengeId === null) return;
    return afterMainContent(() => setStarted(true));
  }, [started, challengeId]);
  return useDatabaseValue<Record<string, BoardRow>>(
    challengeId && started ? dbPaths.groupMembers(challengeId) : null,
  );
}

/**
 * What the viewer cheered and nudged in the group, live: one read of their own groupGiven node (server-written
 * with each cheer and nudge, only they may read it), so the board shows those done after a reload
 * (docs/product.md, "Cheer and nudge"). Pass null to read nothing yet (the board's buttons are not drawn).
 */
export const useViewerGiven = (challengeId: string | null, viewerUid: string) =>
  useDatabaseValue<GivenRecord>(challengeId ? dbPaths.groupGiven(challengeId, viewerUid) : null);

/**
 * What a non-member sees of a group (docs/product.md, "Group challenges"): the member count and who may join,
 * from the challenge's feed entry (server-written GroupSummary fields). Null ids read nothing.
 */
export function useGroupFeedSummary(challengeId: string | null): GroupSummary | null {
  const entry = useDatabaseValue<FeedEntry & Partial<GroupSummary>>(
    challengeId ? dbPaths.feedEntry(challengeId) : null,
  );
  const value = entry.value;
  if (
    !value?.access ||
    value.access === ('solo' as string) ||
    typeof value.memberCount !== 'number'
  )
    return null;
  return { access: value.access, memberCount: value.memberCount };
}
