import Button from 'react-bootstrap/Button';
import type { ChallengeRef } from '@domain/challenges/challenge-record';
import { useOwnerActions } from '../hooks/use-owner-actions';

interface ChallengeOwnerActionsProps {
  challenge: ChallengeRef;
  onDeleted?: () => void;
  className?: string;
}

/** Edit, Delete and Regenerate meals as buttons (a feed card's): render only for the challenge's owner. */
export function ChallengeOwnerActions({
  challenge,
  onDeleted,
  className = '',
}: ChallengeOwnerActionsProps) {
  const { edit, remove, regenerate, dialogs } = useOwnerActions(challenge, onDeleted);
  const { title } = challenge;
  return (
    <div className={`d-flex flex-wrap gap-2 ${className}`}>
      <Button size="sm" variant="outline-primary" aria-label={`Edit ${title}`} onClick={edit}>
        Edit
      </Button>
      {/* Neutral, not red: red marks destructive actions inside menus only (docs/product.md); Delete asks first. */}
      <Button size="sm" variant="outline-secondary" aria-label={`Delete ${title}`} onClick={remove}>
        Delete
      </Button>
      <Button
        size="sm"
        variant="outline-secondary"
        aria-label={`Regenerate meals of ${title}`}
        onClick={regenerate}
      >
        Regenerate meals
      </Button>
      {dialogs}
    </div>
  );
}
