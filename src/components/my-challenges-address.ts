import { profilePath } from '@/lib/app-addresses';

/** The id of the own profile's "My challenges" section (src/features/profile/components/my-challenges-section.tsx). */
export const MY_CHALLENGES_ID = 'my-challenges';
export const MY_CHALLENGES_HASH = `#${MY_CHALLENGES_ID}`;

/** Where "My challenges" is: the member's own profile, at that section (the user menu and the bottom nav). */
export function myChallengesPath(displayName: string, uid: string): string {
  return `${profilePath(displayName, uid)}${MY_CHALLENGES_HASH}`;
}
