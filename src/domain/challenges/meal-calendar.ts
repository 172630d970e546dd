import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { MEAL_SLOTS, MEAL_WINDOW_LABELS } from '@domain/constants';
import { dayKey } from '@domain/challenges/meal-schedule';

/** RFC 5545 text: backslash, semicolon, comma and newlines escaped. */
function text(value: string): string {
  return value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r?\n/g, '\\n');
}

/** RFC 5545 UTC date-time, e.g. 20261123T023000Z. */
function utc(epochMs: number): string {
  return new Date(epochMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const encoder = new TextEncoder();

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 §3.1). */
function folded(line: string): string {
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length ? 74 : 75;
    if (encoder.encode(current + char).length > limit) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * An iCalendar file with one event per meal window of a challenge and an alarm when the window opens,
 * so any phone's calendar reminds the member without a push service. Times are absolute (UTC), so they
 * show at the window's local time in the member's zone; X-WR-TIMEZONE names that zone for calendar apps.
 */
export function mealCalendar(
  challengeId: string,
  challenge: Pick<ChallengeRecord, 'title' | 'day' | 'meals' | 'timezone'>,
  now: number,
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ChallangeX//Meal windows//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(challenge.title)}`,
    `X-WR-TIMEZONE:${challenge.timezone}`,
  ];
  for (let dayNumber = 1; dayNumber <= challenge.day; dayNumber++) {
    for (const slot of MEAL_SLOTS) {
      const meal = challenge.meals?.[dayKey(dayNumber)]?.[slot];
      if (!meal) continue;
      const title = `${slot[0].toUpperCase()}${slot.slice(1)}: ${meal.name}`;
      lines.push(
        'BEGIN:VEVENT',
        `UID:${challengeId}-${dayKey(dayNumber)}-${slot}@challangex`,
        `DTSTAMP:${utc(now)}`,
        `DTSTART:${utc(meal.opensAt)}`,
        `DTEND:${utc(meal.closesAt)}`,
        `SUMMARY:${text(`${title} (Day ${dayNumber})`)}`,
        `DESCRIPTION:${text(`${challenge.title}: eat and upload your photo between ${MEAL_WINDOW_LABELS[slot]}. ${meal.details}`)}`,
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        `DESCRIPTION:${text(`${title}: the window is open`)}`,
        'TRIGGER;RELATED=START:PT0M',
        'END:VALARM',
        'END:VEVENT',
      );
    }
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(folded).join('\r\n')}\r\n`;
}
