/**
 * The member's cheers and nudges (users/{uid}/notices, server-written) and when they last opened them
 * (users/{uid}/noticesSeenAt, theirs to write): docs/product.md, "Group challenges".
 */
import type { ChildQuery, Row } from '@domain/data/child-query';
import { dbPaths } from '@domain/data/database-paths';
import type { NoticeRecord } from '@domain/challenges/group-records';
import { SERVER_TIME, watchChildren, watchValue, writePaths } from '@/services/database';

/** The list shows the recent ones only: one bounded query, however many a member has received. */
export const RECENT_NOTICES = 20;

/** The newest by the server's time of each notice (database.rules.json indexes `at`). */
export const recentNoticesQuery: ChildQuery = { orderBy: 'at', limitToLast: RECENT_NOTICES };

export interface NoticesSnapshot {
  /** Newest first. */
  notices: Array<Row<NoticeRecord>>;
  /** Server time of the member's last look at the list; null before the first. */
  seenAt: number | null;
}

/** Watches both; calls `onChange` once each has answered, and on every change after. */
export function watchNotices(
  uid: string,
  onChange: (snapshot: NoticesSnapshot) => void,
  onError?: (error: Error) => void,
): () => void {
  let rows: Array<Row<NoticeRecord>> | undefined;
  let seenAt: number | null | undefined;
  const report = () => {
    if (rows === undefined || seenAt === undefined) return;
    onChange({ notices: [...rows].reverse(), seenAt });
  };
  const stopNotices = watchChildren<NoticeRecord>(
    dbPaths.notices(uid),
    recentNoticesQuery,
    (next) => {
      rows = next;
      report();
    },
    onError,
  );
  const stopSeen = watchValue<number>(
    dbPaths.noticesSeenAt(uid),
    (next) => {
      seenAt = typeof next === 'number' ? next : null;
      report();
    },
    onError,
  );
  return () => {
    stopNotices();
    stopSeen();
  };
}

/** The member has seen their notices: the server's clock, so it compares with the notices' own `at`. */
export function markNoticesSeen(uid: string): Promise<void> {
  return writePaths({ [dbPaths.noticesSeenAt(uid)]: SERVER_TIME });
}
