import { z } from '@domain/zod';
import { challengeTitleField } from '@domain/form-fields';
import { addDays, calendarDateInZone } from '@domain/calendar-dates';
import { isChallengeActive } from '@domain/challenges/challenge-activity';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import {
  ACTIVE_CHALLENGE_LIMIT_MESSAGE,
  CHALLENGE_DAYS,
  INCOMPLETE_PROFILE_MESSAGE,
  MAX_ACTIVE_CHALLENGES,
  PREFERENCES,
  TARGET_BODIES,
} from '@domain/constants';
import type { GenerateRequest, GenerateResponse } from '@domain/api/challenges';
import { GROUP_ACCESS } from '@domain/challenges/group-records';
import {
  resolveMemberTimeZone,
  storedMemberTimeZone,
  type MemberTimeZone,
} from '@domain/members/member-time-zone';
import { completeProfileSchema } from '@domain/members/profile-schema';
import { ApiError, callApi } from '@/services/api-client';
import type { SessionUser } from '@/services/auth';
import { readChildren, readValue } from '@/services/database';
import { dbPaths } from '@domain/data/database-paths';
import { deviceTimeZone } from '@/lib/device-time-zone';

export const START_OPTIONS = ['today', 'tomorrow'] as const;

export const createChallengeInputSchema = z.object({
  title: challengeTitleField(),
  day: z
    .number({ error: 'Choose the number of days' })
    .int()
    .min(CHALLENGE_DAYS.min, 'Choose the number of days')
    .max(CHALLENGE_DAYS.max, 'Choose the number of days'),
  preference: z.enum(PREFERENCES, { error: 'Choose a preference' }),
  targetBody: z.enum(TARGET_BODIES, { error: 'Choose a target body' }),
  start: z.enum(START_OPTIONS, { error: 'Choose when to start' }),
  /** "Who can join" (docs/product.md, "Group challenges"): only the owner unless they open it. */
  access: z.enum(GROUP_ACCESS).default('solo'),
});

export type CreateChallengeInput = z.input<typeof createChallengeInputSchema>;

/** Why a member may not create a challenge; the message is the product's toast text. */
export class CreateChallengeRefused extends Error {
  constructor(readonly reason: 'incomplete-profile' | 'active-limit') {
    super(
      reason === 'incomplete-profile' ? INCOMPLETE_PROFILE_MESSAGE : ACTIVE_CHALLENGE_LIMIT_MESSAGE,
    );
    this.name = 'CreateChallengeRefused';
  }
}

interface CountedInfo {
  activeChallenges?: number;
}

/**
 * The server counter is only refreshed by API calls, so a challenge that has
 * since ended may still be counted: when the counter says "full", recount from
 * the member's challenges still flagged active, with the domain's definition.
 */
async function activeChallengeCount(uid: string, now: number): Promise<number> {
  const info = await readValue<CountedInfo>(dbPaths.userInfo(uid));
  if ((info?.activeChallenges ?? 0) < MAX_ACTIVE_CHALLENGES) return info?.activeChallenges ?? 0;
  const flagged = await readChildren<ChallengeRecord>(dbPaths.userChallenges(uid), {
    orderBy: 'isActive',
    equalTo: true,
  });
  return flagged.filter(({ value }) => isChallengeActive(value, now)).length;
}

/** The profile fields planning needs (docs/product.md#validation); joining a group checks them too. */
export async function hasCompleteProfile(uid: string): Promise<boolean> {
  const [info, body] = await Promise.all([
    readValue<Record<string, unknown>>(dbPaths.userInfo(uid)),
    readValue<Record<string, unknown>>(dbPaths.userPrivate(uid)),
  ]);
  return completeProfileSchema.safeParse({ ...info, ...body }).success;
}

/** The checks of docs/product.md#validation, done before the form opens; the API repeats both. */
export async function assertCanCreateChallenge(uid: string, now = Date.now()): Promise<void> {
  if (!(await hasCompleteProfile(uid))) throw new CreateChallengeRefused('incomplete-profile');
  if ((await activeChallengeCount(uid, now)) >= MAX_ACTIVE_CHALLENGES)
    throw new CreateChallengeRefused('active-limit');
}

/**
 * The zone the server will give a new challenge's windows: the one it keeps for the member, or the
 * device's when there is none yet or a move is allowed (src/domain/members/member-time-zone.ts).
 */
export async function challengeTimeZone(uid: string, now = Date.now()): Promise<MemberTimeZone> {
  const stored = storedMemberTimeZone(await readValue(dbPaths.userPrivate(uid)));
  return resolveMemberTimeZone(stored, deviceTimeZone(), now);
}

/** `timezone` is the device's (a request to move); "today" is counted in the zone the server uses. */
export function buildGenerateRequest(
  user: Pick<SessionUser, 'uid' | 'displayName' | 'photoURL'>,
  input: CreateChallengeInput,
  now = Date.now(),
  timezone = deviceTimeZone(),
  windowsTimeZone = timezone,
): GenerateRequest {
  const today = calendarDateInZone(now, windowsTimeZone);
  return {
    title: input.title,
    day: input.day,
    user_id: user.uid,
    preference: input.preference,
    displayName: user.displayName ?? '',
    photoURL: user.photoURL ?? '',
    targetBody: input.targetBody,
    timezone,
    startDate: input.start === 'tomorrow' ? addDays(today, 1) : today,
    // A solo challenge's request stays as it always was.
    ...(input.access && input.access !== 'solo' && { access: input.access }),
  };
}

/** POST /api/generate; the server's refusals become the same errors as the client's checks. */
export async function createChallenge(
  user: Pick<SessionUser, 'uid' | 'displayName' | 'photoURL'>,
  input: CreateChallengeInput,
): Promise<GenerateResponse> {
  try {
    const now = Date.now();
    const { timeZone } = await challengeTimeZone(user.uid, now);
    return await callApi<GenerateResponse>(
      '/api/generate',
      buildGenerateRequest(user, input, now, deviceTimeZone(), timeZone),
    );
  } catch (error) {
    if (error instanceof ApiError && error.code === 'active-limit')
      throw new CreateChallengeRefused('active-limit');
    if (error instanceof ApiError && error.code === 'profile-incomplete')
      throw new CreateChallengeRefused('incomplete-profile');
    throw error;
  }
}
