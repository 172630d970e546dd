import { describe, expect, it } from 'vitest';
import {
  TIME_ZONE_CHANGE_INTERVAL_MS,
  resolveMemberTimeZone,
  storedMemberTimeZone,
} from '@domain/members/member-time-zone';

const SET_AT = Date.parse('2025-06-10T12:00:00Z');
const kolkata = { timeZone: 'Asia/Kolkata', setAt: SET_AT };

describe('resolveMemberTimeZone', () => {
  it('takes the requested zone when none is kept yet', () => {
    expect(resolveMemberTimeZone(undefined, 'Europe/London', SET_AT)).toEqual({
      timeZone: 'Europe/London',
      setAt: SET_AT,
    });
  });

  it('keeps the stored zone until the interval has passed, then moves', () => {
    const justBefore = SET_AT + TIME_ZONE_CHANGE_INTERVAL_MS - 1;
    expect(resolveMemberTimeZone(kolkata, 'Europe/London', justBefore)).toBe(kolkata);
    const after = SET_AT + TIME_ZONE_CHANGE_INTERVAL_MS;
    expect(resolveMemberTimeZone(kolkata, 'Europe/London', after)).toEqual({
      timeZone: 'Europe/London',
      setAt: after,
    });
  });

  it('does not restart the interval when the same zone is asked for', () => {
    expect(resolveMemberTimeZone(kolkata, 'Asia/Kolkata', SET_AT + 40 * 86_400_000)).toBe(kolkata);
  });
});

describe('storedMemberTimeZone', () => {
  it('reads a well-formed record and ignores a broken one', () => {
    expect(storedMemberTimeZone({ timeZone: 'Asia/Kolkata', timeZoneSetAt: SET_AT })).toEqual(
      kolkata,
    );
    expect(
      storedMemberTimeZone({ timeZone: 'Nowhere/City', timeZoneSetAt: SET_AT }),
    ).toBeUndefined();
    expect(storedMemberTimeZone({ timeZone: 'Asia/Kolkata', timeZoneSetAt: '1' })).toBeUndefined();
    expect(storedMemberTimeZone(null)).toBeUndefined();
  });
});
