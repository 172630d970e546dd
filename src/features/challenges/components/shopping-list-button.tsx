import { lazy, Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';

const ShoppingListModal = lazy(async () => ({
  default: (await import('./shopping-list-modal')).ShoppingListModal,
}));

/** Opens the challenge's shopping list (loaded on first use). */
export function ShoppingListButton({ challenge }: { challenge: ChallengeRecord }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline-success" size="sm" onClick={() => setOpen(true)}>
        Shopping list
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ShoppingListModal challenge={challenge} show={open} onHide={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
