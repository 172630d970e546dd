import { startTransition, useCallback, useEffect, useState } from 'react';
import type { Row } from '@domain/data/child-query';
import type { NoticeRecord } from '@domain/challenges/group-records';
import { afterMainContent } from '@/lib/main-content';
import { countNewNotices } from '../api/notice-text';

export interface Notices {
  /** Newest first; empty until read. */
  notices: Array<Row<NoticeRecord>>;
  seenAt: number | null;
  /** How many are newer than the member's last look. */
  newCount: number;
  ready: boolean;
  /** The read was refused or failed: the list says so, the badge stays empty. */
  failed: boolean;
  /** Records that the member has looked at the list now. */
  markSeen: () => Promise<void>;
}

// The nav bar's code stays small: the reads load with their own chunk, once the page is on screen.
const loadNoticesApi = () => import('../api/notices-feed');

/**
 * The signed-in member's recent cheers and nudges, live. Secondary to every page: the read starts once the page
 * has shown its main content (src/lib/main-content.ts), never before the first paint (docs/performance.md).
 * `uid` null (a visitor) reads nothing.
 */
export function useNotices(uid: string | null): Notices {
  const [state, setState] = useState<{
    uid: string;
    notices: Array<Row<NoticeRecord>>;
    seenAt: number | null;
    failed?: boolean;
  } | null>(null);

  useEffect(() => {
    if (uid === null) return;
    let stopped = false;
    let stopWatching = () => {};
    const cancelWait = afterMainContent(() => {
      void loadNoticesApi().then(({ watchNotices }) => {
        if (stopped) return;
        stopWatching = watchNotices(
          uid,
          ({ notices, seenAt }) => startTransition(() => setState({ uid, notices, seenAt })),
          // A refused or failed read leaves the badge empty: notices are never worth an error on every page.
          () => startTransition(() => setState({ uid, notices: [], seenAt: null, failed: true })),
        );
      });
    });
    return () => {
      stopped = true;
      cancelWait();
      stopWatching();
    };
  }, [uid]);

  const markSeen = useCallback(async () => {
    if (uid === null) return;
    const { markNoticesSeen } = await loadNoticesApi();
    await markNoticesSeen(uid);
  }, [uid]);

  const current = state !== null && state.uid === uid ? state : null;
  const notices = current?.notices ?? [];
  const seenAt = current?.seenAt ?? null;
  return {
    notices,
    seenAt,
    newCount: current ? countNewNotices(notices, seenAt) : 0,
    ready: current !== null,
    failed: current?.failed === true,
    markSeen,
  };
}
