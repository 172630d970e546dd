import type { Row } from '@domain/data/child-query';
import type { NoticeRecord } from '@domain/challenges/group-records';
import { useRead, type Loadable } from '@/hooks/use-loadable';
import { countNewNotices } from '../api/notice-text';
import { noticesRead, noticesSeenAtRead } from '../api/notices-feed';

export interface NoticesView {
  /** Newest first. */
  notices: Array<Row<NoticeRecord>>;
  /** Server time of the member's last look at the list; null before the first. */
  seenAt: number | null;
  /** How many are newer than that look. */
  newCount: number;
}

/**
 * The signed-in member's recent cheers and nudges, live, once the page has shown its main content (both reads
 * are secondary). `uid` null (a visitor) reads nothing. A failed read is an error the list states; the badge
 * then stays empty: notices are never worth an error on every page.
 */
export function useNotices(uid: string | null): Loadable<NoticesView> {
  const rows = useRead(uid === null ? null : noticesRead(uid));
  const seen = useRead(uid === null ? null : noticesSeenAtRead(uid));
  if (rows.status === 'error') return rows;
  if (seen.status === 'error') return seen;
  if (rows.status === 'loading' || seen.status === 'loading') return { status: 'loading' };
  const notices = [...rows.value].reverse();
  const seenAt = typeof seen.value === 'number' ? seen.value : null;
  return {
    status: 'ready',
    value: { notices, seenAt, newCount: countNewNotices(notices, seenAt) },
  };
}
