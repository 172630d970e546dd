/**
 * How the Realtime Database orders and windows a child query (`orderByChild`
 * plus cursors and limits), written once: the REST reader sorts what the server
 * sends with it, and the in-memory test database answers queries with it.
 */
export type QueryValue = number | string | boolean | null;

export interface ChildQuery {
  orderBy: string;
  limitToLast?: number;
  limitToFirst?: number;
  /** Exclusive upper bound: [value, key] of the last item of the previous page. */
  endBefore?: [value: QueryValue, key?: string];
  startAt?: [value: QueryValue, key?: string];
  equalTo?: QueryValue;
}

export interface Row<T> {
  key: string;
  value: T;
}

/** The Realtime Database's order of values: null (or missing), false, true, numbers, strings, objects. */
function typeRank(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'boolean') return value ? 2 : 1;
  if (typeof value === 'number') return 3;
  if (typeof value === 'string') return 4;
  return 5;
}

export function compareValues(a: unknown, b: unknown): number {
  const rank = typeRank(a) - typeRank(b);
  if (rank !== 0) return rank;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return 0;
}

/** Keys that are 32-bit integers come first, in numeric order; then the rest, as strings. */
export function compareKeys(a: string, b: string): number {
  const asInt = (key: string) => (/^-?\d{1,10}$/.test(key) ? Number(key) : null);
  const [intA, intB] = [asInt(a), asInt(b)];
  if (intA !== null && intB !== null) return intA - intB || a.length - b.length;
  if (intA !== null) return -1;
  if (intB !== null) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The value at `childPath` (e.g. `createdAt` or `info/score`) inside a row's value. */
export function childAt(value: unknown, childPath: string): unknown {
  return childPath
    .split('/')
    .filter(Boolean)
    .reduce<unknown>(
      (node, segment) =>
        node !== null && typeof node === 'object'
          ? (node as Record<string, unknown>)[segment]
          : undefined,
      value,
    );
}

/** Rows in query order: by the ordered child, ties by key. */
export function sortRows<T>(rows: Array<Row<T>>, orderBy: string): Array<Row<T>> {
  return [...rows].sort(
    (a, b) =>
      compareValues(childAt(a.value, orderBy), childAt(b.value, orderBy)) ||
      compareKeys(a.key, b.key),
  );
}

/**
 * Compares a row with a cursor. A cursor without a key sits before every key of
 * its value: startAt(value) includes them all, endBefore(value) excludes them all.
 */
function compareToCursor<T>(row: Row<T>, orderBy: string, [value, key]: [QueryValue, string?]) {
  const byValue = compareValues(childAt(row.value, orderBy), value);
  if (byValue !== 0) return byValue;
  return key === undefined ? 1 : compareKeys(row.key, key);
}

/** The children of a node that `spec` selects, in query order. */
export function applyChildQuery<T>(rows: Array<Row<T>>, spec: ChildQuery): Array<Row<T>> {
  let selected = sortRows(rows, spec.orderBy);
  if (spec.equalTo !== undefined) {
    const equalTo = spec.equalTo;
    selected = selected.filter(
      (row) => compareValues(childAt(row.value, spec.orderBy), equalTo) === 0,
    );
  }
  const { startAt, endBefore } = spec;
  if (startAt)
    selected = selected.filter((row) => compareToCursor(row, spec.orderBy, startAt) >= 0);
  if (endBefore)
    selected = selected.filter((row) => compareToCursor(row, spec.orderBy, endBefore) < 0);
  if (spec.limitToFirst !== undefined) selected = selected.slice(0, spec.limitToFirst);
  if (spec.limitToLast !== undefined)
    selected = selected.slice(Math.max(0, selected.length - spec.limitToLast));
  return selected;
}
