import { ChallengeOwnerActions } from '@/features/challenges/components/challenge-owner-actions';
import { CreateChallengeEntry } from '@/features/challenges/components/create-challenge-entry';
import { TodaySection } from '@/features/challenges/components/today-section';
import { useLocation } from 'react-router-dom';
import { FeedPage } from '@/features/feed/components/feed-page';
import { HomeIntro } from '@/features/site/components/home-intro';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useHomeTopSlot } from './home-top-slot';

/**
 * The feed, led by a member's Today and then the home's top the layout hands over (the banner; docs/product.md,
 * "Today"), with the challenges feature's owner actions
 * (edit, delete, regenerate) on a member's own cards.
 */
export function FeedScreen() {
  const homeTop = useHomeTopSlot();
  // The home page is the product itself; /feed and /dash-board name the page.
  useDocumentTitle(useLocation().pathname === '/' ? undefined : 'Feed');
  return (
    <>
      <HomeIntro />
      <TodaySection startChallenge={<CreateChallengeEntry />} />
      {homeTop}
      <FeedPage
        ownerActions={(challenge) => (
          <ChallengeOwnerActions className="ms-sm-auto" challenge={challenge} />
        )}
      />
    </>
  );
}
