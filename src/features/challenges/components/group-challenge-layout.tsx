import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ChallengeRef } from '@domain/challenges/challenge-record';
import { useBusy } from '@/hooks/use-busy';
import { confirmAction, toastError, toastSuccess } from '@/lib/toast';
import { ApiError } from '@/services/api-client';
import { leaveChallenge } from '../api/group-challenge-api';
import { useGroupBoard } from '../hooks/use-group-board';
import { BoardStrip } from './board-strip';
import { ChallengeBoard } from './challenge-board';

interface GroupChallengeLayoutProps {
  /** The viewer's own plan of the group challenge. */
  challengeRef: ChallengeRef;
  /** The group's owner; null for a solo challenge (no board). */
  groupOwnerId: string | null;
  now: number;
  /** A joined member before the challenge ends: "Leave challenge". */
  canLeave: boolean;
  children: ReactNode;
}

/**
 * A member's own plan and, for a group challenge (docs/product.md, "Group challenges"), the challenge board
 * beside it (below it on phones). The same elements either way, so the plan is never remounted.
 */
export function GroupChallengeLayout({
  challengeRef,
  groupOwnerId,
  now,
  canLeave,
  children,
}: GroupChallengeLayoutProps) {
  const navigate = useNavigate();
  const { whileBusy } = useBusy();
  const { title, challengeId } = challengeRef;
  const group = useGroupBoard(groupOwnerId ? challengeId : null, now);

  const leave = async () => {
    const confirmed = await confirmAction({
      title: 'Leave this challenge?',
      text: `Your plan of "${title}" and your row on the board go. Points you earned stay.`,
      confirmButtonText: 'Yes, leave',
      cancelButtonText: 'No, stay',
    });
    if (!confirmed) return;
    try {
      await whileBusy(leaveChallenge(challengeId));
      toastSuccess(`You left ${title}`);
      void navigate('/feed');
    } catch (error) {
      toastError(
        error instanceof ApiError && error.status < 500
          ? error.message
          : 'Error leaving the challenge',
      );
    }
  };

  return (
    <div className="row g-4">
      <div className={groupOwnerId ? 'col-lg-8' : 'col-12'}>
        {groupOwnerId && <BoardStrip group={group} viewerUid={challengeRef.ownerId} />}
        {children}
      </div>
      {groupOwnerId && (
        <div className="col-lg-4">
          <ChallengeBoard
            challengeId={challengeId}
            group={group}
            groupOwnerId={groupOwnerId}
            viewerUid={challengeRef.ownerId}
            onLeave={canLeave ? () => void leave() : undefined}
          />
        </div>
      )}
    </div>
  );
}
