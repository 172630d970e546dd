import type { FeedEntry } from '@/domain/challenge-record';
import { dbPaths } from '@/domain/database-paths';
import type { BoardRow, GroupSummary } from '@/domain/group-records';
import { useDatabaseValue } from '@/hooks/use-database';

/**
 * The group's board rows, live: one read of the whole members node, sized by the member count and nothing
 * else (docs/performance.md). Pass null to read nothing (a solo challenge, or not a member).
 */
export function useGroupMembers(challengeId: string | null) {
  return useDatabaseValue<Record<string, BoardRow>>(
    challengeId ? dbPaths.groupMembers(challengeId) : null,
  );
}

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
