/** Key ordering, as the Firebase SDKs and servers define it. */

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
