import type { PushAvailability } from '@/services/web-push';

const CALENDAR =
  'Until then, the calendar reminder still works: on your challenge, open More, then Add to calendar (an .ics file for your phone’s calendar).';

const EXPLANATIONS: Record<Exclude<PushAvailability, 'available'>, string> = {
  'ios-not-installed':
    'On iPhone and iPad, reminders come only to ChallangeX added to your Home Screen. In Safari, tap Share, then Add to Home Screen; open ChallangeX from there and turn reminders on.',
  denied:
    'Notifications are blocked for ChallangeX in this browser. Allow them in the site settings (the icon beside the address bar), reload this page, then turn reminders on.',
  unsupported:
    'This browser cannot show reminders. Open ChallangeX in a recent Chrome, Edge, Firefox or Safari to get them.',
};

/** Why this device cannot take reminders, what to do about it, and that the .ics reminder stays. */
export function PushUnavailable({ reason }: { reason: Exclude<PushAvailability, 'available'> }) {
  return (
    <div role="note" className="alert alert-info">
      <p className="mb-1">{EXPLANATIONS[reason]}</p>
      <p className="mb-0 small">{CALENDAR}</p>
    </div>
  );
}
