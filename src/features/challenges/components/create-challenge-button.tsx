import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useBusy } from '@/hooks/use-busy';
import { challengePath } from '@/lib/app-addresses';
import { useSession } from '@/lib/session';
import { toastError } from '@/lib/toast';
import type { PlanField } from '../api/plan-fields';
import { useRefusalHandler } from '../hooks/use-refusal-handler';

const CreateChallengeModal = lazy(async () => ({
  default: (await import('./create-challenge-modal')).CreateChallengeModal,
}));
const PlanSetupModal = lazy(async () => ({
  default: (await import('./create-challenge-plan-setup')).PlanSetupModal,
}));

/** Which form is open: "Set up your plan" (with the fields it asks) or the create-challenge form. */
type OpenForm = { step: 'plan'; missing: PlanField[] } | { step: 'create' } | null;

interface CreateChallengeButtonProps {
  children: ReactNode;
  /** Bootstrap's button variant. */
  variant?: 'success' | 'light';
  size?: 'sm';
  className?: string;
}

/**
 * The one way into creating a challenge: visitors go to login, the checks of docs/product.md#validation run
 * before the form opens, and a created challenge opens at its own address. A member whose profile lacks what a
 * plan needs gets "Set up your plan" first, then the create form (docs/product.md, "First run"): always a form.
 */
export function CreateChallengeButton({
  children,
  variant = 'success',
  size,
  className = '',
}: CreateChallengeButtonProps) {
  const [open, setOpen] = useState<OpenForm>(null);
  const { user } = useSession();
  const navigate = useNavigate();
  const { whileBusy } = useBusy();
  const onRefused = useRefusalHandler({
    uid: user?.uid ?? '',
    displayName: user?.displayName ?? null,
  });

  const start = async () => {
    if (!user) {
      navigate('/login', { state: { from: '/' } });
      return;
    }
    try {
      // The checks (and the schemas they use) load on the first tap, not with every page that shows this button.
      const { assertCanCreateChallenge, CreateChallengeRefused } = await whileBusy(
        import('../api/create-challenge'),
      );
      try {
        await whileBusy(assertCanCreateChallenge(user.uid));
      } catch (error) {
        if (error instanceof CreateChallengeRefused && error.reason === 'incomplete-profile') {
          const { missingPlanFields } = await whileBusy(import('../api/plan-fields'));
          const missing = await whileBusy(missingPlanFields(user.uid));
          // Complete after all (saved meanwhile, elsewhere): the form itself.
          setOpen(missing.length > 0 ? { step: 'plan', missing } : { step: 'create' });
          return;
        }
        if (error instanceof CreateChallengeRefused) {
          onRefused(error);
          return;
        }
        throw error;
      }
      setOpen({ step: 'create' });
    } catch {
      toastError('Error creating challenge');
    }
  };

  const openCreated = ({ challengeId, title }: { challengeId?: string; title: string }) => {
    if (user && challengeId) navigate(challengePath(user.uid, challengeId, title));
  };

  return (
    <>
      {/* Plain Bootstrap markup: part of the home's first render, on phones (no react-bootstrap there). */}
      <button
        type="button"
        className={`btn btn-${variant}${size ? ` btn-${size}` : ''} ${className}`}
        onClick={() => void start()}
      >
        {children}
      </button>
      {user && open?.step === 'plan' && (
        <Suspense fallback={null}>
          <PlanSetupModal
            uid={user.uid}
            missing={open.missing}
            onHide={() => setOpen(null)}
            onSaved={() => setOpen({ step: 'create' })}
          />
        </Suspense>
      )}
      {user && open?.step === 'create' && (
        <Suspense fallback={null}>
          <CreateChallengeModal
            member={user}
            show
            onHide={() => setOpen(null)}
            onCreated={openCreated}
          />
        </Suspense>
      )}
    </>
  );
}
