/**
 * An in-memory stand-in for src/services/database for component tests:
 * `vi.mock('<path>/services/database', () => import('<path>/testing/fake-database'))`.
 * Same exports as the real module, plus helpers to seed data, inspect writes and inject failures.
 */
import type { ChildQuery } from '../services/database';

type Tree = Record<string, unknown>;
type Listener = () => void;

let tree: Tree = {};
let keyCounter = 0;
const listeners = new Set<Listener>();
const failingPaths = new Map<string, Error>();
let nextWriteError: Error | null = null;
let nextWriteGate: Promise<void> | null = null;

/** Every writePaths call, in order. */
export const writeLog: Array<Record<string, unknown>> = [];

/** Every path read or watched, in order. */
export const readLog: string[] = [];

export const SERVER_TIME = { '.sv': 'timestamp' } as unknown as number;

export function resetFakeDatabase(initial: Tree = {}): void {
  tree = structuredClone(initial);
  keyCounter = 0;
  listeners.clear();
  failingPaths.clear();
  nextWriteError = null;
  nextWriteGate = null;
  writeLog.length = 0;
  readLog.length = 0;
}

/** Reads and watches of `path` (or below it) fail with `error`. */
export function failReadsAt(path: string, error = new Error('permission_denied')): void {
  failingPaths.set(path, error);
}

export function failNextWrite(error = new Error('PERMISSION_DENIED: Permission denied')): void {
  nextWriteError = error;
}

/** The next write waits until the returned function is called (to observe "while saving" states). */
export function holdNextWrite(): () => void {
  let release!: () => void;
  nextWriteGate = new Promise<void>((resolve) => (release = resolve));
  return release;
}

export function valueAt(path: string): unknown {
  return (
    segments(path).reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), tree) ??
    null
  );
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readError(path: string): Error | undefined {
  readLog.push(path);
  for (const [failing, error] of failingPaths)
    if (path === failing || path.startsWith(`${failing}/`)) return error;
  return undefined;
}

function setAt(path: string, value: unknown): void {
  const keys = segments(path);
  let node: Record<string, unknown> = tree;
  keys.slice(0, -1).forEach((key) => {
    if (!isObject(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  });
  const last = keys[keys.length - 1];
  if (value === null || value === undefined) delete node[last];
  else node[last] = structuredClone(value);
}

function childValue(value: unknown, path: string): unknown {
  return (
    segments(path).reduce<unknown>(
      (node, key) => (isObject(node) ? node[key] : undefined),
      value,
    ) ?? null
  );
}

function compareValues(a: unknown, b: unknown): number {
  const rank = (value: unknown) =>
    value === null
      ? 0
      : value === false
        ? 1
        : value === true
          ? 2
          : typeof value === 'number'
            ? 3
            : typeof value === 'string'
              ? 4
              : 5;
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return 0;
}

function queryRows<T>(path: string, spec: ChildQuery): Array<{ key: string; value: T }> {
  const node = valueAt(path);
  if (!isObject(node)) return [];
  let rows = Object.entries(node)
    .map(([key, value]) => ({ key, value: value as T, order: childValue(value, spec.orderBy) }))
    .sort(
      (a, b) => compareValues(a.order, b.order) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
  if (spec.equalTo !== undefined)
    rows = rows.filter((row) => compareValues(row.order, spec.equalTo) === 0);
  if (spec.startAt) rows = rows.filter((row) => compareValues(row.order, spec.startAt![0]) >= 0);
  if (spec.endBefore) rows = rows.filter((row) => compareValues(row.order, spec.endBefore![0]) < 0);
  if (spec.limitToFirst !== undefined) rows = rows.slice(0, spec.limitToFirst);
  if (spec.limitToLast !== undefined)
    rows = rows.slice(Math.max(0, rows.length - spec.limitToLast));
  return rows.map(({ key, value }) => ({ key, value }));
}

export async function readValue<T>(path: string): Promise<T | null> {
  const error = readError(path);
  if (error) throw error;
  return structuredClone(valueAt(path)) as T | null;
}

export async function readChildren<T>(
  path: string,
  spec: ChildQuery,
): Promise<Array<{ key: string; value: T }>> {
  const error = readError(path);
  if (error) throw error;
  return structuredClone(queryRows<T>(path, spec));
}

function watch(path: string, notify: () => void, onError?: (error: Error) => void): () => void {
  const error = readError(path);
  if (error) {
    queueMicrotask(() => onError?.(error));
    return () => {};
  }
  listeners.add(notify);
  queueMicrotask(() => listeners.has(notify) && notify());
  return () => listeners.delete(notify);
}

export function watchValue<T>(
  path: string,
  onChange: (value: T | null) => void,
  onError?: (error: Error) => void,
) {
  return watch(path, () => onChange(structuredClone(valueAt(path)) as T | null), onError);
}

export function watchChildren<T>(
  path: string,
  spec: ChildQuery,
  onChange: (rows: Array<{ key: string; value: T }>) => void,
  onError?: (error: Error) => void,
) {
  return watch(path, () => onChange(structuredClone(queryRows<T>(path, spec))), onError);
}

export async function writePaths(changes: Record<string, unknown>): Promise<void> {
  writeLog.push(structuredClone(changes));
  if (nextWriteGate) {
    const gate = nextWriteGate;
    nextWriteGate = null;
    await gate;
  }
  if (nextWriteError) {
    const error = nextWriteError;
    nextWriteError = null;
    throw error;
  }
  Object.entries(changes).forEach(([path, value]) => setAt(path, value));
  listeners.forEach((notify) => notify());
}

export function newKey(path: string): string {
  keyCounter += 1;
  return `${segments(path).join('-')}-key-${keyCounter}`;
}
