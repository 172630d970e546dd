/** Key ordering and push ids, as the Firebase SDKs and servers define them. */

export const MIN_NAME = '[MIN_NAME]';
export const MAX_NAME = '[MAX_NAME]';

const INTEGER_REGEXP = /^-?(0*)\d{1,10}$/;

function tryParseInt(str: string): number | null {
  if (INTEGER_REGEXP.test(str)) {
    const n = Number(str);
    if (n >= -2147483648 && n <= 2147483647) return n;
  }
  return null;
}

/** nameCompare: 32-bit integer keys first (numerically), then strings; MIN/MAX_NAME sentinels. */
export function keyCompare(a: string, b: string): number {
  if (a === b) return 0;
  if (a === MIN_NAME || b === MAX_NAME) return -1;
  if (b === MIN_NAME || a === MAX_NAME) return 1;
  const ai = tryParseInt(a);
  const bi = tryParseInt(b);
  if (ai !== null) {
    if (bi !== null) return ai - bi === 0 ? a.length - b.length : ai - bi;
    return -1;
  }
  if (bi !== null) return 1;
  return a < b ? -1 : 1;
}

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
