/**
 * The weight log as a trend: points, 7-day average, changes. Apart from the log's checks (weight-log.ts, zod), so
 * the profile draws the log without evaluating zod (docs/performance.md, "The profile with 12 weeks of data and
 * 60 weights").
 */
import { addDays, isCalendarDate, type CalendarDate } from '@domain/calendar-dates';
import type { TargetBody } from '@domain/constants';
import type { WeightEntry } from '@domain/members/weight-log';

export interface WeightPoint {
  date: CalendarDate;
  kg: number;
  /** Mean of the entries in the 7 days ending on this date (this one included). */
  average: number;
}

export interface WeightTrend {
  points: WeightPoint[];
  /** Latest minus first entry, kg (0 with fewer than two entries). */
  changeSinceFirst: number;
  /** Latest entry minus the last one on or before `since` (or the first after it), when asked. */
  changeSince?: number;
  /** Where the body goal wants the weight to go. */
  direction: 'up' | 'down' | 'steady';
}

const GOAL_DIRECTION: Record<TargetBody, WeightTrend['direction']> = {
  Bulk: 'up',
  'Lean Bulk': 'up',
  Maintain: 'steady',
  Lean: 'down',
  Cutting: 'down',
};

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The log in date order with its 7-day moving average and the change since its start (and `since`). */
export function weightTrend(
  log: Record<CalendarDate, Pick<WeightEntry, 'kg'>> | null | undefined,
  goal: TargetBody,
  since?: CalendarDate,
): WeightTrend {
  const entries = Object.entries(log ?? {})
    .filter(([date, entry]) => isCalendarDate(date) && typeof entry?.kg === 'number')
    .map(([date, entry]) => ({ date, kg: entry.kg }))
    .sort((left, right) => (left.date < right.date ? -1 : 1)); // ISO dates; no Intl (ICU set-up)
  const points = entries.map(({ date, kg }) => {
    const windowStart = addDays(date, -6);
    const week = entries.filter((entry) => entry.date >= windowStart && entry.date <= date);
    return { date, kg, average: round1(week.reduce((sum, e) => sum + e.kg, 0) / week.length) };
  });
  const latest = entries.at(-1);
  const trend: WeightTrend = {
    points,
    changeSinceFirst: latest ? round1(latest.kg - entries[0].kg) : 0,
    direction: GOAL_DIRECTION[goal],
  };
  if (since && latest) {
    const base = entries.filter((entry) => entry.date <= since).at(-1) ?? entries[0];
    trend.changeSince = round1(latest.kg - base.kg);
  }
  return trend;
}
