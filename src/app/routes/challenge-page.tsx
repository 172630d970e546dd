import { lazy, Suspense } from 'react';
import { ChallengePage } from '@/features/challenges/components/challenge-page';

const RemindersOptInCard = lazy(async () => ({
  default: (await import('@/features/reminders/components/reminders-opt-in-card'))
    .RemindersOptInCard,
}));

/**
 * A challenge, with the meal-reminders offer on the member's own plan while none of their devices takes
 * reminders (its own lazy chunk; docs/product.md, "Meal reminders"). Named as the
 * feature's page it composes: the build names the screen's chunk after this file (route-table.ts).
 */
export function ChallengeScreen() {
  return (
    <ChallengePage
      memberOffer={
        <Suspense fallback={null}>
          <RemindersOptInCard />
        </Suspense>
      }
    />
  );
}
