import { lazy, Suspense } from 'react';
import { AboutPage } from '@/features/site/components/about-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

const EditProfileModal = lazy(async () => ({
  default: (await import('@/features/profile/components/edit-profile-modal')).EditProfileModal,
}));

/** About, whose Take Challenge opens the profile feature's editor (it sets up the member's plan). */
export function AboutScreen() {
  useDocumentTitle('About');
  return (
    <AboutPage
      profileEditor={({ uid, onHide }) => (
        <Suspense fallback={null}>
          <EditProfileModal uid={uid} show onHide={onHide} />
        </Suspense>
      )}
    />
  );
}
