import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { TEAM_BONUS_POINTS, TEAM_GOAL_SHARE } from '@domain/challenges/challenge-board';
import type { GivenRecord } from '@domain/challenges/group-records';
import type { MealKey } from '@domain/challenges/meal-key';
import { useBusy } from '@/hooks/use-busy';
import { Deferred } from '@/components/deferred';
import { confirmAction, toastError, toastSuccess } from '@/lib/toast';
import { ApiError } from '@/services/api-client';
import { cheerMeal, nudgeMember, removeMember } from '../api/group-challenge-api';
import { useViewerGiven } from '../api/group-members';
import { readProofPhoto } from '../api/group-proof-photo';
import { memberName, type BoardEntry } from '../lib/group-board';
import type { GroupBoard } from '../hooks/use-group-board';
import { BoardRowItem, type BoardRowActions } from './challenge-board-row';
import type { OpenedPhoto } from './proof-photo-dialog';

// Opened on demand, with the Report form and its schema: not part of the challenge page's first load.
const ProofPhotoDialog = lazy(async () => ({
  default: (await import('./proof-photo-dialog')).ProofPhotoDialog,
}));

interface ChallengeBoardProps {
  challengeId: string;
  /** The members, live, and the board built from them (hooks/use-group-board.ts). */
  group: GroupBoard;
  groupOwnerId: string;
  viewerUid: string;
  /** The joiner's "Leave challenge" (absent for the owner). */
  onLeave?: () => void;
}

/** Meals per member the viewer acted on (recorded by the server or sent in this visit); one member's set changes alone. */
type MealsByMember = Readonly<Record<string, ReadonlySet<MealKey>>>;

/** Rows drawn with the board: the top of the ranking (the rest as the list's end nears the screen). */
const FIRST_ROWS = 10;
/** The height held for each row not drawn yet (a row with its buttons, at 375 px). */
const ROW_HEIGHT_PX = 96;

const EMPTY_GIVEN: GivenRecord = {};

const percent = (share: number) => Math.round(share * 100);

/** The why of a refusal from the API, or a general sentence. */
function refusalText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 ? error.message : fallback;
}

function withMeal(done: MealsByMember, uid: string, meal: MealKey, present: boolean) {
  const meals = new Set(done[uid]);
  if (present) meals.add(meal);
  else meals.delete(meal);
  return { ...done, [uid]: meals };
}

/**
 * `done` with the meals the server recorded the viewer cheered or nudged about (`kind`): the same object when
 * nothing is new, and a new set only for a member with a new meal, so the other memoised rows keep theirs.
 */
function withRecorded(
  done: MealsByMember,
  recorded: GivenRecord,
  kind: 'cheer' | 'nudge',
): MealsByMember {
  let next = done;
  for (const [uid, meals] of Object.entries(recorded)) {
    const added = (Object.keys(meals) as MealKey[]).filter(
      (meal) => meals[meal]?.[kind] !== undefined && !done[uid]?.has(meal),
    );
    if (added.length > 0) next = { ...next, [uid]: new Set([...(done[uid] ?? []), ...added]) };
  }
  return next;
}

/**
 * Cheer, nudge, remove and open a photo, as stable functions for the memoised rows, and what the viewer
 * cheered and nudged: as the server recorded it (`recorded`, read once the buttons are drawn) and, at once,
 * what they send in this visit (the board rows carry counts only: docs/product.md, "Cheer and nudge").
 */
function useBoardActions(
  challengeId: string,
  openPhoto: (photo: OpenedPhoto) => void,
  recorded: GivenRecord | null | undefined,
) {
  const [cheered, setCheered] = useState<MealsByMember>({});
  const [nudged, setNudged] = useState<MealsByMember>({});
  const [merged, setMerged] = useState<GivenRecord | null | undefined>(undefined);
  if (recorded && recorded !== merged) {
    // Adjusting state to a new read during render (react.dev, "Storing information from previous renders").
    setMerged(recorded);
    setCheered((done) => withRecorded(done, recorded, 'cheer'));
    setNudged((done) => withRecorded(done, recorded, 'nudge'));
  }
  const { whileBusy } = useBusy();

  const cheer = useCallback(
    async (entry: BoardEntry, meal: MealKey) => {
      setCheered((done) => withMeal(done, entry.uid, meal, true));
      try {
        await cheerMeal(challengeId, entry.uid, meal);
      } catch (error) {
        setCheered((done) => withMeal(done, entry.uid, meal, false));
        toastError(refusalText(error, 'Error sending the cheer'));
      }
    },
    [challengeId],
  );

  const nudge = useCallback(
    async (entry: BoardEntry, meal: MealKey) => {
      setNudged((done) => withMeal(done, entry.uid, meal, true));
      try {
        await nudgeMember(challengeId, entry.uid);
        toastSuccess(`Nudged ${memberName(entry)}`);
      } catch (error) {
        toastError(refusalText(error, 'Error sending the nudge'));
      }
    },
    [challengeId],
  );

  const remove = useCallback(
    async (entry: BoardEntry) => {
      const name = memberName(entry);
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
    },
    [challengeId, whileBusy],
  );

  const actions = useMemo<BoardRowActions>(
    () => ({
      cheer: (entry, meal) => void cheer(entry, meal),
      nudge: (entry, meal) => void nudge(entry, meal),
      remove: (entry) => void remove(entry),
      openPhoto,
      readPhoto: (uid, meal) => readProofPhoto(challengeId, uid, meal),
    }),
    [cheer, nudge, remove, openPhoto, challengeId],
  );
  return { actions, cheered, nudged };
}

/**
 * "Challenge board" (docs/product.md, "Group challenges"): the team goal above every member's row, ranked by
 * the share of meals proved in their windows, live from the members node. Rows carry names, avatars, meal
 * statuses and points only: never body stats, targets or macros (the server writes none there). Other members'
 * proof photos open on demand (ProofPhotoDialog, with Report). The top rows render with the board, the rest
 * once the list's end nears the screen (docs/performance.md, "The page with a 50-member board").
 */
export function ChallengeBoard({
  challengeId,
  group: { members, board },
  groupOwnerId,
  viewerUid,
  onLeave,
}: ChallengeBoardProps) {
  const [photo, setPhoto] = useState<OpenedPhoto | null>(null);
  // Mounted from the first opening on, so that closing still animates and gives focus back.
  const [photoDialogUsed, setPhotoDialogUsed] = useState(false);
  if (photo && !photoDialogUsed) setPhotoDialogUsed(true);
  // What the viewer already cheered and nudged: the rows wait for it, so that no button shows "Cheer" for a
  // meal already cheered and each row is drawn once, with its buttons.
  const given = useViewerGiven(challengeId, viewerUid);
  const { actions, cheered, nudged } = useBoardActions(
    challengeId,
    setPhoto,
    given.status === 'ready' ? (given.value ?? EMPTY_GIVEN) : undefined,
  );
  const status = given.status === 'loading' ? 'loading' : members.status;
  const closePhoto = useCallback(() => setPhoto(null), []);

  const rows = (entries: readonly BoardEntry[], firstRank: number) =>
    entries.map((entry, index) => (
      <BoardRowItem
        key={entry.uid}
        entry={entry}
        rank={firstRank + index}
        isViewer={entry.uid === viewerUid}
        isOwnerRow={entry.uid === groupOwnerId}
        viewerIsOwner={viewerUid === groupOwnerId}
        cheered={cheered[entry.uid]}
        nudged={nudged[entry.uid]}
        actions={actions}
      />
    ));
  const rest = board.entries.slice(FIRST_ROWS);

  return (
    <section
      id="challenge-board"
      className="card shadow-sm challenge-board"
      aria-labelledby="challenge-board-title"
    >
      <div className="card-body">
        <h2 id="challenge-board-title" className="h5">
          Challenge board
        </h2>
        {status === 'loading' && (
          <div role="status" className="d-flex align-items-center gap-2 py-3">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" /> Loading the
            board…
          </div>
        )}
        {status === 'error' && (
          <div role="alert" className="alert alert-danger mb-0">
            The board could not be loaded. Check your connection and reload the page.
          </div>
        )}
        {status === 'ready' && board.entries.length === 0 && (
          <p className="text-body-secondary mb-0">No members yet.</p>
        )}
        {status === 'ready' && board.entries.length > 0 && (
          <>
            <TeamGoal share={board.team} />
            <ol className="list-unstyled mb-0 board-rows">
              {rows(board.entries.slice(0, FIRST_ROWS), 1)}
            </ol>
            {rest.length > 0 && (
              <Deferred height={rest.length * ROW_HEIGHT_PX}>
                <ol className="list-unstyled mb-0 board-rows" start={FIRST_ROWS + 1}>
                  {rows(rest, FIRST_ROWS + 1)}
                </ol>
              </Deferred>
            )}
          </>
        )}
        {/* Neutral, not red: red marks destructive actions inside menus only; leaving asks first. */}
        {onLeave && (
          <button type="button" className="btn btn-sm btn-outline-secondary mt-3" onClick={onLeave}>
            Leave challenge
          </button>
        )}
      </div>
      {photoDialogUsed && (
        <Suspense fallback={null}>
          <ProofPhotoDialog challengeId={challengeId} photo={photo} onHide={closePhoto} />
        </Suspense>
      )}
    </section>
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
