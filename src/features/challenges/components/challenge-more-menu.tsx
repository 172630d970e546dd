import { lazy, Suspense, useState } from 'react';
import type { ChallengeRecord, ChallengeRef } from '@domain/challenges/challenge-record';
import { downloadMealCalendar } from '../lib/meal-calendar-download';
import type { ProofPhoto } from '../lib/challenge-meals';
import { useOwnerActions } from '../hooks/use-owner-actions';
import { ActionMenu, type ActionMenuItem } from './action-menu';

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
  const items: ActionMenuItem[] = [
    { label: 'Photo gallery', onSelect: () => setOpen('gallery') },
    { label: 'Shopping list', onSelect: () => setOpen('shopping') },
    {
      label: 'Add to calendar',
      onSelect: () => downloadMealCalendar(challengeRef.challengeId, challenge),
    },
    ...(isOwner
      ? [
          { label: 'Edit', onSelect: owner.edit },
          { label: 'Regenerate meals', onSelect: owner.regenerate },
          { label: 'Delete', onSelect: owner.remove, danger: true },
        ]
      : []),
  ];
  return (
    <>
      <ActionMenu toggle="More" toggleClassName="btn-outline-secondary more-toggle" items={items} />
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
