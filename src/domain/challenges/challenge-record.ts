import type { MealSlot, Preference, TargetBody } from '@domain/constants';
import type { DayNutrient, NutritionTargets } from '@domain/nutrition/nutrition-targets';
import type { ProofReview } from '@domain/challenges/proof-review';
import type { GroupAccess, GroupSummary, InviteRecord } from '@domain/challenges/group-records';

/** A side dish or drink served with a meal. */
export interface PlannedSide {
  dishId: string;
  name: string;
  /** Multiple of the standard serving, 0.5–1.5. */
  portion: number;
  serving: string;
}

/** An ingredient of a meal, summed over its dishes, in raw grams for the member's portions. */
export interface PlannedIngredient {
  code: string;
  label: string;
  group: string;
  grams: number;
}

/** A target a planned day misses, and why (shown on the plan page). */
export interface DayShortfall {
  nutrient: DayNutrient;
  direction: 'under' | 'over';
  /** The day's total and the bound it misses, rounded. */
  total: number;
  bound: number;
  reason: string;
}

/** users/{uid}/challenges/{cid}/meals/Day{n}/{slot} (docs/architecture.md#data-model-and-access). */
export interface MealRecord {
  name: string;
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  details: string;
  img: string;
  /** Plans made before meals were built from IFCT recipes have none of the fields below. */
  fibre?: number;
  dishId?: string;
  portion?: number;
  serving?: string;
  /** Absent when the meal has no sides (the database drops empty lists). */
  sides?: PlannedSide[];
  ingredients?: PlannedIngredient[];
  imgPath?: string;
  status: string;
  opensAt: number;
  closesAt: number;
  doneAt?: number;
  /** Server-written when the proof was flagged, and the admin's decision (docs/security.md, "Proof checks"). */
  review?: ProofReview;
}

export type DayMeals = Partial<Record<MealSlot, MealRecord>>;

/**
 * users/{uid}/challenges/{cid}/moderation: set while a moderator hides the challenge, readable by
 * every signed-in member so the challenge page can say why it is gone (docs/security.md, "Moderation").
 */
export interface ChallengeModeration {
  hiddenAt: number;
  reason: string;
}

/** users/{uid}/challenges/{cid} (docs/architecture.md#data-model-and-access). */
export interface ChallengeRecord {
  title: string;
  day: number;
  preference: Preference;
  targetBody: TargetBody;
  displayName: string;
  photoURL: string;
  createdAt: number;
  updatedAt?: number;
  deleted: boolean;
  isActive: boolean;
  startDate: string;
  timezone: string;
  targets: NutritionTargets;
  meals: Record<string, DayMeals>;
  /**
   * Per day key (Day1…), the targets a planned day cannot meet and why; absent when every day meets
   * them (written by the server only, docs/nutrition.md#days-that-cannot-be-met).
   */
  shortfalls?: Record<string, DayShortfall[]>;
  /** Present while a moderator hides it from the feed. */
  moderation?: ChallengeModeration;
  /**
   * A joined member's own plan of a group challenge: the owner's uid (the challenge id is the owner's).
   * Server-written (docs/product.md, "Group challenges").
   */
  groupOwnerId?: string;
  /** The owner's record only: who may join ('solo' or absent: nobody). Server-written. */
  access?: GroupAccess;
  /** The owner's record only: members of the group, the owner included. Server-written. */
  memberCount?: number;
  /** The owner's record only: up to 5 members' avatars, as on the feed card. Server-written. */
  memberPhotos?: GroupSummary['memberPhotos'];
  /** The owner's record only: the current invite link; the owner reads it, the server writes it. */
  invite?: InviteRecord;
}

/** feed/{cid} (docs/architecture.md#data-model-and-access). */
export interface FeedEntry {
  uid: string;
  title: string;
  day: number;
  preference: Preference;
  targetBody: TargetBody;
  displayName: string;
  photoURL: string;
  cover: string;
  createdAt: number;
  updatedAt?: number;
  /** A group challenge's summary (server-written); absent for a solo challenge. */
  access?: GroupSummary['access'];
  memberCount?: GroupSummary['memberCount'];
  memberPhotos?: GroupSummary['memberPhotos'];
}

/**
 * Whether a row of feed/ can be shown as a card: its owner and title at least. A row that cannot (a
 * stub an older server left when a challenge was hidden mid-write, docs/security.md "Moderation
 * races") is left out wherever feed rows are shown (the feed's cards, Recent Post); the feed's paging still counts
 * it, so cursors stay exact.
 */
export function isShowableFeedEntry(value: unknown): value is FeedEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { uid, title } = value as { uid?: unknown; title?: unknown };
  return typeof uid === 'string' && uid !== '' && typeof title === 'string';
}

/** Which challenge an owner action applies to (ids come from the storage path, docs/architecture.md#data-model-and-access). */
export interface ChallengeRef {
  ownerId: string;
  challengeId: string;
  title: string;
}

/**
 * What other members may read of a challenge (database.rules.json): the summary card's fields and
 * whether it is deleted or hidden by a moderator. Targets, meals and proofs are the owner's and admins' only.
 */
export const CHALLENGE_SUMMARY_FIELDS = [
  'title',
  'displayName',
  'photoURL',
  'createdAt',
  'day',
  'preference',
  'deleted',
  'moderation',
] as const;

export type ChallengeSummary = Pick<ChallengeRecord, (typeof CHALLENGE_SUMMARY_FIELDS)[number]>;
