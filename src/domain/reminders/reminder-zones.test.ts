import { describe, expect, it } from 'vitest';
import { REMINDER_MINUTES, zonesAtReminderMinute } from '@domain/reminders/reminder-zones';
import { zoneKey, zoneOfKey } from '@domain/reminders/reminder-records';

const ZONES = ['Asia/Kolkata', 'UTC', 'America/New_York', 'Asia/Kathmandu', 'Not/AZone'];

describe('zonesAtReminderMinute', () => {
  it('lists the reminder minutes: each window opening and its last call', () => {
    expect([...REMINDER_MINUTES].sort((a, b) => a - b)).toEqual([
      8 * 60,
      9 * 60 + 30,
      12 * 60,
      14 * 60 + 30,
      20 * 60,
      22 * 60 + 30,
    ]);
  });

  it('keeps only the zones whose local clock is in a reminder minute', () => {
    // 14:30:20 UTC: dinner opens in Kolkata (20:00), lunch's last call in UTC, 10:30 in New York.
    const now = Date.UTC(2026, 2, 10, 14, 30, 20);
    expect(zonesAtReminderMinute(ZONES, now)).toEqual(['Asia/Kolkata', 'UTC']);
    // 14:15 UTC is 20:00 in Kathmandu (UTC+5:45).
    expect(zonesAtReminderMinute(ZONES, Date.UTC(2026, 2, 10, 14, 15, 59))).toEqual([
      'Asia/Kathmandu',
    ]);
    expect(zonesAtReminderMinute(ZONES, Date.UTC(2026, 2, 10, 14, 31))).toEqual([]);
  });

  it('follows New York across its DST change (breakfast at 13:00 UTC, then 12:00 UTC)', () => {
    expect(zonesAtReminderMinute(['America/New_York'], Date.UTC(2026, 2, 7, 13))).toEqual([
      'America/New_York',
    ]);
    expect(zonesAtReminderMinute(['America/New_York'], Date.UTC(2026, 2, 8, 13))).toEqual([]);
    expect(zonesAtReminderMinute(['America/New_York'], Date.UTC(2026, 2, 8, 12))).toEqual([
      'America/New_York',
    ]);
  });
});

describe('zoneKey', () => {
  it('turns a zone into a database key and back', () => {
    const zone = 'America/Argentina/Buenos_Aires';
    expect(zoneKey(zone)).toBe('America|Argentina|Buenos_Aires');
    expect(zoneOfKey(zoneKey(zone))).toBe(zone);
    expect(zoneKey('Etc/GMT+5')).not.toMatch(/[./#$[\]]/);
  });
});
