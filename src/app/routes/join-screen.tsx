import { lazy, Suspense } from 'react';
import { GroupJoinPage } from '@/features/challenges/components/group-join-page';

const EditProfileModal = lazy(async () => ({
  default: (await import('@/features/profile/components/edit-profile-modal')).EditProfileModal,
}));

/**
 * A group challenge's invite (/join/:challengeId/:token?), whose "Complete your profile" opens the profile
 * feature's editor over the invite, so the member joins right after (docs/product.md, "Group challenges").
 */
export function JoinScreen() {
  return (
    <GroupJoinPage
      profileEditor={({ uid, onHide }) => (
        <Suspense fallback={null}>
          <EditProfileModal uid={uid} show onHide={onHide} />
        </Suspense>
      )}
    />
  );
}
