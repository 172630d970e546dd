import type { z } from '@domain/zod';
import type { DayShortfall } from '@domain/challenges/challenge-record';
import type { ChallengeCounts } from '@domain/challenges/challenge-activity';
import type { generateRequestSchema } from '@domain/challenges/generate-request-schema';
import type { Score } from '@domain/challenges/points';
import type { MealSlot } from '@domain/constants';
import type { MemberStreakFields } from '@domain/members/member-glance';

/**
 * The challenge routes' contract (docs/architecture.md, "The API"): what the app sends and what the
 * API answers, used by both functions/src/challenges and src/features/challenges/api. The create
 * request's schema lives in generate-request-schema.ts (its unit tests and the form's checks share it).
 */

/** POST /api/generate (201). */
export type GenerateRequest = z.input<typeof generateRequestSchema>;
export interface GenerateResponse {
  challengeId: string;
  /** The zone the member's windows are kept in (the server's, never the request's). */
  timezone: string;
}

/** POST /api/challenges/:challengeId/regenerate {}: the days whose targets could not be met. */
export interface RegenerateResponse {
  challengeId: string;
  /** How many meals got another dish. */
  replanned: number;
  shortfalls: Array<{ day: string; shortfalls: DayShortfall[] }>;
}

/** POST /api/challenges/:challengeId/days/:day/meals/:slot/swap {} */
export interface SwapResponse {
  challengeId: string;
  day: number;
  slot: MealSlot;
  name: string;
  calories: number;
  shortfalls: DayShortfall[];
}

/** A member's totals as the server just wrote them (users/{uid}/info). */
export type MemberTotals = {
  score: number;
  weekly: Score['weekly'];
  monthly: Score['monthly'];
} & ChallengeCounts &
  MemberStreakFields;

/** DELETE /api/challenges/:challengeId: the owner's score recomputed without it. */
export interface DeleteChallengeResponse {
  challengeId: string;
  deleted: true;
  score: number;
}

/** POST /api/me/recompute {challengeId?}: a repair tool; `challengeId` is a hint, never trusted. */
export interface RecomputeRequest {
  challengeId?: string;
}
export type RecomputeResponse = MemberTotals;
