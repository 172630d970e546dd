/**
 * The nodes of the data tree (tree.ts) and the shape of the sorted child views kept on a branch
 * (sorted-index.ts), in a module of their own so that the tree and its indexes import them without
 * importing each other.
 */
/** A sorted view of a branch's children under one index. */
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

export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type Priority = number | string | null;

export class Leaf {
  readonly kind = 'leaf' as const;
  /** memoized hash (node-hash.ts) */
  _hash?: string;
  constructor(
    readonly value: string | number | boolean,
    readonly priority: Priority = null,
  ) {}
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
