import { useState } from 'react';
import { CreateChallengeButton } from './create-challenge-button';
import './challenges.css';

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
  const promotion = PROMOTION_VARIANTS[chosen];

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
        <CreateChallengeButton variant="light" className="fw-semibold text-success-emphasis">
          {promotion.action}
        </CreateChallengeButton>
      </div>
    </section>
  );
}
