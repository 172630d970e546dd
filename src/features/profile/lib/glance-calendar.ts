import { addDays, type CalendarDate } from '@domain/calendar-dates';
import { GLANCE_DAYS, GLANCE_MAX_MEALS_A_DAY } from '@domain/members/member-glance';
import { longDateText } from './streak-text';

export interface GlanceCell {
  date: CalendarDate;
  /** Meals proved that day (0–3), or null on a day that belonged to no challenge. */
  proved: number | null;
  label: string;
}

/** Monday = 0 … Sunday = 6: the rows of the calendar. */
export function weekdayIndex(date: CalendarDate): number {
  return (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
}

function cellLabel(date: CalendarDate, proved: number | null): string {
  const what =
    proved === null ? 'no challenge' : `${proved} ${proved === 1 ? 'meal' : 'meals'} proved`;
  return `${longDateText(date)}: ${what}`;
}

/**
 * The last GLANCE_DAYS days up to `today`, oldest first, each with the meals proved that day
 * (null when no challenge covered it); `offset` is how many blank cells the first week starts with.
 */
export function glanceCells(
  days: Record<string, number> | undefined,
  today: CalendarDate,
): { offset: number; cells: GlanceCell[] } {
  const first = addDays(today, 1 - GLANCE_DAYS);
  const cells: GlanceCell[] = [];
  for (let index = 0; index < GLANCE_DAYS; index++) {
    const date = addDays(first, index);
    const stored = days?.[date];
    const proved =
      typeof stored === 'number' && Number.isFinite(stored)
        ? Math.max(0, Math.min(GLANCE_MAX_MEALS_A_DAY, Math.round(stored)))
        : null;
    cells.push({ date, proved, label: cellLabel(date, proved) });
  }
  return { offset: weekdayIndex(first), cells };
}

/** "12 of 15 meals proved (80%)": overall adherence, or null before any meal was planned. */
export function adherenceText(proved: number, planned: number): string | null {
  if (!(planned > 0)) return null;
  const share = Math.round((Math.min(proved, planned) / planned) * 100);
  return `${proved} of ${planned} meals proved (${share}%)`;
}
