import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router-dom';
import { MemberAvatar } from '@/components/member-avatar';
import { TEAM_BONUS_POINTS, TEAM_GOAL_SHARE } from '@/domain/challenge-board';
import type { MealKey } from '@/domain/group-records';
import { useBusy } from '@/hooks/use-busy';
import { profilePath } from '@/lib/profile-route';
import { confirmAction, toastError, toastSuccess } from '@/lib/toast';
import { ApiError } from '@/services/api-client';
import { cheerMeal, nudgeMember, removeMember } from '../api/group-challenge-api';
import { useGroupMembers } from '../api/group-members';
import { buildBoard, mealLabel, type BoardEntry } from '../lib/group-board';

/** Cheerable meals shown per member: the latest few, so a 50-member board stays small. */
const CHEERABLE_SHOWN = 3;

interface ChallengeBoardProps {
  challengeId: string;
  groupOwnerId: string;
  viewerUid: string;
  now: number;
  /** The joiner's "Leave challenge" (absent for the owner). */
  onLeave?: () => void;
}

const percent = (share: number) => Math.round(share * 100);

/** The why of a refusal from the API, or a general sentence. */
function refusalText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}

/**
 * "Challenge board" (docs/product.md, "Group challenges"): the team goal above every member's row, ranked by
 * the share of meals proved in their windows, live from the members node. Rows carry names, avatars, meal
 * statuses and points only: never body stats, targets or macros (the server writes none there).
 */
export function ChallengeBoard({
  challengeId,
  groupOwnerId,
  viewerUid,
  now,
  onLeave,
}: ChallengeBoardProps) {
  const members = useGroupMembers(challengeId);
  const board = useMemo(() => buildBoard(members.value, now), [members.value, now]);
  const [cheered, setCheered] = useState<ReadonlySet<string>>(() => new Set());
  const [nudged, setNudged] = useState<ReadonlySet<string>>(() => new Set());
  const { whileBusy } = useBusy();

  const cheer = async (entry: BoardEntry, meal: MealKey) => {
    const key = `${entry.uid}/${meal}`;
    setCheered((done) => new Set(done).add(key));
    try {
      await cheerMeal(challengeId, entry.uid, meal);
    } catch (error) {
      setCheered((done) => {
        const left = new Set(done);
        left.delete(key);
        return left;
      });
      toastError(refusalText(error, 'Error sending the cheer'));
    }
  };

  const nudge = async (entry: BoardEntry, meal: MealKey) => {
    const key = `${entry.uid}/${meal}`;
    setNudged((done) => new Set(done).add(key));
    try {
      await nudgeMember(challengeId, entry.uid);
      toastSuccess(`Nudged ${entry.row.displayName || 'Member'}`);
    } catch (error) {
      toastError(refusalText(error, 'Error sending the nudge'));
    }
  };

  const remove = async (entry: BoardEntry) => {
    const name = entry.row.displayName || 'Member';
    const confirmed = await confirmAction({
      title: `Remove ${name}?`,
      text: `${name}'s plan and row on the board go; the points they earned stay.`,
      confirmButtonText: 'Yes, remove',
      cancelButtonText: 'No, keep them',
    });
    if (!confirmed) return;
    try {
      await whileBusy(removeMember(challengeId, entry.uid));
      toastSuccess(`${name} removed`);
    } catch (error) {
      toastError(refusalText(error, 'Error removing the member'));
    }
  };

  return (
    <Card
      as="section"
      className="shadow-sm challenge-board"
      aria-labelledby="challenge-board-title"
    >
      <Card.Body>
        <h2 id="challenge-board-title" className="h5">
          Challenge board
        </h2>
        {members.status === 'loading' && (
          <div role="status" className="d-flex align-items-center gap-2 py-3">
            <Spinner animation="border" size="sm" aria-hidden="true" /> Loading the board…
          </div>
        )}
        {members.status === 'error' && (
          <Alert variant="danger" className="mb-0">
            The board could not be loaded. Check your connection and reload the page.
          </Alert>
        )}
        {members.status === 'ready' && board.entries.length === 0 && (
          <p className="text-body-secondary mb-0">No members yet.</p>
        )}
        {members.status === 'ready' && board.entries.length > 0 && (
          <>
            <TeamGoal share={board.team} />
            <ol className="list-unstyled mb-0 board-rows">
              {board.entries.map((entry, index) => (
                <BoardRowItem
                  key={entry.uid}
                  entry={entry}
                  rank={index + 1}
                  isViewer={entry.uid === viewerUid}
                  isOwnerRow={entry.uid === groupOwnerId}
                  viewerIsOwner={viewerUid === groupOwnerId}
                  cheered={cheered}
                  nudged={nudged}
                  onCheer={(meal) => void cheer(entry, meal)}
                  onNudge={(meal) => void nudge(entry, meal)}
                  onRemove={() => void remove(entry)}
                />
              ))}
            </ol>
          </>
        )}
        {onLeave && (
          <Button variant="outline-danger" size="sm" className="mt-3" onClick={onLeave}>
            Leave challenge
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}

function TeamGoal({ share }: { share: number }) {
  const value = percent(share);
  return (
    <div className="mb-3">
      <div className="d-flex justify-content-between small mb-1">
        <span className="fw-semibold" id="team-goal-label">
          Team goal
        </span>
        <span>{value} % of meals so far proved</span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-labelledby="team-goal-label"
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${value} % of the team's meals so far proved`}
      >
        <div
          className={`progress-bar ${share >= TEAM_GOAL_SHARE ? 'bg-success' : ''}`}
          style={{ width: `${value}%` }}
        />
      </div>
      <p className="small text-body-secondary mt-1 mb-0">
        At {percent(TEAM_GOAL_SHARE)} % when the challenge ends, everyone who proved half their
        meals earns {TEAM_BONUS_POINTS} bonus points.
      </p>
    </div>
  );
}

interface BoardRowItemProps {
  entry: BoardEntry;
  rank: number;
  isViewer: boolean;
  isOwnerRow: boolean;
  viewerIsOwner: boolean;
  cheered: ReadonlySet<string>;
  nudged: ReadonlySet<string>;
  onCheer: (meal: MealKey) => void;
  onNudge: (meal: MealKey) => void;
  onRemove: () => void;
}

function BoardRowItem({
  entry,
  rank,
  isViewer,
  isOwnerRow,
  viewerIsOwner,
  cheered,
  nudged,
  onCheer,
  onNudge,
  onRemove,
}: BoardRowItemProps) {
  const { row, standing } = entry;
  const name = row.displayName || 'Member';
  const cheerable = isViewer ? [] : entry.provedMeals.slice(-CHEERABLE_SHOWN);
  const open = isViewer ? null : entry.openUnproved;
  const nudgeKey = open ? `${entry.uid}/${open}` : null;
  return (
    <li className="board-row border-top py-2" aria-label={`${rank}. ${name}`}>
      <div className="d-flex align-items-center gap-2">
        <span className="fw-bold text-body-secondary board-rank" aria-hidden="true">
          {rank}
        </span>
        <MemberAvatar name={name} photoURL={row.photoURL} size={36} />
        <div className="flex-grow-1 min-w-0">
          <Link className="fw-semibold text-break" to={profilePath(name, entry.uid)}>
            {name}
          </Link>
          {isViewer && <span className="text-body-secondary small"> (you)</span>}
          {isOwnerRow && <span className="text-body-secondary small"> · owner</span>}
          <div className="small">
            {standing.proved} of {standing.dueSoFar} meals proved · {standing.points} points
          </div>
        </div>
        {viewerIsOwner && !isOwnerRow && (
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={`Remove ${name}`}
            onClick={onRemove}
          >
            Remove
          </Button>
        )}
      </div>
      {isViewer && entry.provedMeals.some(({ meal }) => meal.cheers) && (
        <p className="small mb-0 mt-1">
          Cheers for you:{' '}
          {entry.provedMeals
            .filter(({ meal }) => meal.cheers)
            .map(({ key, meal }) => `${mealLabel(key)} ${meal.cheers}`)
            .join(' · ')}
        </p>
      )}
      {(cheerable.length > 0 || open) && (
        <div className="d-flex flex-wrap gap-1 mt-1 board-actions">
          {cheerable.map(({ key, meal }) => {
            const done = cheered.has(`${entry.uid}/${key}`);
            return (
              <Button
                key={key}
                size="sm"
                variant={done ? 'success' : 'outline-success'}
                aria-label={`Cheer ${name}'s ${mealLabel(key)}`}
                aria-pressed={done}
                disabled={done}
                onClick={() => onCheer(key)}
              >
                Cheer {mealLabel(key)}{' '}
                <span className="badge text-bg-light">{meal.cheers ?? 0}</span>
              </Button>
            );
          })}
          {open && nudgeKey && (
            <Button
              size="sm"
              variant="outline-secondary"
              aria-label={`Nudge ${name} about ${mealLabel(open)}`}
              disabled={nudged.has(nudgeKey)}
              onClick={() => onNudge(open)}
            >
              {nudged.has(nudgeKey) ? 'Nudged' : 'Nudge'}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
