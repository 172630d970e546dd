import { useNavigate } from 'react-router-dom';
import { TOAST_LIMIT_ERROR_MS, toastError, toastInfo } from '@/lib/toast';
import { profilePath, rememberViewedProfile } from '@/lib/app-addresses';
import type { CreateChallengeRefused } from '../api/create-challenge';

/** docs/product.md#validation: the limit is a 5 s error toast; an incomplete profile is an info toast and a trip to the profile. */
export function useRefusalHandler(member: { uid: string; displayName: string | null }) {
  const navigate = useNavigate();
  return (refusal: CreateChallengeRefused) => {
    if (refusal.reason === 'active-limit') {
      toastError(refusal.message, TOAST_LIMIT_ERROR_MS);
      return;
    }
    toastInfo(refusal.message);
    rememberViewedProfile(member.uid);
    navigate(profilePath(member.displayName ?? member.uid, member.uid), {
      state: { editProfile: true },
    });
  };
}
