import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import type { MemberStreak } from '../api/use-member-glance';
import { brokenStreakText } from '../lib/streak-text';
import { markStreakNoticeSeen, streakNoticeSeen } from '../lib/streak-notice';

/**
 * "Your 6-day streak ended on Tuesday. …": said the next time the member opens the app after a
 * streak ended short, once per break (seen once shown; the member may close it at once).
 */
export function BrokenStreakNotice({ uid, streak }: { uid: string; streak: MemberStreak }) {
  const { lastStreakBreakDays: days, lastStreakBreakOn: on } = streak;
  const relevant = typeof days === 'number' && days >= 1 && typeof on === 'string' && on !== '';
  // Decided once per break: a notice on screen stays there until closed, though it is now seen.
  const [shownFor, setShownFor] = useState<string | null>(() =>
    relevant && !streakNoticeSeen(uid, on) ? on : null,
  );
  const [closedFor, setClosedFor] = useState<string | null>(null);
  // A streak that breaks while the app is open is said too.
  if (relevant && shownFor !== on && !streakNoticeSeen(uid, on)) setShownFor(on);
  useEffect(() => {
    if (shownFor) markStreakNoticeSeen(uid, shownFor);
  }, [uid, shownFor]);

  if (!relevant || shownFor !== on || closedFor === on) return null;
  return (
    <Alert
      variant="info"
      dismissible
      closeLabel="Dismiss streak notice"
      onClose={() => setClosedFor(on)}
      className="small text-start"
    >
      <span role="status">{brokenStreakText(days, on)}</span>
    </Alert>
  );
}
