/**
 * Whether two JSON values (what the Realtime Database answers) hold the same data, whatever the order of
 * their keys: a live listener repeats the answer the first read over REST already gave
 * (src/hooks/use-loadable.ts), and rendering it again would be a page's worth of work for nothing.
 */
export function sameJsonValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  return aKeys.every(
    (key) => Object.hasOwn(bRecord, key) && sameJsonValue(aRecord[key], bRecord[key]),
  );
}
