import { useId } from 'react';
import type { ReminderSettingsView } from '@domain/api/reminders';
import { useSignedInUser } from '@/lib/session';
import { useReminders, type RemindersState } from '../hooks/use-reminders';
import { PushUnavailable } from './push-unavailable';
import { ReminderDevices } from './reminder-devices';
import { ReminderSwitch } from './reminder-switch';
import { QuietHours } from './quiet-hours';
import { REMINDERS_HEADING, REMINDERS_SWITCH } from './reminders-copy';

/**
 * "Meal reminders" on the member's own profile (docs/product.md, "Meal reminders"): the switch that asks the
 * browser's permission on its tap, then the member's choices, the test push and their devices.
 */
export function RemindersSection() {
  const user = useSignedInUser();
  const state = useReminders(user.uid);
  const headingId = useId();
  return (
    <section className="card shadow-sm mt-4" aria-labelledby={headingId}>
      <div className="card-body p-4">
        <h2 id={headingId} className="h5">
          {REMINDERS_HEADING}
        </h2>
        <RemindersBody state={state} />
      </div>
    </section>
  );
}

function RemindersBody({ state }: { state: RemindersState }) {
  const { load } = state;
  if (load.status === 'loading')
    return (
      <p role="status" className="d-flex align-items-center gap-2 mb-0">
        <span className="spinner-border spinner-border-sm" aria-hidden="true" /> Loading your
        reminders…
      </p>
    );
  if (load.status === 'error')
    return (
      <div role="alert" className="alert alert-danger mb-0">
        <p className="mb-2">Your reminders could not be loaded. {load.message}</p>
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={state.reload}>
          Try again
        </button>
      </div>
    );
  return <RemindersControls state={state} />;
}

function RemindersControls({ state }: { state: RemindersState }) {
  const { reminders } = state.load as Extract<RemindersState['load'], { status: 'ready' }>;
  const { settings } = reminders;
  // Reminders are on for this device only once this browser holds a subscription the server knows.
  const onHere = settings.enabled && state.thisDevice !== null;
  const change = (next: Partial<ReminderSettingsView>) =>
    void state.saveSettings({ ...settings, ...next });
  const busy = state.work !== null;

  return (
    <>
      <p className="text-body-secondary">
        A notification when each meal&apos;s window opens, naming the dish, so no meal is missed.
      </p>
      {reminders.paused && settings.enabled && (
        <div role="status" className="alert alert-warning">
          <p className="mb-2">
            Reminders are paused: 6 came in a row with no meal proved, so we stopped sending them.
          </p>
          <button
            type="button"
            className="btn btn-warning btn-sm"
            disabled={busy}
            onClick={() => void state.resume()}
          >
            Resume reminders
          </button>
        </div>
      )}
      {state.availability !== 'available' && <PushUnavailable reason={state.availability} />}
      <ReminderSwitch
        label={REMINDERS_SWITCH}
        checked={onHere}
        disabled={busy || state.availability !== 'available'}
        onChange={(on) => void (on ? state.turnOn() : change({ enabled: false }))}
      />
      {state.work === 'turning-on' && (
        <p role="status" className="small text-body-secondary">
          Turning reminders on…
        </p>
      )}
      {onHere && (
        <>
          <fieldset className="mt-3" disabled={busy}>
            <legend className="h6">Which reminders</legend>
            <ReminderSwitch
              label="Breakfast"
              checked={settings.breakfast}
              onChange={(breakfast) => change({ breakfast })}
            />
            <ReminderSwitch
              label="Lunch"
              checked={settings.lunch}
              onChange={(lunch) => change({ lunch })}
            />
            <ReminderSwitch
              label="Dinner"
              checked={settings.dinner}
              onChange={(dinner) => change({ dinner })}
            />
            <ReminderSwitch
              label="Last call"
              hint="30 minutes before a window closes, only if that meal is not proved yet."
              checked={settings.lastCall}
              onChange={(lastCall) => change({ lastCall })}
            />
            <ReminderSwitch
              label="Cheers and nudges"
              hint="When someone in your group cheers or nudges you."
              checked={settings.cheersAndNudges}
              onChange={(cheersAndNudges) => change({ cheersAndNudges })}
            />
            <QuietHours
              quietHours={settings.quietHours}
              onChange={(quietHours) => change({ quietHours })}
            />
          </fieldset>
          <button
            type="button"
            className="btn btn-outline-success mt-3"
            disabled={busy}
            onClick={() => void state.sendTest()}
          >
            Send a test reminder
          </button>
        </>
      )}
      <p role="status" aria-live="polite" className="small mt-2 mb-0">
        {state.notice?.kind === 'success' && (
          <span className="text-success-emphasis">{state.notice.text}</span>
        )}
      </p>
      {state.notice?.kind === 'error' && (
        <div role="alert" className="alert alert-danger mt-2 mb-0">
          {state.notice.text}
        </div>
      )}
      <ReminderDevices
        devices={reminders.devices}
        thisDevice={state.thisDevice}
        disabled={busy}
        onRemove={(deviceId) => void state.remove(deviceId)}
      />
    </>
  );
}
