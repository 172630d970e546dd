/**
 * RuleDataSnapshot: a lazy view of one location of a plain-JSON tree. Nothing is copied;
 * children are looked up on demand. null, a missing key and an empty object all mean
 * "no data". Nodes in export format (`{".value": v, ".priority": p}`) are understood.
 */
import type { JsonValue } from './types';

/**
 * What `val()` returns for a node that has children. The real service returns an opaque
 * sentinel there (rules must use child() to reach into objects); it is never equal to
 * anything, so comparing two objects with == cannot grant access by accident.
 */
export const OBJECT_VALUE: unique symbol = Symbol('object value');

type Node = JsonValue | undefined;

const hasOwn = (obj: object, key: string): boolean =>
  Object.prototype.hasOwnProperty.call(obj, key);

function isObjectNode(node: Node): node is { [key: string]: JsonValue } | JsonValue[] {
  return node !== null && typeof node === 'object';
}

function wrappedValue(node: { [key: string]: JsonValue } | JsonValue[]): Node {
  return !Array.isArray(node) && hasOwn(node, '.value') ? node['.value'] : undefined;
}

/** The child `key` of a node, or null. Keys starting with '.' are metadata, never children. */
export function childNode(node: Node, key: string): JsonValue {
  if (!isObjectNode(node) || key.startsWith('.')) return null;
  if (Array.isArray(node)) {
    if (!/^(?:0|[1-9]\d*)$/.test(key)) return null;
    const v = node[Number(key)];
    return v === undefined ? null : v;
  }
  if (wrappedValue(node) !== undefined || !hasOwn(node, key)) return null;
  const v = node[key];
  return v === undefined ? null : v;
}

/** Calls `fn` for each child key with data. Stops early when `fn` returns true. */
export function someChild(node: Node, fn: (key: string, child: JsonValue) => boolean): boolean {
  if (!isObjectNode(node)) return false;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      if (nodeExists(node[i]) && fn(String(i), node[i])) return true;
    }
    return false;
  }
  if (wrappedValue(node) !== undefined) return false;
  for (const key in node) {
    if (!hasOwn(node, key) || key.startsWith('.')) continue;
    if (nodeExists(node[key]) && fn(key, node[key])) return true;
  }
  return false;
}

export function nodeExists(node: Node): boolean {
  if (node === null || node === undefined) return false;
  if (!isObjectNode(node)) return true;
  const wrapped = wrappedValue(node);
  if (wrapped !== undefined) return nodeExists(wrapped);
  return someChild(node, () => true);
}

/** The leaf value of a node (null when absent, OBJECT_VALUE when it has children). */
export function leafValue(node: Node): null | boolean | number | string | typeof OBJECT_VALUE {
  if (node === null || node === undefined) return null;
  if (!isObjectNode(node)) return node;
  const wrapped = wrappedValue(node);
  if (wrapped !== undefined) return leafValue(wrapped);
  return nodeExists(node) ? OBJECT_VALUE : null;
}

export function nodeAt(root: JsonValue, path: readonly string[]): JsonValue {
  let node = root;
  for (const key of path) {
    node = childNode(node, key);
    if (node === null) return null;
  }
  return node;
}

export class RuleSnapshot {
  constructor(
    private readonly root: JsonValue,
    readonly path: readonly string[],
    readonly node: JsonValue,
  ) {}

  static at(root: JsonValue, path: readonly string[]): RuleSnapshot {
    return new RuleSnapshot(root, path, nodeAt(root, path));
  }

  /** `relative` may contain '/'; empty segments are ignored, as in Firebase paths. */
  child(relative: string): RuleSnapshot {
    let node = this.node;
    const path = this.path.slice();
    for (const key of relative.split('/')) {
      if (key === '') continue;
      path.push(key);
      node = childNode(node, key);
    }
    return new RuleSnapshot(this.root, path, node);
  }

  /** null at the root (which has no parent). */
  parent(): RuleSnapshot | null {
    if (this.path.length === 0) return null;
    return RuleSnapshot.at(this.root, this.path.slice(0, -1));
  }

  val(): null | boolean | number | string | typeof OBJECT_VALUE {
    return leafValue(this.node);
  }

  exists(): boolean {
    return nodeExists(this.node);
  }

  hasChild(relative: string): boolean {
    return this.child(relative).exists();
  }

  hasChildren(): boolean {
    return someChild(this.node, () => true);
  }

  getPriority(): number | string | null {
    const node = this.node;
    if (isObjectNode(node) && !Array.isArray(node) && hasOwn(node, '.priority')) {
      const p = node['.priority'];
      if (typeof p === 'number' || typeof p === 'string') return p;
    }
    return null;
  }
}
