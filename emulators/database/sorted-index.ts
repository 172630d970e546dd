/**
 * Children of a branch sorted under one index (key, value, priority or a child's value), kept
 * on the node so that a query does not re-sort unchanged data. The index functions are
 * registered by query.ts.
 */
import { keyCompare } from './keys';
import type { Branch, IndexValue, Node, SortedEntry } from './nodes';

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

export function removeEntry(arr: SortedEntry[], e: SortedEntry): void {
  const i = lowerBound(arr, e);
  if (i < arr.length && arr[i].key === e.key) arr.splice(i, 1);
  else {
    const j = arr.findIndex((x) => x.key === e.key);
    if (j >= 0) arr.splice(j, 1);
  }
}

export function insertEntry(arr: SortedEntry[], e: SortedEntry): void {
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
