/**
 * What a read is, as a plain object a feature's api/ builds (docs/architecture.md, "The read path"): the data
 * client (src/services/database-reads.ts, database.ts) starts, dedupes and hands over reads by the one identity
 * computed here, so the entry's early read and the hook watching the same descriptor cannot drift apart.
 */
import type { ChildQuery, Row } from './child-query';

/**
 * One query, as a plain object. `who`: `public` data is read without a token (and without waiting for the
 * session); `member` reads send the saved member's token. `priority`: a `secondary` read starts once the page's
 * main content is on screen (src/lib/main-content.ts). `fields`: a value read child by child (the rules refuse
 * the whole record, e.g. a challenge's summary), answered once every field has. `T` is what the read answers.
 */
export interface Read<T> {
  path: string;
  query?: ChildQuery;
  fields?: readonly string[];
  who: 'public' | 'member';
  priority: 'main' | 'secondary';
  /**
   * A public read whose last answer the device keeps, drawn at once on the next visit while the live read runs
   * (src/services/database.ts, keptAnswer). It checks a copy read back (storage may hold anything: an old build,
   * a user) and returns null to refuse it. Member reads are never kept: a copy outlives every session.
   */
  keep?: (raw: unknown) => T | null;
  /** Never set: carries the answer's type. */
  readonly answer?: T;
}

export interface ReadOptions {
  who?: Read<unknown>['who'];
  priority?: Read<unknown>['priority'];
}

/** The value at `path` (null when absent). Defaults: a member read, main priority. */
export function valueRead<T>(path: string, options: ReadOptions = {}): Read<T | null> {
  return { path, who: options.who ?? 'member', priority: options.priority ?? 'main' };
}

/** The children of `path` matching `query`, in query order, with their keys. */
export function childrenRead<T>(
  path: string,
  query: ChildQuery,
  options: ReadOptions = {},
): Read<Array<Row<T>>> {
  return { ...valueRead<never>(path, options), query } as Read<Array<Row<T>>>;
}

/** A record read field by field; null when its first field is absent (no such record). */
export function fieldsRead<T>(
  path: string,
  fields: readonly string[],
  options: ReadOptions = {},
): Read<T | null> {
  return { ...valueRead<T>(path, options), fields };
}

/** The read's identity: what dedupes it and what an early read and a watcher meet on (nothing else does). */
export function readIdentity(read: Read<unknown>): string {
  const { who, path, query, fields } = read;
  return JSON.stringify([who, path, query ?? null, fields ?? null]);
}

/** The single reads a `fields` read is made of (each field's value), or the read itself. */
export function readParts(read: Read<unknown>): Array<Read<unknown>> {
  if (!read.fields) return [read];
  return read.fields.map((field) => valueRead(`${read.path}/${field}`, read));
}

/** Builds a `fields` read's answer from its parts' answers, in `read.fields` order. */
export function assembleFields<T>(read: Read<T>, values: unknown[]): T {
  const record = Object.fromEntries((read.fields ?? []).map((field, i) => [field, values[i]]));
  return (values[0] === null ? null : record) as T;
}

/** Queries the REST API answers like the SDK: no cursors (those carry a key, which REST cannot). */
export function restCanAnswer(read: Read<unknown>): boolean {
  return read.query?.startAt === undefined && read.query?.endBefore === undefined;
}
