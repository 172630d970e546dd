import { lazy, Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router-dom';
import { useBusy } from '@/hooks/use-busy';
import { useSession } from '@/lib/session';
import { toastError } from '@/lib/toast';
import { assertCanCreateChallenge, CreateChallengeRefused } from '../api/create-challenge';
import { useRefusalHandler } from '../hooks/use-refusal-handler';
import './challenges.css';

const CreateChallengeModal = lazy(async () => ({
  default: (await import('./create-challenge-modal')).CreateChallengeModal,
}));

/** The two promotion variants of docs/product.md#routes-and-screens; one is picked at random (50 %) per visit. */
export const PROMOTION_VARIANTS = [
  {
    heading: 'Take a meal challenge',
    text: 'Get a plan of breakfast, lunch and dinner built for your body and goal, then prove every meal with a photo.',
    action: 'Create Challenge',
  },
  {
    heading: 'Eat to your goal',
    text: 'Bulk, lean or cut: pick 1 to 7 days and ChallangeX plans every meal. Earn points for each one you prove.',
    action: 'Start a Challenge',
  },
] as const;

interface CreateChallengeBannerProps {
  /** Fixed variant (tests); otherwise random. */
  variant?: 0 | 1;
}

/** Sidebar promotion that opens the create-challenge form after the checks of docs/product.md#validation. */
export function CreateChallengeBanner({ variant }: CreateChallengeBannerProps) {
  const [chosen] = useState<0 | 1>(() => variant ?? (Math.random() < 0.5 ? 0 : 1));
  const [open, setOpen] = useState(false);
  const { user } = useSession();
  const navigate = useNavigate();
  const { whileBusy } = useBusy();
  const onRefused = useRefusalHandler({
    uid: user?.uid ?? '',
    displayName: user?.displayName ?? null,
  });
  const promotion = PROMOTION_VARIANTS[chosen];

  const start = async () => {
    if (!user) {
      navigate('/login', { state: { from: '/' } });
      return;
    }
    try {
      await whileBusy(assertCanCreateChallenge(user.uid));
      setOpen(true);
    } catch (error) {
      if (error instanceof CreateChallengeRefused) onRefused(error);
      else toastError('Error creating challenge');
    }
  };

  return (
    <section
      className={`create-challenge-banner card border-0 text-white mb-4 variant-${chosen + 1}`}
      aria-labelledby="create-challenge-banner-heading"
    >
      <div className="card-body p-4">
        <h2 id="create-challenge-banner-heading" className="h4 fw-bold">
          {promotion.heading}
        </h2>
        <p className="mb-3">{promotion.text}</p>
        <Button
          variant="light"
          className="fw-semibold text-success-emphasis"
          onClick={() => void start()}
        >
          {promotion.action}
        </Button>
      </div>
      {user && open && (
        <Suspense fallback={null}>
          <CreateChallengeModal member={user} show={open} onHide={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
