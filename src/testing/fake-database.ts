/**
 * An in-memory stand-in for src/services/database for component tests:
 * `vi.mock('<path>/services/database', () => import('<path>/testing/fake-database'))`.
 * Same exports as the real module, plus helpers to seed data, inspect writes and inject failures.
 */
import { applyChildQuery, type ChildQuery, type Row } from '@domain/data/child-query';
import type { Read } from '@domain/data/read-descriptor';
import { keepAnswer } from '@/services/database-reads';

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

/** Every child query read or watched, in order. */
export const queryLog: Array<{ path: string; spec: ChildQuery }> = [];

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
  queryLog.length = 0;
}

/** Reads and watches of `path` (or below it) fail with `error`. */
export function failReadsAt(path: string, error = new Error('permission_denied')): void {
  failingPaths.set(path, error);
}

/** Reads of `path` succeed again after failReadsAt. */
export function allowReadsAt(path: string): void {
  failingPaths.delete(path);
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

function queryRows<T>(path: string, spec: ChildQuery): Array<Row<T>> {
  const node = valueAt(path);
  if (!isObject(node)) return [];
  return applyChildQuery(
    Object.entries(node).map(([key, value]) => ({ key, value: value as T })),
    spec,
  );
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
  queryLog.push({ path, spec });
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

/** Answers a single read (as the real client, database.ts) from the tree, keeping a kept read's answers. */
export function watchRead<T>(
  read: Read<T>,
  onChange: (value: T) => void,
  onError?: (error: Error) => void,
) {
  const { path, query } = read;
  if (query) queryLog.push({ path, spec: query });
  const answer = () => structuredClone(query ? queryRows(path, query) : valueAt(path)) as T;
  return watch(
    path,
    () => {
      const value = answer();
      keepAnswer(read, value);
      onChange(value);
    },
    onError,
  );
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

export function newKey(): string {
  keyCounter += 1;
  return `key-${keyCounter}`;
}

// Type-checked against the real service: a new or changed export there fails here until the fake follows.
void ({
  SERVER_TIME,
  readValue,
  readChildren,
  watchRead,
  writePaths,
  newKey,
} satisfies typeof import('@/services/database'));
