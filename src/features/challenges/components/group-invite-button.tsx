import { lazy, Suspense, useState } from 'react';
import type { GroupAccess, InviteRecord } from '@domain/challenges/group-records';

// The dialog and its QR code library load on first use only (docs/performance.md, "Decisions that hold the budgets").
const GroupInviteDialog = lazy(async () => ({
  default: (await import('./group-invite-dialog')).GroupInviteDialog,
}));

interface GroupInviteButtonProps {
  challengeId: string;
  title: string;
  access: GroupAccess;
  invite: InviteRecord | undefined;
  canChange: boolean;
}

/** The owner's "Invite friends" (docs/product.md, "Group challenges"). */
export function GroupInviteButton(props: GroupInviteButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => setOpen(true)}>
        Invite friends
      </button>
      {open && (
        <Suspense fallback={null}>
          <GroupInviteDialog {...props} show={open} onHide={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
