import { z } from '@domain/zod';
import { DATABASE_KEY } from '@domain/data/database-paths';

/**
 * The member's own routes' contract (docs/architecture.md, "The API"), used by both
 * functions/src/members and src/features/profile/api. The weight bodies are validated by
 * weight-log.ts, which the profile's form shares.
 */

/** POST /api/me/identity {after?}: one batch of the member's copies; `after` is the last call's `next`. */
export const identityRequestSchema = z.object({
  after: z.string().regex(DATABASE_KEY, 'Not a feed entry id').optional(),
});
export type IdentityRequest = z.input<typeof identityRequestSchema>;
export interface IdentityResponse {
  displayName: string;
  photoURL: string;
  feedEntries: number;
  leaderboardRows: number;
  challenges: number;
  /** Set when the member has more feed entries than one call rewrites: the cursor of the next call. */
  next: string | null;
}

/** POST /api/me/weights {date, kg} (201) and PUT /api/me/weights/:date {kg}: the entry as stored. */
export interface WeightResponse {
  date: string;
  kg: number;
}
