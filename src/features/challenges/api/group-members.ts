import type { FeedEntry } from '@domain/challenges/challenge-record';
import { dbPaths } from '@domain/data/database-paths';
import type { BoardRow, GivenRecord, GroupSummary } from '@domain/challenges/group-records';
import { useRead } from '@/hooks/use-loadable';
import { valueRead } from '@domain/data/read-descriptor';

/**
 * The group's board rows, live: one read of the whole members node, sized by the member count and nothing
 * else (docs/performance.md). It starts once the page's plan is on screen (src/lib/main-content.ts): on a
 * phone's connection the board's bytes would otherwise share the bandwidth with the plan's read and put off
 * the page's main content. Pass null to read nothing (a solo challenge, or not a member).
 */
export const useGroupMembers = (challengeId: string | null) =>
  useRead(
    challengeId === null
      ? null
      : valueRead<Record<string, BoardRow>>(dbPaths.groupMembers(challengeId), {
          priority: 'secondary',
        }),
  );

/**
 * What the viewer cheered and nudged in the group, live: one read of their own groupGiven node (server-written
 * with each cheer and nudge, only they may read it), so the board shows those done after a reload
 * (docs/product.md, "Cheer and nudge"). Pass null to read nothing yet (the board's buttons are not drawn).
 */
export const useViewerGiven = (challengeId: string | null, viewerUid: string) =>
  useRead(challengeId ? valueRead<GivenRecord>(dbPaths.groupGiven(challengeId, viewerUid)) : null);

/**
 * What a non-member sees of a group (docs/product.md, "Group challenges"): the member count and who may join,
 * from the challenge's feed entry (server-written GroupSummary fields). Null ids read nothing.
 */
export function useGroupFeedSummary(challengeId: string | null): GroupSummary | null {
  const entry = useRead(
    challengeId
      ? valueRead<FeedEntry & Partial<GroupSummary>>(dbPaths.feedEntry(challengeId), {
          who: 'public',
        })
      : null,
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
