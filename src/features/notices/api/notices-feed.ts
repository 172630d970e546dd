/**
 * The member's cheers and nudges (users/{uid}/notices, server-written) and when they last opened them
 * (users/{uid}/noticesSeenAt, theirs to write): docs/product.md, "Group challenges". Both are secondary to every
 * page: read once the page has shown its main content, never before the first paint (docs/performance.md).
 */
import type { ChildQuery } from '@domain/data/child-query';
import { dbPaths } from '@domain/data/database-paths';
import { childrenRead, valueRead } from '@domain/data/read-descriptor';
import type { NoticeRecord } from '@domain/challenges/group-records';
import { SERVER_TIME, writePaths } from '@/services/database';

/** The list shows the recent ones only: one bounded query, however many a member has received. */
export const RECENT_NOTICES = 20;

/** The newest by the server's time of each notice (database.rules.json indexes `at`). */
export const recentNoticesQuery: ChildQuery = { orderBy: 'at', limitToLast: RECENT_NOTICES };

export const noticesRead = (uid: string) =>
  childrenRead<NoticeRecord>(dbPaths.notices(uid), recentNoticesQuery, { priority: 'secondary' });

export const noticesSeenAtRead = (uid: string) =>
  valueRead<unknown>(dbPaths.noticesSeenAt(uid), { priority: 'secondary' });

/** The member has seen their notices: the server's clock, so it compares with the notices' own `at`. */
export function markNoticesSeen(uid: string): Promise<void> {
  return writePaths({ [dbPaths.noticesSeenAt(uid)]: SERVER_TIME });
}
