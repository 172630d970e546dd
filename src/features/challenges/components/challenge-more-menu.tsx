import { lazy, Suspense, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import type { ChallengeRecord, ChallengeRef } from '@domain/challenges/challenge-record';
import { downloadMealCalendar } from '../lib/meal-calendar-download';
import type { ProofPhoto } from '../lib/challenge-meals';
import { useOwnerActions } from '../hooks/use-owner-actions';

const ShoppingListModal = lazy(async () => ({
  default: (await import('./shopping-list-modal')).ShoppingListModal,
}));
const ProofGalleryModal = lazy(async () => ({
  default: (await import('./proof-gallery-modal')).ProofGalleryModal,
}));

interface ChallengeMoreMenuProps {
  challenge: ChallengeRecord;
  challengeRef: ChallengeRef;
  photos: ProofPhoto[];
  /** The plan's owner: Edit, Regenerate meals and Delete too (a joined member's plan has none of them). */
  isOwner: boolean;
  onDeleted: () => void;
}

type OpenDialog = 'gallery' | 'shopping' | null;

/**
 * "More" (docs/product.md, "The challenge page"): the page's secondary actions in one menu, so the meal of the
 * moment and "Invite friends" stay the page's only buttons in sight. Delete comes last, apart, and still asks
 * with the product's words.
 */
export function ChallengeMoreMenu({
  challenge,
  challengeRef,
  photos,
  isOwner,
  onDeleted,
}: ChallengeMoreMenuProps) {
  const [open, setOpen] = useState<OpenDialog>(null);
  const owner = useOwnerActions(challengeRef, onDeleted);
  const close = () => setOpen(null);
  return (
    <>
      <Dropdown align="end">
        <Dropdown.Toggle variant="outline-secondary" id="challenge-more" className="more-toggle">
          More
        </Dropdown.Toggle>
        <Dropdown.Menu>
          <Dropdown.Item as="button" onClick={() => setOpen('gallery')}>
            Photo gallery
          </Dropdown.Item>
          <Dropdown.Item as="button" onClick={() => setOpen('shopping')}>
            Shopping list
          </Dropdown.Item>
          <Dropdown.Item
            as="button"
            onClick={() => downloadMealCalendar(challengeRef.challengeId, challenge)}
          >
            Add to calendar
          </Dropdown.Item>
          {isOwner && (
            <>
              <Dropdown.Item as="button" onClick={owner.edit}>
                Edit
              </Dropdown.Item>
              <Dropdown.Item as="button" onClick={owner.regenerate}>
                Regenerate meals
              </Dropdown.Item>
              <Dropdown.Divider />
              <Dropdown.Item as="button" className="text-danger" onClick={owner.remove}>
                Delete
              </Dropdown.Item>
            </>
          )}
        </Dropdown.Menu>
      </Dropdown>
      {owner.dialogs}
      {open === 'shopping' && (
        <Suspense fallback={null}>
          <ShoppingListModal challenge={challenge} show onHide={close} />
        </Suspense>
      )}
      {open === 'gallery' && (
        <Suspense fallback={null}>
          <ProofGalleryModal title={challenge.title} photos={photos} show onHide={close} />
        </Suspense>
      )}
    </>
  );
}
