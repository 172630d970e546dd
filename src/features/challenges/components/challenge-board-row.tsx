import { Fragment, memo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { MemberAvatar } from '@/components/member-avatar';
import type { MealKey } from '@domain/challenges/meal-key';
import { mealKeyLabel } from '@domain/challenges/meal-key';
import { profilePath } from '@/lib/app-addresses';
import { memberName, type BoardEntry } from '../lib/group-board';
import type { OpenedPhoto } from './proof-photo-dialog';

/** Cheerable meals shown per member: the latest few, so a 50-member board stays small. */
const CHEERABLE_SHOWN = 3;

/** What a row asks the board to do; stable functions, so a memoised row is not drawn again for them. */
export interface BoardRowActions {
  cheer: (entry: BoardEntry, meal: MealKey) => void;
  nudge: (entry: BoardEntry, meal: MealKey) => void;
  remove: (entry: BoardEntry) => void;
  openPhoto: (photo: OpenedPhoto) => void;
}

interface BoardRowItemProps {
  entry: BoardEntry;
  rank: number;
  isViewer: boolean;
  isOwnerRow: boolean;
  viewerIsOwner: boolean;
  /** Meals of this member the viewer cheered or nudged about in this visit (undefined: none). */
  cheered: ReadonlySet<MealKey> | undefined;
  nudged: ReadonlySet<MealKey> | undefined;
  /** False until the board is near the viewport: the summary only, the buttons after. */
  showActions: boolean;
  actions: BoardRowActions;
}

/**
 * One member's row: rank, avatar, name and standing; their latest proved meals to cheer, the open meal to
 * nudge about, and their proof photos on demand ("Photos" lists them; one opens in a dialog). Memoised: a
 * live update of one row draws that row only (docs/performance.md, "The page with a 50-member board").
 */
export const BoardRowItem = memo(function BoardRowItem({
  entry,
  rank,
  isViewer,
  isOwnerRow,
  viewerIsOwner,
  cheered,
  nudged,
  showActions,
  actions,
}: BoardRowItemProps) {
  const { row, standing } = entry;
  const name = memberName(entry);
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
        {viewerIsOwner && !isOwnerRow && showActions && (
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={`Remove ${name}`}
            onClick={() => actions.remove(entry)}
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
            .map(({ key, meal }) => `${mealKeyLabel(key)} ${meal.cheers}`)
            .join(' · ')}
        </p>
      )}
      {!isViewer && showActions && (
        <OtherMemberActions entry={entry} cheered={cheered} nudged={nudged} actions={actions} />
      )}
    </li>
  );
});

function OtherMemberActions({
  entry,
  cheered,
  nudged,
  actions,
}: Pick<BoardRowItemProps, 'entry' | 'cheered' | 'nudged' | 'actions'>) {
  const [photosShown, setPhotosShown] = useState(false);
  const name = memberName(entry);
  const cheerable = entry.provedMeals.slice(-CHEERABLE_SHOWN);
  const open = entry.openUnproved;
  const photosId = `board-photos-${entry.uid}`;
  if (cheerable.length === 0 && !open && entry.photoMeals.length === 0) return null;
  return (
    <>
      <div className="d-flex flex-wrap gap-1 mt-1 board-actions">
        {cheerable.map(({ key, meal }) => {
          const done = cheered?.has(key) ?? false;
          const countId = `board-cheers-${entry.uid}-${key}`;
          const count = meal.cheers ?? 0;
          // The count beside the button, not in it: the button's name holds its visible text (WCAG 2.5.3).
          return (
            <Fragment key={key}>
              <Button
                size="sm"
                variant={done ? 'success' : 'outline-success'}
                aria-label={`Cheer ${mealKeyLabel(key)} of ${name}`}
                aria-describedby={countId}
                aria-pressed={done}
                disabled={done}
                onClick={() => actions.cheer(entry, key)}
              >
                Cheer {mealKeyLabel(key)}
              </Button>
              <span id={countId} className="small text-body-secondary align-self-center me-1">
                {count === 1 ? '1 cheer' : `${count} cheers`}
              </span>
            </Fragment>
          );
        })}
        {open && (
          <Button
            size="sm"
            variant="outline-secondary"
            aria-label={`Nudge ${name} about ${mealKeyLabel(open)}`}
            disabled={nudged?.has(open) ?? false}
            onClick={() => actions.nudge(entry, open)}
          >
            {nudged?.has(open) ? 'Nudged' : 'Nudge'}
          </Button>
        )}
        {entry.photoMeals.length > 0 && (
          <Button
            size="sm"
            variant="outline-primary"
            aria-label={`Photos of ${name}`}
            aria-expanded={photosShown}
            aria-controls={photosShown ? photosId : undefined}
            onClick={() => setPhotosShown((shown) => !shown)}
          >
            Photos
          </Button>
        )}
      </div>
      {photosShown && (
        <ul id={photosId} className="list-inline mb-0 mt-1" aria-label={`Proof photos of ${name}`}>
          {entry.photoMeals.map((meal) => (
            <li key={meal} className="list-inline-item mb-1">
              <Button
                size="sm"
                variant="link"
                className="p-0"
                aria-label={`See ${name}'s ${mealKeyLabel(meal)} photo`}
                onClick={() => actions.openPhoto({ uid: entry.uid, name, meal })}
              >
                {mealKeyLabel(meal)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
