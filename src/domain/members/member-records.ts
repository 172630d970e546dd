import type { ActivityLevel, Preference, Sex } from '@domain/constants';

/** users/{uid}/info as docs/architecture.md#data-model-and-access stores it (public to signed-in members). */
export interface MemberInfo {
  uid: string;
  displayName: string;
  photoURL?: string;
  /** Epoch ms (server time) since the rules stamp it; text on older records. */
  joinAt?: number | string;
  createdAt?: number;
  location?: string;
  preference?: Preference | '';
  bio?: string;
  score?: number;
  activeChallenges?: number;
  totalChallenges?: number;
}

/** users/{uid}/private: the owner's (and admins') eyes only. */
export interface MemberPrivate {
  email?: string;
  emailVerified?: boolean;
  height?: number;
  weight?: number;
  age?: number;
  sex?: Sex;
  activity?: ActivityLevel;
}

export interface MemberSocial {
  facebook?: string;
  instagram?: string;
  twitter?: string;
  linkedin?: string;
}
