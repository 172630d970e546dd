import type { ChallengeRecord } from '@/domain/challenge-record';
import { dbPaths } from '@/domain/database-paths';
import type { WeightEntry } from '@/domain/weight-log';
import { useDatabaseChildren, useDatabaseValue } from '@/hooks/use-database';
import { callApi } from '@/services/api-client';

export type LatestChallenge = Pick<ChallengeRecord, 'targetBody' | 'startDate'>;

/** The owner's weight log, live (only the owner and admins may read it). */
export function useWeightLog(uid: string) {
  return useDatabaseValue<Record<string, WeightEntry>>(dbPaths.weightLog(uid));
}

/** The member's latest challenge: its body goal sets the chart's direction, its start a baseline. */
export function useLatestChallenge(uid: string) {
  return useDatabaseChildren<LatestChallenge>(dbPaths.userChallenges(uid), {
    orderBy: 'createdAt',
    limitToLast: 1,
  });
}

export const logWeight = (date: string, kg: number) =>
  callApi<{ date: string; kg: number }>('/api/me/weights', { date, kg });

export const editWeight = (date: string, kg: number) =>
  callApi<{ date: string; kg: number }>(`/api/me/weights/${date}`, { kg }, 'PUT');

export const deleteWeight = (date: string) =>
  callApi<Record<string, never>>(`/api/me/weights/${date}`, undefined, 'DELETE');
