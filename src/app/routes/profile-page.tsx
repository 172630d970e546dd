import { lazy, Suspense } from 'react';
import { ProfilePage } from '@/features/profile/components/profile-page';

const RemindersSection = lazy(async () => ({
  default: (await import('@/features/reminders/components/reminders-section')).RemindersSection,
}));

/**
 * A member's profile, with "Meal reminders" on their own (its own lazy chunk; docs/product.md, "Meal
 * reminders"). Named as the feature's page it composes: the build names the screen's chunk after this file.
 */
export function ProfileScreen() {
  return (
    <ProfilePage
      ownSettings={
        <Suspense fallback={null}>
          <RemindersSection />
        </Suspense>
      }
    />
  );
}
