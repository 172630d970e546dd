import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { mealCalendar } from '@domain/challenges/meal-calendar';

/** Downloads the challenge's meal windows as an .ics file, with an alarm as each window opens. */
export function downloadMealCalendar(challengeId: string, challenge: ChallengeRecord): void {
  const file = new Blob([mealCalendar(challengeId, challenge, Date.now())], {
    type: 'text/calendar;charset=utf-8',
  });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${challenge.title.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'challenge'}.ics`;
  link.click();
  // Revoked after the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
