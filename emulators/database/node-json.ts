/**
 * Nodes from and to JSON: the SDK's export format (`.value`, `.priority`, `.sv` server values)
 * in, and plain values, the export format and the REST shape out.
 */
import { isValidKey } from './paths';
import {
  Branch,
  DataError,
  Leaf,
  type JsonValue,
  type MaybeNode,
  type Node,
  type Priority,
} from './nodes';
import { withPriority } from './tree';

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

/**
 * The export format (with `.priority` / `.value`) as a JSON string. Memoized on the node asked
 * for only: memoizing every level kept one copy of each byte per level of nesting (a deep
 * 180 MB location held ~1.6 GB of strings after one read). A serialization reuses the memo of
 * any node below it that was asked for earlier.
 */
export function toExportString(node: MaybeNode): string {
  if (!node) return 'null';
  const s = exportOf(node);
  if (node.kind === 'branch') node._export = s;
  return s;
}

function exportOf(node: Node): string {
  if (node.kind === 'leaf') {
    return node.priority === null
      ? JSON.stringify(node.value)
      : `{".value":${JSON.stringify(node.value)},".priority":${JSON.stringify(node.priority)}}`;
  }
  if (node._export !== undefined) return node._export;
  const parts: string[] = [];
  for (const [k, c] of node.children) parts.push(JSON.stringify(k) + ':' + exportOf(c));
  if (node.priority !== null) parts.push('".priority":' + JSON.stringify(node.priority));
  return '{' + parts.join(',') + '}';
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
