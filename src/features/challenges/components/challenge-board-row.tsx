import { memo, useState } from 'react';
import { Link } from 'react-router-dom';
import { MemberAvatar } from '@/components/member-avatar';
import type { MealKey } from '@domain/challenges/meal-key';
import { mealKeyLabel } from '@domain/challenges/meal-key';
import { adherenceCounts, adherenceOf } from '@domain/challenges/meal-adherence';
import type { BoardMeal } from '@domain/challenges/group-records';
import type { BoardStanding } from '@domain/challenges/challenge-board';
import { useAsync } from '@/hooks/use-loadable';
import { profilePath } from '@/lib/app-addresses';
import { appImageSource } from '@/lib/safe-urls';
import { memberName, type BoardEntry } from '../lib/group-board';
import { ActionMenu } from './action-menu';
import type { OpenedPhoto } from './proof-photo-dialog';

/** "67 % · 2 of 3 meals so far proved · 21 planned": adherence, one meaning everywhere (meal-adherence.ts). */
function adherenceLine({ proved, dueSoFar, planned }: BoardStanding): string {
  const adherence = adherenceOf(proved, dueSoFar, planned);
  return `${adherence.percent} % · ${adherenceCounts(adherence)}`;
}

/** What a row asks the board to do; stable functions, so a memoised row is not drawn again for them. */
export interface BoardRowActions {
  cheer: (entry: BoardEntry, meal: MealKey) => void;
  nudge: (entry: BoardEntry, meal: MealKey) => void;
  remove: (entry: BoardEntry) => void;
  openPhoto: (photo: OpenedPhoto) => void;
  /** A member's proof photo's URL (null once gone), read when their photos are opened. */
  readPhoto: (uid: string, meal: MealKey) => Promise<string | null>;
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
            {adherenceLine(standing)} · {standing.points} points
          </div>
        </div>
        {viewerIsOwner && !isOwnerRow && (
          <MemberMenu name={name} onRemove={() => actions.remove(entry)} />
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
      {!isViewer && (
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
  const latest = entry.provedMeals.at(-1);
  const open = entry.openUnproved;
  const photosId = `board-photos-${entry.uid}`;
  if (!latest && !open && entry.photoMeals.length === 0) return null;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mt-1 board-actions">
        {latest && (
          <CheerButton
            entry={entry}
            meal={latest}
            done={cheered?.has(latest.key) ?? false}
            onCheer={() => actions.cheer(entry, latest.key)}
          />
        )}
        {open && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label={`Nudge ${name} about ${mealKeyLabel(open)}`}
            disabled={nudged?.has(open) ?? false}
            onClick={() => actions.nudge(entry, open)}
          >
            {nudged?.has(open) ? 'Nudged' : 'Nudge'}
          </button>
        )}
        {entry.photoMeals.length > 0 && (
          <button
            type="button"
            className="btn btn-sm btn-outline-success"
            aria-label={`Photos of ${name}`}
            aria-expanded={photosShown}
            aria-controls={photosShown ? photosId : undefined}
            onClick={() => setPhotosShown((shown) => !shown)}
          >
            Photos
          </button>
        )}
      </div>
      {photosShown && (
        <ul
          id={photosId}
          className="list-unstyled d-flex flex-wrap gap-2 mb-0 mt-2"
          aria-label={`Proof photos of ${name}`}
        >
          {entry.photoMeals.map((meal) => (
            <li key={meal}>
              <ProofThumbnail
                readPhoto={actions.readPhoto}
                uid={entry.uid}
                name={name}
                meal={meal}
                onOpen={() => actions.openPhoto({ uid: entry.uid, name, meal })}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * One cheer per row, for the member's latest proved meal, its count beside it: the button's name is short
 * ("Cheer Ravi Kumar"), the count and meal its description. Cheered once, it stays pressed (and
 * disabled) until a newer meal.
 */
function CheerButton({
  entry,
  meal,
  done,
  onCheer,
}: {
  entry: BoardEntry;
  meal: { key: MealKey; meal: BoardMeal };
  done: boolean;
  onCheer: () => void;
}) {
  const countId = `board-cheers-${entry.uid}`;
  const count = meal.meal.cheers ?? 0;
  return (
    <span className="d-inline-flex align-items-center gap-1">
      <button
        type="button"
        className={`btn btn-sm ${done ? 'btn-success' : 'btn-outline-success'}`}
        aria-label={`Cheer ${memberName(entry)}`}
        aria-describedby={countId}
        aria-pressed={done}
        disabled={done}
        onClick={onCheer}
      >
        {/* The same word either way: it is the start of the name (WCAG 2.5.3); pressed says it is done. */}
        Cheer
      </button>
      <span id={countId} className="small text-body-secondary">
        {count === 1 ? '1 cheer' : `${count} cheers`}
        <span className="visually-hidden"> for {mealKeyLabel(meal.key)}</span>
      </span>
    </span>
  );
}

/** The owner's actions on a member's row, in a menu of their own: nothing loud beside every member. */
function MemberMenu({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <ActionMenu
      toggle="⋯"
      toggleLabel={`Options for ${name}`}
      toggleClassName="btn-sm btn-outline-success board-member-menu"
      items={[{ label: 'Remove', onSelect: onRemove, danger: true }]}
    />
  );
}

/** A proof photo as a thumbnail that opens it large (with Report); its URL is read when shown. */
function ProofThumbnail({
  readPhoto,
  uid,
  name,
  meal,
  onOpen,
}: {
  readPhoto: BoardRowActions['readPhoto'];
  uid: string;
  name: string;
  meal: MealKey;
  onOpen: () => void;
}) {
  const url = useAsync(`${uid}/${meal}`, () => readPhoto(uid, meal));
  const source = url.status === 'ready' ? appImageSource(url.value) : null;
  return (
    <button
      type="button"
      className="btn btn-light board-thumbnail p-1 border"
      aria-label={`See ${name}'s ${mealKeyLabel(meal)} photo`}
      onClick={onOpen}
    >
      {source ? (
        <img src={source} alt="" className="d-block" loading="lazy" />
      ) : (
        <span className="d-block board-thumbnail-empty" aria-hidden="true" />
      )}
      <span className="d-block small">{mealKeyLabel(meal)}</span>
    </button>
  );
}
