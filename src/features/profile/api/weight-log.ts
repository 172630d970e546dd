import { useMemo } from 'react';
import type { ChallengeRecord, FeedEntry } from '@domain/challenges/challenge-record';
import { dbPaths } from '@domain/data/database-paths';
import type { WeightEntry } from '@domain/members/weight-log';
import type { Loadable } from '@/hooks/use-loadable';
import { useRead } from '@/hooks/use-loadable';
import { valueRead } from '@domain/data/read-descriptor';
import type { WeightResponse } from '@domain/api/members';
import { callApi } from '@/services/api-client';
import { useMemberFeedEntries } from './member-feed-entries';

export type LatestChallenge = Pick<ChallengeRecord, 'targetBody'> &
  Partial<Pick<ChallengeRecord, 'startDate'>>;

/** The owner's weight log, live (only the owner and admins may read it). */
export function useWeightLog(uid: string) {
  return useRead(valueRead<Record<string, WeightEntry>>(dbPaths.weightLog(uid)));
}

/**
 * The member's latest challenge on the feed: its body goal sets the chart's direction, its start a
 * baseline. Read from summaries (the feed's entries, then the one start date), not the whole
 * challenge with its plan (docs/performance.md, "The profile with 12 weeks of data and 60 weights").
 * `null` once read when the member has none.
 */
export function useLatestChallenge(uid: string): Loadable<LatestChallenge | null> {
  const entries = useMemberFeedEntries<Pick<FeedEntry, 'targetBody' | 'createdAt'>>(uid);
  const latest = entries.value?.reduce<(typeof entries.value)[number] | undefined>(
    (found, row) => (!found || row.value.createdAt > found.value.createdAt ? row : found),
    undefined,
  );
  const startDate = useRead(
    latest ? valueRead<string>(`${dbPaths.challenge(uid, latest.key)}/startDate`) : null,
  );
  const targetBody = latest?.value.targetBody;
  const start = startDate.status === 'ready' ? (startDate.value ?? undefined) : undefined;
  const value = useMemo(
    () => (targetBody ? { targetBody, startDate: start } : null),
    [targetBody, start],
  );
  if (entries.status !== 'ready') return entries;
  if (latest && startDate.status === 'loading') return { status: 'loading' };
  return { status: 'ready', value };
}

export const logWeight = (date: string, kg: number) =>
  callApi<WeightResponse>('/api/me/weights', { date, kg });

export const editWeight = (date: string, kg: number) =>
  callApi<WeightResponse>(`/api/me/weights/${date}`, { kg }, 'PUT');

export const deleteWeight = (date: string) =>
  callApi<Record<string, never>>(`/api/me/weights/${date}`, undefined, 'DELETE');
