import { useEffect, useRef } from 'react';
import { dbPaths } from '@domain/data/database-paths';
import type { GroupRecord } from '@domain/challenges/group-records';
import { useRead } from '@/hooks/use-loadable';
import { valueRead } from '@domain/data/read-descriptor';
import { recomputeMemberTotals } from './recompute-member-totals';

/**
 * The team bonus is decided by a member's recompute after the group's end (docs/product.md, "Group
 * challenges"); the app asks for one only after a proof or a delete, so a group with no activity after
 * its end would never get it. Once the viewer's own plan has ended, this reads the group's `bonus` (a
 * few bytes) and, while it is absent, asks the server for a recompute once per visit: the server
 * decides it if every member's last window has closed, and changes nothing otherwise. Pass null (a
 * solo challenge, or one still running) to read nothing.
 */
export function useTeamBonusDecision(challengeId: string | null): void {
  const bonus = useRead(
    challengeId ? valueRead<GroupRecord['bonus']>(dbPaths.groupBonus(challengeId)) : null,
  );
  const asked = useRef(new Set<string>());
  const undecided = bonus.status === 'ready' && bonus.value === null;
  useEffect(() => {
    if (!challengeId || !undecided || asked.current.has(challengeId)) return;
    asked.current.add(challengeId);
    void recomputeMemberTotals(challengeId);
  }, [challengeId, undecided]);
}
