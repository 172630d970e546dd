import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { profilePath, rememberViewedProfile } from '@/lib/app-addresses';

interface ProfileLinkProps {
  uid: string;
  displayName: string;
  className?: string;
  children?: ReactNode;
}

/** A link to a member's profile that also stores whose profile it is (loadProfile in browser storage). */
export function ProfileLink({ uid, displayName, className, children }: ProfileLinkProps) {
  return (
    <Link
      to={profilePath(displayName, uid)}
      className={className}
      onClick={() => rememberViewedProfile(uid)}
    >
      {children ?? displayName}
    </Link>
  );
}
