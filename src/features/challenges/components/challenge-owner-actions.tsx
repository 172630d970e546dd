import { lazy, Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useBusy } from '@/hooks/use-busy';
import { confirmAction, toastError, toastSuccess } from '@/lib/toast';
import type { ChallengeRef } from '@domain/challenges/challenge-record';
import { deleteChallenge, deleteConfirmation } from '../api/delete-challenge';
import { regenerateMeals } from '../api/regenerate-meals';

const EditTitleModal = lazy(async () => ({
  default: (await import('./edit-title-modal')).EditTitleModal,
}));

interface ChallengeOwnerActionsProps {
  challenge: ChallengeRef;
  onDeleted?: () => void;
  className?: string;
}

/** Edit, Delete and Regenerate meals: render only for the challenge's owner. */
export function ChallengeOwnerActions({
  challenge,
  onDeleted,
  className = '',
}: ChallengeOwnerActionsProps) {
  const { whileBusy } = useBusy();
  const [editing, setEditing] = useState(false);
  const { title } = challenge;

  const remove = async () => {
    if (!(await confirmAction(deleteConfirmation(title)))) return;
    try {
      await whileBusy(deleteChallenge(challenge));
      toastSuccess(`${title} deleted`);
      onDeleted?.();
    } catch {
      toastError('Error deleting challenge');
    }
  };

  const regenerate = async () => {
    const confirmed = await confirmAction({
      title: 'Regenerate meals?',
      text: `Meals of "${title}" that you have not proved yet get a new plan. Proved meals stay.`,
      confirmButtonText: 'Yes, regenerate',
      cancelButtonText: 'No, keep them',
    });
    if (!confirmed) return;
    try {
      await whileBusy(regenerateMeals(challenge));
      toastSuccess('Meals regenerated successfully');
    } catch {
      toastError('Error regenerating meals');
    }
  };

  return (
    <div className={`d-flex flex-wrap gap-2 ${className}`}>
      <Button
        size="sm"
        variant="outline-primary"
        aria-label={`Edit ${title}`}
        onClick={() => setEditing(true)}
      >
        Edit
      </Button>
      <Button
        size="sm"
        variant="outline-danger"
        aria-label={`Delete ${title}`}
        onClick={() => void remove()}
      >
        Delete
      </Button>
      <Button
        size="sm"
        variant="outline-secondary"
        aria-label={`Regenerate meals of ${title}`}
        onClick={() => void regenerate()}
      >
        Regenerate meals
      </Button>
      {editing && (
        <Suspense fallback={null}>
          <EditTitleModal challenge={challenge} show={editing} onHide={() => setEditing(false)} />
        </Suspense>
      )}
    </div>
  );
}
