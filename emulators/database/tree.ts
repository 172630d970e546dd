/**
 * The data tree of one namespace: immutable nodes (a write builds a new root and
 * shares every untouched subtree), with per-node memoized serializations, hash
 * and sorted child indexes so that large nodes are not re-serialized or
 * re-sorted on every write.
 *
 * `null` is the empty node (absent data). A Branch always has at least one child.
 */
import { createHash } from 'node:crypto';
import { keyCompare } from './keys';

export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type Priority = number | string | null;

export class Leaf {
  readonly kind = 'leaf' as const;
  /** memoized values */
  _hash?: string;
  _export?: string;
  constructor(
    readonly value: string | number | boolean,
    readonly priority: Priority = null,
  ) {}
}

/** A sorted view of a branch's children under one index (see query.ts). */
export interface SortedEntry {
  key: string;
  /** index value of the child (rank + value) */
  iv: IndexValue;
}
export interface IndexValue {
  /** 0 null, 1 boolean, 2 number, 3 string, 4 object, 5 max */
  rank: number;
  v: boolean | number | string | null;
}

export class Branch {
  readonly kind = 'branch' as const;
  _hash?: string;
  _export?: string;
  _plain?: JsonValue;
  /** index id -> children sorted by (index value, key) */
  _sorted?: Map<string, SortedEntry[]>;
  constructor(
    readonly children: ReadonlyMap<string, Node>,
    readonly priority: Priority = null,
  ) {}
}

export type Node = Leaf | Branch;
export type MaybeNode = Node | null;

export class DataError extends Error {}

// ---------------------------------------------------------------- keys & paths

// eslint-disable-next-line no-control-regex -- keys may not contain ASCII control characters
const INVALID_KEY = /[.#$[\]/\u0000-\u001f\u007f]/;

export function isValidKey(key: string): boolean {
  return key.length > 0 && !INVALID_KEY.test(key) && Buffer.byteLength(key, 'utf8') <= 768;
}

/** Parses a wire/REST path ("/a/b", "a/b/", "/") into segments; throws DataError if invalid. */
export function parsePath(path: unknown): string[] {
  if (typeof path !== 'string') throw new DataError('Invalid path');
  const segs = path.split('/').filter((s) => s.length > 0);
  segs.forEach((s, i) => {
    if (s === '.priority' && i === segs.length - 1) return;
    if (!isValidKey(s)) throw new DataError(`Invalid path "${path}": key "${s}" is not allowed`);
  });
  if (segs.length > 32) throw new DataError(`Invalid path "${path}": too deep`);
  return segs;
}

export function pathString(segs: readonly string[]): string {
  return '/' + segs.join('/');
}

export function isPrefix(prefix: readonly string[], path: readonly string[]): boolean {
  if (prefix.length > path.length) return false;
  for (let i = 0; i < prefix.length; i++) if (prefix[i] !== path[i]) return false;
  return true;
}

// ---------------------------------------------------------------- access

export function getChild(node: MaybeNode, key: string): MaybeNode {
  if (!node) return null;
  if (key === '.priority') return node.priority === null ? null : new Leaf(node.priority);
  if (node.kind === 'leaf') return null;
  return node.children.get(key) ?? null;
}

export function getAt(node: MaybeNode, segs: readonly string[]): MaybeNode {
  let cur = node;
  for (const s of segs) {
    if (!cur) return null;
    cur = getChild(cur, s);
  }
  return cur;
}

export function withPriority(node: MaybeNode, priority: Priority): MaybeNode {
  if (!node) return null;
  if (node.priority === priority) return node;
  if (node.kind === 'leaf') return new Leaf(node.value, priority);
  const b = new Branch(node.children, priority);
  if (node._sorted) b._sorted = node._sorted; // priority of the parent doesn't change child order
  return b;
}

/**
 * Returns `node` with several immediate children replaced (null removes). Keeps the
 * sorted indexes of `node` up to date incrementally when few children change.
 */
export function withChildren(node: MaybeNode, changes: ReadonlyMap<string, MaybeNode>): MaybeNode {
  let priority: Priority = node ? node.priority : null;
  let prioChange = false;
  const oldChildren: ReadonlyMap<string, Node> =
    node && node.kind === 'branch' ? node.children : new Map();
  const children = new Map(oldChildren);
  let changed = false;
  for (const [key, child] of changes) {
    if (key === '.priority') {
      prioChange = true;
      continue;
    }
    const old = children.get(key) ?? null;
    if (old === child) continue;
    changed = true;
    if (child) children.set(key, child);
    else children.delete(key);
  }
  if (prioChange) {
    const p = changes.get('.priority') ?? null;
    priority =
      p === null ? null : p.kind === 'leaf' && typeof p.value !== 'boolean' ? p.value : null;
  }
  if (!changed) {
    if (!node || !prioChange) return node;
    if (node.kind === 'leaf' || children.size > 0) return withPriority(node, priority);
  }
  if (children.size === 0) return null;
  const b = new Branch(children, priority);
  if (node && node.kind === 'branch' && node._sorted && changes.size <= 64) {
    const sorted = new Map<string, SortedEntry[]>();
    for (const [id, entries] of node._sorted) {
      const indexer = indexers.get(id);
      if (!indexer) continue;
      let next = entries;
      for (const [key, child] of changes) {
        if (key === '.priority') continue;
        const old = oldChildren.get(key);
        if (old === (child ?? undefined)) continue;
        if (next === entries) next = entries.slice();
        if (old) removeEntry(next, { key, iv: indexer(old, key) });
        if (child) insertEntry(next, { key, iv: indexer(child, key) });
      }
      sorted.set(id, next);
    }
    b._sorted = sorted;
  }
  return b;
}

export function withChild(node: MaybeNode, key: string, child: MaybeNode): MaybeNode {
  if (key === '.priority') {
    if (!node) return null;
    const p =
      child && child.kind === 'leaf' && typeof child.value !== 'boolean' ? child.value : null;
    return withPriority(node, p);
  }
  return withChildren(node, new Map([[key, child]]));
}

export function setAt(node: MaybeNode, segs: readonly string[], value: MaybeNode): MaybeNode {
  if (segs.length === 0) return value;
  const [head, ...rest] = segs;
  if (head === '.priority') return withChild(node, head, value);
  return withChild(node, head, setAt(getChild(node, head), rest, value));
}

/** A set of non-overlapping writes, organised as a tree so each node is rebuilt once. */
export type UpdateTree = { set: MaybeNode } | { children: Map<string, UpdateTree> };

export function buildUpdateTree(entries: ReadonlyArray<[string[], MaybeNode]>): UpdateTree {
  const root: { children: Map<string, UpdateTree> } = { children: new Map() };
  for (const [segs, value] of entries) {
    if (segs.length === 0) return { set: value };
    let cur = root;
    for (let i = 0; i < segs.length - 1; i++) {
      let next = cur.children.get(segs[i]);
      if (!next || 'set' in next) {
        next = { children: new Map() };
        cur.children.set(segs[i], next);
      }
      cur = next as { children: Map<string, UpdateTree> };
    }
    cur.children.set(segs[segs.length - 1], { set: value });
  }
  return root;
}

export function applyUpdateTree(node: MaybeNode, tree: UpdateTree): MaybeNode {
  if ('set' in tree) return tree.set;
  const changes = new Map<string, MaybeNode>();
  let prio: UpdateTree | undefined;
  for (const [key, sub] of tree.children) {
    if (key === '.priority') {
      prio = sub;
      continue;
    }
    changes.set(key, applyUpdateTree(getChild(node, key), sub));
  }
  let result = withChildren(node, changes);
  if (prio && 'set' in prio) result = withChild(result, '.priority', prio.set);
  return result;
}

// ---------------------------------------------------------------- parsing (export format)

export interface ParseContext {
  /** server time for {".sv":"timestamp"} */
  now: number;
  /** existing node at the absolute location (for {".sv":{"increment":n}}) */
  existing(segs: readonly string[]): MaybeNode;
}

function resolveServerValue(
  sv: unknown,
  at: readonly string[],
  ctx: ParseContext,
): string | number | boolean {
  if (sv === 'timestamp') return ctx.now;
  if (sv && typeof sv === 'object' && !Array.isArray(sv)) {
    const keys = Object.keys(sv);
    const inc = (sv as Record<string, unknown>).increment;
    if (
      keys.length === 1 &&
      keys[0] === 'increment' &&
      typeof inc === 'number' &&
      Number.isFinite(inc)
    ) {
      const existing = ctx.existing(at);
      if (existing && existing.kind === 'leaf' && typeof existing.value === 'number') {
        return existing.value + inc;
      }
      return inc;
    }
  }
  throw new DataError(`Invalid server value ${JSON.stringify(sv)}`);
}

function parsePriority(p: unknown, at: readonly string[], ctx: ParseContext): Priority {
  if (p === null || p === undefined) return null;
  if (typeof p === 'string') return p;
  if (typeof p === 'number') {
    if (!Number.isFinite(p)) throw new DataError('Invalid priority');
    return p;
  }
  if (typeof p === 'object' && p !== null && '.sv' in p) {
    const v = resolveServerValue((p as Record<string, unknown>)['.sv'], [...at, '.priority'], ctx);
    if (typeof v === 'boolean') throw new DataError('Invalid priority');
    return v;
  }
  throw new DataError('Invalid priority: must be a string, a number or null');
}

/**
 * Converts a JSON value in the SDK's export format ({".value", ".priority"}, {".sv"},
 * arrays as index-keyed objects) into a node. `at` is the absolute location, used to
 * resolve increments against the existing data.
 */
export function fromJson(
  json: unknown,
  at: readonly string[],
  ctx: ParseContext,
  depth = 0,
): MaybeNode {
  if (depth > 64) throw new DataError('Invalid data: nested too deeply');
  if (json === null || json === undefined) return null;
  switch (typeof json) {
    case 'string':
      return new Leaf(json);
    case 'boolean':
      return new Leaf(json);
    case 'number':
      if (!Number.isFinite(json)) throw new DataError('Invalid data: number must be finite');
      return new Leaf(json);
    case 'object':
      break;
    default:
      throw new DataError(`Invalid data of type ${typeof json}`);
  }
  const obj = json as Record<string, unknown>;
  if (!Array.isArray(obj)) {
    if ('.sv' in obj) return new Leaf(resolveServerValue(obj['.sv'], at, ctx));
    if ('.value' in obj) {
      const v = obj['.value'];
      const priority = parsePriority(obj['.priority'], at, ctx);
      if (v !== null && typeof v === 'object' && !('.sv' in (v as object))) {
        const inner = fromJson(v, at, ctx, depth + 1);
        return withPriority(inner, priority);
      }
      const leaf = fromJson(v, at, ctx, depth + 1);
      return leaf ? withPriority(leaf, priority) : null;
    }
  }
  const children = new Map<string, Node>();
  let priority: Priority = null;
  for (const key of Object.keys(obj)) {
    const value = obj[key as keyof typeof obj];
    if (key === '.priority') {
      priority = parsePriority(value, at, ctx);
      continue;
    }
    if (!isValidKey(key)) throw new DataError(`Invalid data: key "${key}" is not allowed`);
    const child = fromJson(value, [...at, key], ctx, depth + 1);
    if (child) children.set(key, child);
  }
  if (children.size === 0) return null;
  return new Branch(children, priority);
}

// ---------------------------------------------------------------- serializing

/** Plain JSON without priorities (what rules and REST see); memoized and frozen. */
export function toPlain(node: MaybeNode): JsonValue {
  if (!node) return null;
  if (node.kind === 'leaf') return node.value;
  if (node._plain !== undefined) return node._plain;
  const obj: Record<string, JsonValue> = {};
  for (const [k, c] of node.children) obj[k] = toPlain(c);
  node._plain = Object.freeze(obj);
  return node._plain;
}

/** The export format (with `.priority` / `.value`) as a JSON string; memoized. */
export function toExportString(node: MaybeNode): string {
  if (!node) return 'null';
  if (node._export !== undefined) return node._export;
  let s: string;
  if (node.kind === 'leaf') {
    s =
      node.priority === null
        ? JSON.stringify(node.value)
        : `{".value":${JSON.stringify(node.value)},".priority":${JSON.stringify(node.priority)}}`;
  } else {
    const parts: string[] = [];
    for (const [k, c] of node.children) parts.push(JSON.stringify(k) + ':' + toExportString(c));
    if (node.priority !== null) parts.push('".priority":' + JSON.stringify(node.priority));
    s = '{' + parts.join(',') + '}';
  }
  node._export = s;
  return s;
}

/**
 * What the REST API returns: plain values, with objects whose keys are all
 * non-negative integers rendered as arrays when more than half of the slots up to
 * the largest key are used (as the Firebase SDKs' `val()` does).
 */
export function toRestJson(node: MaybeNode, exportFormat = false): JsonValue {
  if (!node) return null;
  if (node.kind === 'leaf') {
    if (exportFormat && node.priority !== null)
      return { '.value': node.value, '.priority': node.priority };
    return node.value;
  }
  const obj: Record<string, JsonValue> = {};
  let allInts = true;
  let maxKey = 0;
  for (const [k, c] of node.children) {
    obj[k] = toRestJson(c, exportFormat);
    if (allInts && /^(0|[1-9]\d*)$/.test(k)) maxKey = Math.max(maxKey, Number(k));
    else allInts = false;
  }
  if (exportFormat && node.priority !== null) {
    obj['.priority'] = node.priority;
    return obj;
  }
  if (allInts && maxKey < 2 * node.children.size) {
    const arr: JsonValue[] = [];
    for (let i = 0; i <= maxKey; i++) arr.push(obj[String(i)] ?? null);
    return arr;
  }
  return obj;
}

// ---------------------------------------------------------------- equality & hash

export function nodesEqual(a: MaybeNode, b: MaybeNode): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  if (a.priority !== b.priority) return false;
  if (a.kind === 'leaf') return b.kind === 'leaf' && a.value === b.value;
  if (b.kind !== 'branch' || a.children.size !== b.children.size) return false;
  for (const [k, c] of a.children) {
    const o = b.children.get(k);
    if (!o || !nodesEqual(c, o)) return false;
  }
  return true;
}

/** The SDK's doubleToIEEE754String, bit for bit (it differs from the exact bits for rare values). */
export function doubleToIEEE754String(v: number): string {
  const ebits = 11;
  const fbits = 52;
  const bias = (1 << (ebits - 1)) - 1;
  let s: boolean | number;
  let e: number;
  let f: number;
  if (v === 0) {
    e = 0;
    f = 0;
    s = 1 / v === -Infinity ? 1 : 0;
  } else {
    s = v < 0;
    v = Math.abs(v);
    if (v >= Math.pow(2, 1 - bias)) {
      const ln = Math.min(Math.floor(Math.log(v) / Math.LN2), bias);
      e = ln + bias;
      f = Math.round(v * Math.pow(2, fbits - ln) - Math.pow(2, fbits));
    } else {
      e = 0;
      f = Math.round(v / Math.pow(2, 1 - bias - fbits));
    }
  }
  const bits: number[] = [];
  for (let i = fbits; i; i -= 1) {
    bits.push(f % 2 ? 1 : 0);
    f = Math.floor(f / 2);
  }
  for (let i = ebits; i; i -= 1) {
    bits.push(e % 2 ? 1 : 0);
    e = Math.floor(e / 2);
  }
  bits.push(s ? 1 : 0);
  bits.reverse();
  const str = bits.join('');
  let hex = '';
  for (let i = 0; i < 64; i += 8) {
    let byte = parseInt(str.substr(i, 8), 2).toString(16);
    if (byte.length === 1) byte = '0' + byte;
    hex += byte;
  }
  return hex.toLowerCase();
}

function sha1(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('base64');
}

function priorityHashText(p: number | string): string {
  return typeof p === 'number' ? 'number:' + doubleToIEEE754String(p) : 'string:' + p;
}

/** Priority order used by hashing: no priority first, then numbers, then strings; ties by key. */
function priorityCompare(a: [string, Node], b: [string, Node]): number {
  const pa = a[1].priority;
  const pb = b[1].priority;
  const ra = pa === null ? 0 : typeof pa === 'number' ? 1 : 2;
  const rb = pb === null ? 0 : typeof pb === 'number' ? 1 : 2;
  if (ra !== rb) return ra - rb;
  if (pa !== pb && pa !== null && pb !== null) return pa < pb ? -1 : 1;
  return keyCompare(a[0], b[0]);
}

/** The SDK's node hash (what transactions send as `h`); "" for no data. */
export function nodeHash(node: MaybeNode): string {
  if (!node) return '';
  if (node._hash !== undefined) return node._hash;
  let text = '';
  if (node.priority !== null) text += 'priority:' + priorityHashText(node.priority) + ':';
  if (node.kind === 'leaf') {
    const type = typeof node.value;
    text +=
      type +
      ':' +
      (type === 'number' ? doubleToIEEE754String(node.value as number) : String(node.value));
    node._hash = sha1(text);
  } else {
    const entries = [...node.children].sort(priorityCompare);
    for (const [k, c] of entries) {
      const h = nodeHash(c);
      if (h !== '') text += ':' + k + ':' + h;
    }
    node._hash = text === '' ? '' : sha1(text);
  }
  return node._hash;
}

// ---------------------------------------------------------------- sorted indexes (filled by query.ts)

export type Indexer = (child: Node, key: string) => IndexValue;
/** index id -> function computing a child's index value; registered by query.ts */
export const indexers = new Map<string, Indexer>();

export function compareIndexValues(a: IndexValue, b: IndexValue): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  if (a.v === b.v || a.rank === 0 || a.rank === 4 || a.rank === 5) return 0;
  return (a.v as number | string | boolean) < (b.v as number | string | boolean) ? -1 : 1;
}

export function compareEntries(a: SortedEntry, b: SortedEntry): number {
  return compareIndexValues(a.iv, b.iv) || keyCompare(a.key, b.key);
}

function lowerBound(arr: SortedEntry[], e: SortedEntry): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareEntries(arr[mid], e) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function removeEntry(arr: SortedEntry[], e: SortedEntry): void {
  const i = lowerBound(arr, e);
  if (i < arr.length && arr[i].key === e.key) arr.splice(i, 1);
  else {
    const j = arr.findIndex((x) => x.key === e.key);
    if (j >= 0) arr.splice(j, 1);
  }
}

function insertEntry(arr: SortedEntry[], e: SortedEntry): void {
  arr.splice(lowerBound(arr, e), 0, e);
}

/** Children of `node` sorted under the index `id` (memoized on the node). */
export function sortedChildren(node: Branch, id: string): SortedEntry[] {
  const cached = node._sorted?.get(id);
  if (cached) return cached;
  const indexer = indexers.get(id);
  if (!indexer) throw new Error(`Unknown index ${id}`);
  const entries: SortedEntry[] = [];
  for (const [key, child] of node.children) entries.push({ key, iv: indexer(child, key) });
  entries.sort(compareEntries);
  if (!node._sorted) node._sorted = new Map();
  node._sorted.set(id, entries);
  return entries;
}
