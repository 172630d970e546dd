import {
  CHALLENGE_SUMMARY_FIELDS,
  type ChallengeSummary,
} from '@domain/challenges/challenge-record';
import { watchValue } from '@/services/database';
import { dbPaths } from '@domain/data/database-paths';

/**
 * Watches the summary fields one by one (the rules refuse the whole record to non-owners) and calls
 * back with the assembled summary once every field has answered, then on every change; null when the
 * challenge does not exist.
 */
export function watchChallengeSummary(
  ownerId: string,
  challengeId: string,
  onChange: (summary: ChallengeSummary | null) => void,
  onError: (error: Error) => void,
): () => void {
  const challenge = dbPaths.challenge(ownerId, challengeId);
  const values = new Map<string, unknown>();
  const stops = CHALLENGE_SUMMARY_FIELDS.map((field) =>
    watchValue<unknown>(
      `${challenge}/${field}`,
      (value) => {
        values.set(field, value);
        if (values.size < CHALLENGE_SUMMARY_FIELDS.length) return;
        const summary = Object.fromEntries(values) as unknown as ChallengeSummary;
        onChange(typeof summary.title === 'string' ? summary : null);
      },
      onError,
    ),
  );
  return () => stops.forEach((stop) => stop());
}
