/**
 * A device's name in the member's list ("Chrome on Android"), made by the server from the request's
 * User-Agent when the device subscribes: never taken from the body, so it is always one of a few
 * known words and needs no moderation.
 */

/** Checked in order: the first match names the browser (Edge's and Opera's agents also say Chrome). */
const BROWSERS: Array<[RegExp, string]> = [
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** What a device is called when its agent names nothing known. */
export const UNKNOWN_DEVICE_LABEL = 'A browser';

const firstMatch = (table: Array<[RegExp, string]>, agent: string) =>
  table.find(([pattern]) => pattern.test(agent))?.[1];

/** "Chrome on Android", "Safari on iPhone", "Firefox", or "A browser". */
export function deviceLabel(userAgent: string | undefined): string {
  const agent = (userAgent ?? '').slice(0, 512);
  const browser = firstMatch(BROWSERS, agent);
  const system = firstMatch(SYSTEMS, agent);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE_LABEL;
}
