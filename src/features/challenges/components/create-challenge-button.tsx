import { lazy, Suspense, useState, type ReactNode } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import { useNavigate } from 'react-router-dom';
import { useBusy } from '@/hooks/use-busy';
import { challengePath } from '@/lib/app-addresses';
import { useSession } from '@/lib/session';
import { toastError } from '@/lib/toast';
import { useRefusalHandler } from '../hooks/use-refusal-handler';

const CreateChallengeModal = lazy(async () => ({
  default: (await import('./create-challenge-modal')).CreateChallengeModal,
}));

interface CreateChallengeButtonProps extends Omit<ButtonProps, 'onClick'> {
  children: ReactNode;
}

/**
 * The one way into creating a challenge: visitors go to login, the checks of docs/product.md#validation run
 * before the form opens, and a created challenge opens at its own address.
 */
export function CreateChallengeButton({ children, ...buttonProps }: CreateChallengeButtonProps) {
  const [open, setOpen] = useState(false);
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
        if (error instanceof CreateChallengeRefused) {
          onRefused(error);
          return;
        }
        throw error;
      }
      setOpen(true);
    } catch {
      toastError('Error creating challenge');
    }
  };

  const openCreated = ({ challengeId, title }: { challengeId?: string; title: string }) => {
    if (user && challengeId) navigate(challengePath(user.uid, challengeId, title));
  };

  return (
    <>
      <Button {...buttonProps} onClick={() => void start()}>
        {children}
      </Button>
      {user && open && (
        <Suspense fallback={null}>
          <CreateChallengeModal
            member={user}
            show={open}
            onHide={() => setOpen(false)}
            onCreated={openCreated}
          />
        </Suspense>
      )}
    </>
  );
}
