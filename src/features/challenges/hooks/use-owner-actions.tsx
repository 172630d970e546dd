import { lazy, Suspense, useState } from 'react';
import type { ChallengeRef } from '@domain/challenges/challenge-record';
import { useBusy } from '@/hooks/use-busy';
import { confirmAction, toastError, toastSuccess } from '@/lib/toast';
import { deleteChallenge, deleteConfirmation } from '../api/delete-challenge';
import { regenerateMeals } from '../api/regenerate-meals';

const EditTitleModal = lazy(async () => ({
  default: (await import('../components/edit-title-modal')).EditTitleModal,
}));

/**
 * Edit, Delete and Regenerate meals as actions, and the edit dialog to render: the feed's buttons and the
 * challenge page's "More" menu share them (delete asks with the product's words, deleteConfirmation).
 */
export function useOwnerActions(challenge: ChallengeRef, onDeleted?: () => void) {
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

  const dialogs = editing && (
    <Suspense fallback={null}>
      <EditTitleModal challenge={challenge} show={editing} onHide={() => setEditing(false)} />
    </Suspense>
  );
  return {
    edit: () => setEditing(true),
    remove: () => void remove(),
    regenerate: () => void regenerate(),
    dialogs,
  };
}
