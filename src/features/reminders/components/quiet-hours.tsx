import { useId } from 'react';
import type { ReminderSettingsView } from '@domain/api/reminders';
import { ReminderSwitch } from './reminder-switch';

type QuietHoursValue = ReminderSettingsView['quietHours'];

/** Overnight by default: no reminder from 22:00 until 07:00. */
const DEFAULT_QUIET_HOURS = { start: '22:00', end: '07:00' };

/** "Quiet hours": no reminder between two times of the member's day (wrapping midnight). */
export function QuietHours({
  quietHours,
  onChange,
}: {
  quietHours: QuietHoursValue;
  onChange: (quietHours: QuietHoursValue) => void;
}) {
  const id = useId();
  return (
    <>
      <ReminderSwitch
        label="Quiet hours"
        hint="No reminder during these hours, in your time zone."
        checked={quietHours !== null}
        onChange={(on) => onChange(on ? DEFAULT_QUIET_HOURS : null)}
      />
      {quietHours && (
        <div className="d-flex flex-wrap gap-3 ms-4 mb-2">
          <div>
            <label className="form-label small mb-1" htmlFor={`${id}-start`}>
              From
            </label>
            <input
              id={`${id}-start`}
              type="time"
              className="form-control form-control-sm"
              value={quietHours.start}
              required
              onChange={(event) =>
                event.target.value && onChange({ ...quietHours, start: event.target.value })
              }
            />
          </div>
          <div>
            <label className="form-label small mb-1" htmlFor={`${id}-end`}>
              Until
            </label>
            <input
              id={`${id}-end`}
              type="time"
              className="form-control form-control-sm"
              value={quietHours.end}
              required
              onChange={(event) =>
                event.target.value && onChange({ ...quietHours, end: event.target.value })
              }
            />
          </div>
        </div>
      )}
    </>
  );
}
