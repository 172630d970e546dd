import { useId } from 'react';
import { useSignedInUser } from '@/lib/session';
import { useReminders } from '../hooks/use-reminders';
import { PushUnavailable } from './push-unavailable';
import { REMINDERS_HEADING, REMINDERS_SWITCH } from './reminders-copy';
import { ReminderSwitch } from './reminder-switch';

/**
 * On a challenge the member made or joined, while none of their devices takes reminders: the same switch as
 * the profile's, in a compact card (docs/product.md, "Meal reminders"). Nothing shows while it loads or if it
 * cannot: it is an offer, not part of the challenge.
 */
export function RemindersOptInCard() {
  const user = useSignedInUser();
  const state = useReminders(user.uid);
  const headingId = useId();
  if (state.load.status !== 'ready') return null;
  const { devices } = state.load.reminders;
  const justTurnedOn = state.thisDevice !== null && state.notice?.kind === 'success';
  if (devices.length > 0 && !justTurnedOn) return null;
  if (state.availability === 'unsupported') return null;
  return (
    <section className="card border-success-subtle mb-3" aria-labelledby={headingId}>
      <div className="card-body py-3">
        <h2 id={headingId} className="h6 mb-1">
          {REMINDERS_HEADING}
        </h2>
        {justTurnedOn ? (
          <p role="status" className="mb-0 text-success-emphasis">
            {state.notice?.text} Choose which meals on your profile.
          </p>
        ) : (
          <>
            <p className="small text-body-secondary mb-2">
              Get a notification when each meal&apos;s window opens, naming the dish.
            </p>
            {state.availability !== 'available' && <PushUnavailable reason={state.availability} />}
            <ReminderSwitch
              label={REMINDERS_SWITCH}
              checked={false}
              disabled={state.work !== null || state.availability !== 'available'}
              onChange={(on) => void (on && state.turnOn())}
            />
            {state.work === 'turning-on' && (
              <p role="status" className="small text-body-secondary mb-0">
                Turning reminders on…
              </p>
            )}
            {state.notice?.kind === 'error' && (
              <div role="alert" className="alert alert-danger small mt-2 mb-0">
                {state.notice.text}
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
