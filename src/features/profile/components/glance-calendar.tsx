import { memo, useId } from 'react';
import type { CalendarDate } from '@domain/calendar-dates';
import { glanceCells } from '../lib/glance-calendar';

const LEVELS = ['no challenge', '0', '1', '2', '3'] as const;

/**
 * The last 12 weeks as GitHub shades contributions: a column a week (Monday on top), each day
 * shaded by the meals proved; a plain CSS grid, each cell labelled for screen readers. Memoised: its
 * 84 cells are drawn again only when the days or the date change.
 */
export const GlanceCalendar = memo(function GlanceCalendar({
  days,
  today,
}: {
  days: Record<CalendarDate, number> | undefined;
  today: CalendarDate;
}) {
  const titleId = useId();
  const { offset, cells } = glanceCells(days, today);
  const active = cells.filter((cell) => (cell.proved ?? 0) > 0).length;
  return (
    <figure className="mb-0">
      <figcaption id={titleId} className="small text-body-secondary mb-2">
        Meals proved, last 12 weeks: {active} {active === 1 ? 'day' : 'days'} with a meal proved
      </figcaption>
      <div className="glance-calendar" role="group" aria-labelledby={titleId}>
        {Array.from({ length: offset }, (_, index) => (
          <span key={`blank-${index}`} className="glance-cell glance-blank" aria-hidden="true" />
        ))}
        {cells.map((cell) => (
          <span
            key={cell.date}
            role="img"
            aria-label={cell.label}
            title={cell.label}
            className={`glance-cell glance-level-${cell.proved === null ? 'none' : cell.proved}`}
          />
        ))}
      </div>
      <div
        className="d-flex align-items-center gap-1 small text-body-secondary mt-2"
        aria-hidden="true"
      >
        <span>Less</span>
        {LEVELS.map((level) => (
          <span
            key={level}
            className={`glance-cell glance-level-${level === 'no challenge' ? 'none' : level}`}
          />
        ))}
        <span>More</span>
      </div>
    </figure>
  );
});
