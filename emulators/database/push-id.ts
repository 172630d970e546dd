/**
 * Push ids the server mints for a REST POST. Kept apart from the app's src/domain/data/push-key.ts on
 * purpose: this package emulates the server and depends on nothing of the app (nor the app on it),
 * and the one definition both follow is Firebase's push-id format, which the conformance suites
 * (emulators/tests/conformance/database) hold this emulator to (docs/architecture.md, "Local emulators").
 */

const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
let lastPushTime = 0;
const lastRandChars: number[] = [];

/** A chronologically ordered push id, generated like the SDKs' nextPushId. */
export function nextPushId(now: number = Date.now()): string {
  const duplicateTime = now === lastPushTime;
  lastPushTime = now;
  const timeStampChars = new Array<string>(8);
  for (let i = 7; i >= 0; i--) {
    timeStampChars[i] = PUSH_CHARS.charAt(now % 64);
    now = Math.floor(now / 64);
  }
  let id = timeStampChars.join('');
  if (!duplicateTime) {
    for (let i = 0; i < 12; i++) lastRandChars[i] = Math.floor(Math.random() * 64);
  } else {
    let i = 11;
    for (; i >= 0 && lastRandChars[i] === 63; i--) lastRandChars[i] = 0;
    lastRandChars[i]++;
  }
  for (let i = 0; i < 12; i++) id += PUSH_CHARS.charAt(lastRandChars[i]);
  return id;
}
