/**
 * The data tree of one namespace: immutable nodes (a write builds a new root and
 * shares every untouched subtree), with memoized serializations of the nodes that were read
 * (node-json.ts), hashes (node-hash.ts) and sorted child indexes (sorted-index.ts) so that large
 * nodes are not re-serialized or re-sorted on every read or write.
 *
 * `null` is the empty node (absent data). A Branch always has at least one child.
 */
import { Branch, Leaf, type MaybeNode, type Node, type Priority, type SortedEntry } from './nodes';
import { indexers, insertEntry, removeEntry } from './sorted-index';

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
