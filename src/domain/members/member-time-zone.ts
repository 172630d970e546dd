import { isValidTimeZone } from '@domain/calendar-dates';

/**
 * A member's meal windows follow one time zone, fixed by the server in their private record at
 * their first challenge. It may move at most once per this interval: with a new zone per
 * challenge a member could always find an open dinner window somewhere and prove it at once.
 * 30 days lets a member who moves or travels for weeks follow their clock.
 */
export const TIME_ZONE_CHANGE_INTERVAL_MS = 30 * 24 * 60 * 60 * 1000;

export interface MemberTimeZone {
  timeZone: string;
  /** Epoch ms of the last change (or of the first challenge). */
  setAt: number;
}

/** The zone kept in users/{uid}/private (server-written), if it is well formed. */
export function storedMemberTimeZone(
  record: { timeZone?: unknown; timeZoneSetAt?: unknown } | null | undefined,
): MemberTimeZone | undefined {
  const { timeZone, timeZoneSetAt } = record ?? {};
  if (typeof timeZone !== 'string' || !isValidTimeZone(timeZone)) return undefined;
  if (typeof timeZoneSetAt !== 'number' || !Number.isFinite(timeZoneSetAt)) return undefined;
  return { timeZone, setAt: timeZoneSetAt };
}

/** When the member may next move to another zone. */
export function nextTimeZoneChangeAt(stored: MemberTimeZone): number {
  return stored.setAt + TIME_ZONE_CHANGE_INTERVAL_MS;
}

/**
 * The zone a new challenge uses: the stored one, unless there is none yet or the member asks for
 * another one and the interval since the last change has passed.
 */
export function resolveMemberTimeZone(
  stored: MemberTimeZone | undefined,
  requested: string,
  now: number,
): MemberTimeZone {
  if (!stored) return { timeZone: requested, setAt: now };
  if (stored.timeZone !== requested && now >= nextTimeZoneChangeAt(stored))
    return { timeZone: requested, setAt: now };
  return stored;
}
