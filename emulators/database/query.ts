/**
 * Queries: parsing the wire query object and the REST query parameters, and
 * computing a query's window over a node with the SDKs' ordering semantics
 * (core/view/filter/* and core/snap/indexes/* of @firebase/database).
 */
import { MAX_NAME, MIN_NAME, keyCompare } from './keys';
import { isValidKey } from './paths';
import type { IndexValue, SortedEntry } from './nodes';
import { compareIndexValues, indexers, sortedChildren } from './sorted-index';
import { DataError, type JsonValue, type MaybeNode, type Node } from './nodes';
import { getAt } from './tree';
import type { RulesQuery } from './rules-types';

export type IndexSpec =
  { type: 'priority' } | { type: 'key' } | { type: 'value' } | { type: 'child'; path: string[] };

export interface Bound {
  iv: IndexValue;
  name: string;
  inclusive: boolean;
}

export interface QuerySpec {
  index: IndexSpec;
  indexId: string;
  start?: Bound;
  end?: Bound;
  limit?: number;
  fromLeft: boolean;
  /** what the rules engine sees as `query` */
  rules: RulesQuery;
}

const NULL_IV: IndexValue = { rank: 0, v: null };
const OBJECT_IV: IndexValue = { rank: 4, v: null };

export function nodeIndexValue(node: MaybeNode): IndexValue {
  if (!node) return NULL_IV;
  if (node.kind === 'branch') return OBJECT_IV;
  const v = node.value;
  return { rank: typeof v === 'boolean' ? 1 : typeof v === 'number' ? 2 : 3, v };
}

function jsonIndexValue(v: unknown): IndexValue {
  if (v === null || v === undefined) return NULL_IV;
  if (typeof v === 'boolean') return { rank: 1, v };
  if (typeof v === 'number') return { rank: 2, v };
  if (typeof v === 'string') return { rank: 3, v };
  return OBJECT_IV;
}

indexers.set('key', () => NULL_IV);
indexers.set('value', (child) => nodeIndexValue(child));
indexers.set('priority', (child) => {
  const p = child.priority;
  return p === null ? NULL_IV : typeof p === 'number' ? { rank: 2, v: p } : { rank: 3, v: p };
});

export function indexIdOf(index: IndexSpec): string {
  if (index.type !== 'child') return index.type;
  const id = 'child:' + index.path.join('/');
  if (!indexers.has(id)) {
    const path = index.path;
    indexers.set(id, (child: Node) => nodeIndexValue(getAt(child, path)));
  }
  return id;
}

/** The `.indexOn` spelling of an index (".value", "a/b"); key and priority need none. */
export function indexOnName(index: IndexSpec): string | null {
  if (index.type === 'value') return '.value';
  if (index.type === 'child') return index.path.join('/');
  return null;
}

function parseChildPath(path: string): string[] {
  const segs = path.split('/').filter((s) => s.length > 0);
  if (segs.length === 0 || segs.some((s) => !isValidKey(s))) {
    throw new DataError(`Invalid query index "${path}"`);
  }
  return segs;
}

function makeBound(
  index: IndexSpec,
  value: unknown,
  name: unknown,
  inclusive: boolean,
  isStart: boolean,
): Bound {
  if (index.type === 'key') {
    if (typeof value !== 'string')
      throw new DataError('Query values for orderByKey must be strings');
    return { iv: NULL_IV, name: value, inclusive };
  }
  if (value !== null && typeof value === 'object')
    throw new DataError('Query values must be primitives');
  if (name !== undefined && name !== null && typeof name !== 'string')
    throw new DataError('Invalid query key');
  return {
    iv: jsonIndexValue(value),
    name: typeof name === 'string' ? name : isStart ? MIN_NAME : MAX_NAME,
    inclusive,
  };
}

function rulesQueryOf(
  index: IndexSpec,
  start: { v: unknown; inclusive: boolean } | undefined,
  end: { v: unknown; inclusive: boolean } | undefined,
  limit: number | undefined,
  fromLeft: boolean,
): RulesQuery {
  const q: RulesQuery = {};
  if (index.type === 'key') q.orderByKey = true;
  else if (index.type === 'value') q.orderByValue = true;
  else if (index.type === 'priority') q.orderByPriority = true;
  else q.orderByChild = index.path.join('/');
  const sv = start?.v as JsonValue | undefined;
  const ev = end?.v as JsonValue | undefined;
  if (start && end && start.inclusive && end.inclusive && sv === ev) q.equalTo = sv ?? null;
  else {
    if (start?.inclusive) q.startAt = sv ?? null;
    if (end?.inclusive) q.endAt = ev ?? null;
  }
  if (limit !== undefined) {
    if (fromLeft) q.limitToFirst = limit;
    else q.limitToLast = limit;
  }
  return q;
}

function checkLimit(l: unknown): number {
  if (typeof l !== 'number' || !Number.isInteger(l) || l <= 0)
    throw new DataError('Invalid query limit');
  return l;
}

/** Parses the `q` object of a tagged listen or a get. Returns null for "no query" (`{}`). */
export function parseWireQuery(q: unknown): QuerySpec | null {
  if (q === undefined || q === null) return null;
  if (typeof q !== 'object' || Array.isArray(q)) throw new DataError('Invalid query');
  const o = q as Record<string, unknown>;
  let index: IndexSpec;
  const i = o.i;
  if (i === undefined || i === '.priority') index = { type: 'priority' };
  else if (i === '.key') index = { type: 'key' };
  else if (i === '.value') index = { type: 'value' };
  else if (typeof i === 'string') index = { type: 'child', path: parseChildPath(i) };
  else throw new DataError('Invalid query index');
  const hasStart = 'sp' in o;
  const hasEnd = 'ep' in o;
  const start = hasStart ? makeBound(index, o.sp, o.sn, o.sin !== false, true) : undefined;
  const end = hasEnd ? makeBound(index, o.ep, o.en, o.ein !== false, false) : undefined;
  const limit = 'l' in o ? checkLimit(o.l) : undefined;
  const fromLeft = o.vf === 'l' ? true : o.vf === 'r' ? false : hasStart;
  return {
    index,
    indexId: indexIdOf(index),
    start,
    end,
    limit,
    fromLeft,
    rules: rulesQueryOf(
      index,
      hasStart ? { v: o.sp, inclusive: o.sin !== false } : undefined,
      hasEnd ? { v: o.ep, inclusive: o.ein !== false } : undefined,
      limit,
      fromLeft,
    ),
  };
}

/** True when the query has no range or limit (it loads all the data). */
export function loadsAllData(q: QuerySpec): boolean {
  return !q.start && !q.end && q.limit === undefined;
}

// ---------------------------------------------------------------- REST parameters

function parseJsonParam(name: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new DataError(`${name} must be a valid JSON value`);
  }
}

/** `5,"key"` → [5, "key"]; `"a"` → ["a", undefined] */
function parseValueAndKey(name: string, raw: string): [unknown, string | undefined] {
  try {
    return [JSON.parse(raw), undefined];
  } catch {
    // look for a split point "value,key"
    for (let i = raw.indexOf(','); i >= 0; i = raw.indexOf(',', i + 1)) {
      try {
        const v = JSON.parse(raw.slice(0, i));
        const k = JSON.parse(raw.slice(i + 1));
        if (typeof k !== 'string') continue;
        return [v, k];
      } catch {
        /* keep looking */
      }
    }
    throw new DataError(`${name} must be a valid JSON value`);
  }
}

const REST_QUERY_PARAMS = [
  'startAt',
  'startAfter',
  'endAt',
  'endBefore',
  'equalTo',
  'limitToFirst',
  'limitToLast',
];

/**
 * Parses REST query parameters (orderBy="$key"|"$value"|"$priority"|"child/path",
 * startAt/startAfter/endAt/endBefore/equalTo (optionally `value,"key"`), limitToFirst/limitToLast).
 * Returns null when there is no orderBy and no other query parameter.
 */
export function parseRestQuery(params: URLSearchParams): QuerySpec | null {
  const orderByRaw = params.get('orderBy');
  const others = REST_QUERY_PARAMS.filter((p) => params.has(p));
  if (orderByRaw === null) {
    if (others.length > 0)
      throw new DataError('orderBy must be defined when other query parameters are defined');
    return null;
  }
  const orderBy = parseJsonParam('orderBy', orderByRaw);
  if (typeof orderBy !== 'string') throw new DataError('orderBy must be a string');
  let index: IndexSpec;
  if (orderBy === '$key') index = { type: 'key' };
  else if (orderBy === '$value') index = { type: 'value' };
  else if (orderBy === '$priority') index = { type: 'priority' };
  else index = { type: 'child', path: parseChildPath(orderBy) };

  let start: { v: unknown; k?: string; inclusive: boolean } | undefined;
  let end: { v: unknown; k?: string; inclusive: boolean } | undefined;
  const take = (name: string) => {
    const raw = params.get(name);
    if (raw === null) return undefined;
    const [v, k] = parseValueAndKey(name, raw);
    return { v, k };
  };
  const eq = take('equalTo');
  const sa = take('startAt');
  const sf = take('startAfter');
  const ea = take('endAt');
  const eb = take('endBefore');
  if (eq && (sa || sf || ea || eb))
    throw new DataError('equalTo cannot be specified in addition to startAt or endAt');
  if (sa && sf) throw new DataError('startAt and startAfter cannot both be specified');
  if (ea && eb) throw new DataError('endAt and endBefore cannot both be specified');
  if (eq) {
    start = { ...eq, inclusive: true };
    end = { ...eq, inclusive: true };
  }
  if (sa) start = { ...sa, inclusive: true };
  if (sf)
    start = { v: sf.v, k: sf.k ?? (index.type === 'key' ? undefined : MAX_NAME), inclusive: false };
  if (ea) end = { ...ea, inclusive: true };
  if (eb)
    end = { v: eb.v, k: eb.k ?? (index.type === 'key' ? undefined : MIN_NAME), inclusive: false };

  const ltf = params.get('limitToFirst');
  const ltl = params.get('limitToLast');
  if (ltf !== null && ltl !== null)
    throw new DataError('Only one of limitToFirst and limitToLast may be specified');
  let limit: number | undefined;
  let fromLeft = true;
  if (ltf !== null) limit = checkLimit(Number(ltf));
  if (ltl !== null) {
    limit = checkLimit(Number(ltl));
    fromLeft = false;
  }
  return {
    index,
    indexId: indexIdOf(index),
    start: start && makeBound(index, start.v, start.k, start.inclusive, true),
    end: end && makeBound(index, end.v, end.k, end.inclusive, false),
    limit,
    fromLeft,
    rules: rulesQueryOf(index, start, end, limit, fromLeft),
  };
}

// ---------------------------------------------------------------- windows

function cmpBound(b: { iv: IndexValue; name: string }, e: SortedEntry): number {
  return compareIndexValues(b.iv, e.iv) || keyCompare(b.name, e.key);
}

function afterStart(q: QuerySpec, e: SortedEntry): boolean {
  if (!q.start) return true;
  const c = cmpBound(q.start, e);
  return c < 0 || (c === 0 && q.start.inclusive);
}

function beforeEnd(q: QuerySpec, e: SortedEntry): boolean {
  if (!q.end) return true;
  const c = -cmpBound(q.end, e);
  return c < 0 || (c === 0 && q.end.inclusive);
}

/** Whether a child lies within the query's range (ignoring the limit). */
export function inRange(q: QuerySpec, key: string, child: Node): boolean {
  const indexer = indexers.get(q.indexId)!;
  const e = { key, iv: indexer(child, key) };
  return afterStart(q, e) && beforeEnd(q, e);
}

/** The children of `node` the query selects, in index order. */
export function queryWindow(node: MaybeNode, q: QuerySpec): SortedEntry[] {
  if (!node || node.kind !== 'branch') return [];
  const entries = sortedChildren(node, q.indexId);
  let lo = 0;
  let hi = entries.length;
  if (q.start) {
    let a = 0;
    let b = entries.length;
    while (a < b) {
      const m = (a + b) >>> 1;
      if (afterStart(q, entries[m])) b = m;
      else a = m + 1;
    }
    lo = a;
  }
  if (q.end) {
    let a = lo;
    let b = entries.length;
    while (a < b) {
      const m = (a + b) >>> 1;
      if (beforeEnd(q, entries[m])) a = m + 1;
      else b = m;
    }
    hi = a;
  }
  if (hi < lo) hi = lo;
  if (q.limit !== undefined && hi - lo > q.limit) {
    if (q.fromLeft) hi = lo + q.limit;
    else lo = hi - q.limit;
  }
  return entries.slice(lo, hi);
}
