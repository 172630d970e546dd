/**
 * One database namespace (`?ns=`): its data, rules and active listens, and the
 * write path shared by the WebSocket protocol, REST and onDisconnect: parse and
 * resolve the data, check rules against the whole request, commit atomically,
 * revoke listens that lost read access, then push the change to every affected
 * listen before the caller acknowledges the write.
 */
import { indexOnName, inRange, loadsAllData, queryWindow, type QuerySpec } from './query';
import { OPEN_RULES, type Requester, type RulesState } from './rules-adapter';
import { nodeHash, nodesEqual } from './node-hash';
import { fromJson, toExportString, toPlain } from './node-json';
import { isPrefix, isValidKey, pathString } from './paths';
import type { SortedEntry } from './nodes';
import { DataError, type MaybeNode } from './nodes';
import { applyUpdateTree, buildUpdateTree, getAt, getChild, setAt } from './tree';
import type { JsonValue } from './rules-types';
import {
  OperationCounts,
  type OpenSpan,
  type OperationType,
  type Origin,
} from './operation-counts';

/** Something that receives pushes for its listens (a WebSocket connection, an SSE stream). */
export interface ListenSink {
  readonly requester: Requester;
  /** sends one server→client data push: {"a":action,"b":body} (body given as a JSON string) */
  push(action: string, body: string): void;
  /** the listen lost read access and has been removed from the namespace */
  revoked(listen: Listen): void;
}

export interface Listen {
  sink: ListenSink;
  path: string[];
  pathStr: string;
  /** tagged (query) listens only */
  tag?: number;
  query: QuerySpec | null;
  /** the raw query object, echoed in revocations */
  rawQuery?: unknown;
  /** while it is registered: since when, for the listener-seconds count */
  span?: OpenSpan;
}

export type WriteShape =
  { kind: 'set'; path: string[] } | { kind: 'merge'; base: string[]; rels: string[][] };

export type WriteResult =
  | { ok: true; newRoot: MaybeNode }
  | { ok: false; status: 'permission_denied' | 'datastale' | 'invalid_data'; message: string };

class TrieNode {
  children = new Map<string, TrieNode>();
  listens = new Set<Listen>();
}

export class Namespace {
  root: MaybeNode = null;
  rules: RulesState = OPEN_RULES;
  private trie = new TrieNode();
  readonly listens = new Set<Listen>();
  /** Called after every change of the tree (the server persists `--data` from it). */
  onChange?: () => void;
  /** What this namespace served (operation-counts.ts; the `/.debug/operations.json` endpoint). */
  readonly operations = new OperationCounts();

  constructor(readonly name: string) {}

  // ------------------------------------------------------------ rules

  canRead(
    requester: Requester,
    path: string[],
    query?: QuerySpec | null,
    root: MaybeNode = this.root,
  ): boolean {
    if (requester.bypass || !this.rules.compiled) return true;
    return this.rules.compiled.canRead({
      path: stripPriority(path),
      auth: requester.auth,
      root: toPlain(root),
      now: Date.now(),
      query: query ? query.rules : undefined,
    });
  }

  canWrite(
    requester: Requester,
    writes: string[][],
    oldRoot: MaybeNode,
    newRoot: MaybeNode,
    now: number,
  ): boolean {
    if (requester.bypass || !this.rules.compiled) return true;
    return this.rules.compiled.canWrite({
      writes: writes.map(stripPriority),
      auth: requester.auth,
      oldRoot: toPlain(oldRoot),
      newRoot: toPlain(newRoot),
      now,
    });
  }

  /** Whether the server can answer the query from an index (else: whole location + "no_index"). */
  isIndexed(path: string[], query: QuerySpec): boolean {
    const name = indexOnName(query.index);
    if (name === null) return true;
    if (!this.rules.compiled) return false;
    const normalize = (s: string) => s.split('/').filter(Boolean).join('/');
    return this.rules.compiled.indexOn(path).some((entry) => normalize(entry) === name);
  }

  // ------------------------------------------------------------ reads

  /** Export-format JSON text of what a read of (path, query) returns. */
  readExport(path: string[], query: QuerySpec | null, filtered = true): string {
    const node = getAt(this.root, path);
    if (!query || loadsAllData(query) || !filtered) return toExportString(node);
    return windowExport(node, queryWindow(node, query));
  }

  // ------------------------------------------------------------ listens

  addListen(listen: Listen): void {
    let node = this.trie;
    for (const seg of listen.path) {
      let next = node.children.get(seg);
      if (!next) {
        next = new TrieNode();
        node.children.set(seg, next);
      }
      node = next;
    }
    node.listens.add(listen);
    this.listens.add(listen);
    listen.span = this.operations.listenerAdded(listen.pathStr);
  }

  removeListen(listen: Listen): void {
    if (!this.listens.delete(listen)) return;
    if (listen.span) this.operations.listenerRemoved(listen.pathStr, listen.span);
    listen.span = undefined;
    const stack: TrieNode[] = [this.trie];
    let node = this.trie;
    for (const seg of listen.path) {
      const next = node.children.get(seg);
      if (!next) return;
      stack.push(next);
      node = next;
    }
    node.listens.delete(listen);
    for (let i = listen.path.length; i > 0; i--) {
      const n = stack[i];
      if (n.listens.size > 0 || n.children.size > 0) break;
      stack[i - 1].children.delete(listen.path[i - 1]);
    }
  }

  /** The first push of a new listen: its data, tagged when it is a query (counted as a listener-listen). */
  initialPush(listen: Listen): { indexed: boolean } {
    const node = getAt(this.root, listen.path);
    let indexed = true;
    let data: string;
    let body: string;
    if (!listen.query || listen.tag === undefined) {
      data = toExportString(node);
      body = `{"p":${JSON.stringify(listen.pathStr)},"d":${data}}`;
    } else {
      indexed = this.isIndexed(listen.path, listen.query);
      data = indexed ? windowExport(node, queryWindow(node, listen.query)) : toExportString(node);
      body = `{"p":${JSON.stringify(listen.pathStr)},"d":${data},"t":${listen.tag}}`;
    }
    this.operations.operation(
      'listener-listen',
      originOf(listen.sink.requester),
      listen.pathStr,
      data.length,
    );
    listen.sink.push('d', body);
    return { indexed };
  }

  /** Re-checks read access of every listen (after a write or a rules change) and revokes the lost ones. */
  revalidateListens(only?: ListenSink): void {
    if (!this.rules.compiled) return;
    for (const listen of [...this.listens]) {
      if (only && listen.sink !== only) continue;
      if (listen.sink.requester.bypass) continue;
      if (!this.canRead(listen.sink.requester, listen.path, listen.query)) {
        this.removeListen(listen);
        listen.sink.revoked(listen);
      }
    }
  }

  // ------------------------------------------------------------ writes

  /**
   * Prepares a set (`p`/PUT) or a multi-path update (`m`/PATCH): parses the export-format
   * data, resolves server values against the current data, checks the transaction hash
   * and the rules. Nothing is changed until `commit`.
   */
  prepareWrite(
    requester: Requester,
    shape:
      | { kind: 'set'; path: string[]; data: unknown; hash?: string }
      | { kind: 'merge'; path: string[]; data: unknown },
    now: number,
  ): { result: WriteResult; shape?: WriteShape } {
    const oldRoot = this.root;
    const ctx = { now, existing: (segs: readonly string[]) => getAt(oldRoot, segs) };
    try {
      if (shape.kind === 'set') {
        if (shape.hash !== undefined) {
          const current = nodeHash(getAt(oldRoot, shape.path));
          if (current !== shape.hash) {
            return {
              result: {
                ok: false,
                status: 'datastale',
                message: 'Transaction hash does not match',
              },
            };
          }
        }
        const value = fromJson(shape.data, shape.path, ctx);
        if (
          shape.path[shape.path.length - 1] === '.priority' &&
          value &&
          value.kind === 'leaf' &&
          typeof value.value === 'boolean'
        ) {
          throw new DataError('Invalid priority: must be a string, a number or null');
        }
        const newRoot = setAt(oldRoot, shape.path, value);
        if (!this.canWrite(requester, [shape.path], oldRoot, newRoot, now)) {
          return {
            result: { ok: false, status: 'permission_denied', message: 'Permission denied' },
          };
        }
        return { result: { ok: true, newRoot }, shape: { kind: 'set', path: shape.path } };
      }
      const data = shape.data;
      if (data === null || typeof data !== 'object' || Array.isArray(data)) {
        throw new DataError('Invalid data; an update must be an object');
      }
      const rels: string[][] = [];
      const entries: [string[], MaybeNode][] = [];
      for (const [relStr, value] of Object.entries(data as Record<string, unknown>)) {
        const rel = relStr.split('/').filter((s) => s.length > 0);
        if (rel.length === 0)
          throw new DataError('Invalid data; update keys must be non-empty paths');
        rel.forEach((s, i) => {
          if (s === '.priority' && i === rel.length - 1) return;
          if (!isValidKey(s)) throw new DataError(`Invalid update key "${relStr}"`);
        });
        const abs = [...shape.path, ...rel];
        rels.push(rel);
        entries.push([abs, fromJson(value, abs, ctx)]);
      }
      const sorted = rels.map((r) => r.join('/')).sort();
      for (let i = 1; i < sorted.length; i++) {
        if (sorted[i] === sorted[i - 1] || sorted[i].startsWith(sorted[i - 1] + '/')) {
          throw new DataError(`Invalid update: path "${sorted[i - 1]}" overlaps "${sorted[i]}"`);
        }
      }
      if (entries.length === 0) return { result: { ok: true, newRoot: oldRoot }, shape: undefined };
      const newRoot = applyUpdateTree(oldRoot, buildUpdateTree(entries));
      const writes = entries.map(([abs]) => abs);
      if (!this.canWrite(requester, writes, oldRoot, newRoot, now)) {
        return { result: { ok: false, status: 'permission_denied', message: 'Permission denied' } };
      }
      return { result: { ok: true, newRoot }, shape: { kind: 'merge', base: shape.path, rels } };
    } catch (e) {
      if (e instanceof DataError)
        return { result: { ok: false, status: 'invalid_data', message: e.message } };
      throw e;
    }
  }

  /** Prepares and commits a write; returns the result (listeners are notified before it returns). */
  write(
    requester: Requester,
    op:
      | { kind: 'set'; path: string[]; data: unknown; hash?: string }
      | { kind: 'merge'; path: string[]; data: unknown },
    now = Date.now(),
  ): WriteResult {
    const { result, shape } = this.prepareWrite(requester, op, now);
    if (result.ok && shape) this.commit(result.newRoot, shape);
    return result;
  }

  /** Replaces the whole tree (snapshot load, clear) and notifies listeners. */
  replaceRoot(newRoot: MaybeNode): void {
    this.commit(newRoot, { kind: 'set', path: [] });
  }

  commit(newRoot: MaybeNode, shape: WriteShape): void {
    const oldRoot = this.root;
    this.root = newRoot;
    if (oldRoot === newRoot) return;
    this.onChange?.();
    const writes =
      shape.kind === 'set' ? [shape.path] : shape.rels.map((r) => [...shape.base, ...r]);
    this.revalidateListens();
    for (const listen of this.affectedListens(writes)) {
      this.pushUpdate(listen, oldRoot, newRoot, shape, writes);
    }
  }

  private affectedListens(writes: string[][]): Set<Listen> {
    const out = new Set<Listen>();
    const collectAll = (n: TrieNode) => {
      for (const l of n.listens) out.add(l);
      for (const c of n.children.values()) collectAll(c);
    };
    for (const w of writes) {
      let node: TrieNode | undefined = this.trie;
      for (let i = 0; node && i < w.length; i++) {
        for (const l of node.listens) out.add(l);
        node = node.children.get(w[i]);
      }
      if (node) collectAll(node);
    }
    return out;
  }

  /** Counts a write that reached `listen` (one listener-broadcast at the listener's path) and sends it. */
  private broadcast(listen: Listen, action: string, body: string): void {
    this.operations.at(
      'listener-broadcast',
      originOf(listen.sink.requester),
      listen.pathStr,
      body.length,
    );
    this.operations.request('listener-broadcast', body.length);
    listen.sink.push(action, body);
  }

  /**
   * Counts a write request: a set at its path; an update once as a request and once per
   * location it writes (so each path group sees its share of a multi-path server update).
   */
  countWrite(
    name: OperationType,
    requester: Requester,
    op: { kind: 'set' | 'merge'; path: string[]; data: unknown },
  ): void {
    const origin = originOf(requester);
    if (op.kind === 'set' || op.data === null || typeof op.data !== 'object') {
      this.operations.operation(name, origin, pathString(op.path), jsonBytes(op.data));
      return;
    }
    let total = 0;
    for (const [rel, value] of Object.entries(op.data as Record<string, unknown>)) {
      const bytes = jsonBytes(value);
      total += bytes;
      const segs = rel.split('/').filter((s) => s.length > 0);
      this.operations.at(name, origin, pathString([...op.path, ...segs]), bytes);
    }
    this.operations.request(name, total);
  }

  private pushUpdate(
    listen: Listen,
    oldRoot: MaybeNode,
    newRoot: MaybeNode,
    shape: WriteShape,
    writes: string[][],
  ): void {
    const P = listen.path;
    const covering = writes.some((w) => isPrefix(w, P));
    const below = covering ? [] : writes.filter((w) => isPrefix(P, w));
    if (!covering && below.length === 0) return;
    const pStr = JSON.stringify(listen.pathStr);

    if (!listen.query || listen.tag === undefined) {
      if (covering) {
        const newAt = getAt(newRoot, P);
        if (nodesEqual(getAt(oldRoot, P), newAt)) return;
        this.broadcast(listen, 'd', `{"p":${pStr},"d":${toExportString(newAt)}}`);
        return;
      }
      if (shape.kind === 'merge' && isPrefix(P, shape.base)) {
        const parts = shape.rels.map(
          (rel) =>
            JSON.stringify(rel.join('/')) +
            ':' +
            toExportString(getAt(newRoot, [...shape.base, ...rel])),
        );
        this.broadcast(
          listen,
          'm',
          `{"p":${JSON.stringify(pathString(shape.base))},"d":{${parts.join(',')}}}`,
        );
        return;
      }
      if (below.length === 1) {
        const w = below[0];
        this.broadcast(
          listen,
          'd',
          `{"p":${JSON.stringify(pathString(w))},"d":${toExportString(getAt(newRoot, w))}}`,
        );
        return;
      }
      const parts = below.map(
        (w) =>
          JSON.stringify(w.slice(P.length).join('/')) + ':' + toExportString(getAt(newRoot, w)),
      );
      this.broadcast(listen, 'm', `{"p":${pStr},"d":{${parts.join(',')}}}`);
      return;
    }

    // tagged query: keep the client's window exact (push entrants when children leave a limited window)
    const q = listen.query;
    const tag = listen.tag;
    const oldNode = getAt(oldRoot, P);
    const newNode = getAt(newRoot, P);
    const sendWindow = (entries: SortedEntry[]) =>
      this.broadcast(listen, 'd', `{"p":${pStr},"d":${windowExport(newNode, entries)},"t":${tag}}`);
    const sendChild = (key: string) =>
      this.broadcast(
        listen,
        'd',
        `{"p":${JSON.stringify(pathString([...P, key]))},"d":${toExportString(getChild(newNode, key))},"t":${tag}}`,
      );

    if (covering) {
      const oldW = queryWindow(oldNode, q);
      const newW = queryWindow(newNode, q);
      if (sameWindow(oldNode, oldW, newNode, newW)) return;
      sendWindow(newW);
      return;
    }
    const changed = new Set<string>();
    for (const w of below) if (w[P.length] !== '.priority') changed.add(w[P.length]);
    if (changed.size === 0) return;

    if (q.limit !== undefined) {
      const oldW = queryWindow(oldNode, q);
      const newW = queryWindow(newNode, q);
      if (!sameKeys(oldW, newW)) {
        sendWindow(newW);
        return;
      }
      for (const e of newW) {
        if (changed.has(e.key) && !nodesEqual(getChild(oldNode, e.key), getChild(newNode, e.key)))
          sendChild(e.key);
      }
      return;
    }
    for (const key of changed) {
      const oldChild = getChild(oldNode, key);
      const newChild = getChild(newNode, key);
      const wasIn = !!oldChild && inRange(q, key, oldChild);
      const isIn = !!newChild && inRange(q, key, newChild);
      if (wasIn && !isIn) {
        this.broadcast(
          listen,
          'd',
          `{"p":${JSON.stringify(pathString([...P, key]))},"d":null,"t":${tag}}`,
        );
      } else if (isIn && (!wasIn || !nodesEqual(oldChild, newChild))) {
        sendChild(key);
      }
    }
  }
}

/** Whose operation it was, for the counts: the owner credential is the server's. */
export function originOf(requester: Requester): Origin {
  return requester.bypass ? 'server' : 'client';
}

/** Length of the JSON text of a value (a delete writes 0 bytes, as the profiler reports it). */
function jsonBytes(value: unknown): number {
  return value === null || value === undefined ? 0 : (JSON.stringify(value)?.length ?? 0);
}

function stripPriority(path: string[]): string[] {
  return path[path.length - 1] === '.priority' ? path.slice(0, -1) : path;
}

/** Export-format JSON of the chosen children of `node` (null when none). */
export function windowExport(node: MaybeNode, entries: SortedEntry[]): string {
  if (!node || node.kind !== 'branch' || entries.length === 0) return 'null';
  const parts = entries.map(
    (e) => JSON.stringify(e.key) + ':' + toExportString(node.children.get(e.key) ?? null),
  );
  return '{' + parts.join(',') + '}';
}

/** Plain JSON of the chosen children (REST query results). */
export function windowPlain(node: MaybeNode, entries: SortedEntry[]): JsonValue {
  if (!node || node.kind !== 'branch' || entries.length === 0) return null;
  const out: Record<string, JsonValue> = {};
  for (const e of entries) out[e.key] = toPlain(node.children.get(e.key) ?? null);
  return out;
}

function sameKeys(a: SortedEntry[], b: SortedEntry[]): boolean {
  if (a.length !== b.length) return false;
  const keys = new Set(a.map((e) => e.key));
  return b.every((e) => keys.has(e.key));
}

function sameWindow(
  oldNode: MaybeNode,
  a: SortedEntry[],
  newNode: MaybeNode,
  b: SortedEntry[],
): boolean {
  if (!sameKeys(a, b)) return false;
  return b.every((e) => nodesEqual(getChild(oldNode, e.key), getChild(newNode, e.key)));
}
