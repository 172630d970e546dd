import { describe, expect, it } from 'vitest';
import { addDays, type CalendarDate } from '@domain/calendar-dates';
import { longDateText, weekdayOf } from './streak-text';

describe('longDateText', () => {
  it("reads a date as en-GB's Intl does, across weekdays, months and years", () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    let date: CalendarDate = '2023-12-25';
    for (let step = 0; step < 120; step++, date = addDays(date, 9)) {
      const parts = intl.formatToParts(new Date(`${date}T12:00:00Z`));
      const part = (type: string) => parts.find((entry) => entry.type === type)?.value;
      expect(weekdayOf(date)).toBe(part('weekday'));
      expect(longDateText(date)).toBe(
        `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`,
      );
    }
  });
});
