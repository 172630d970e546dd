import {
  connectDatabaseEmulator,
  endBefore,
  equalTo,
  get,
  getDatabase,
  limitToFirst,
  limitToLast,
  onValue,
  orderByChild,
  push,
  query,
  ref,
  serverTimestamp,
  startAt,
  update,
  type Database,
  type QueryConstraint,
} from 'firebase/database';
import { emulators, firebaseApp } from './firebase-app';

let databaseInstance: Database | undefined;

function database(): Database {
  if (!databaseInstance) {
    databaseInstance = getDatabase(firebaseApp());
    if (emulators)
      connectDatabaseEmulator(databaseInstance, emulators.host, emulators.databasePort);
  }
  return databaseInstance;
}

/** Placeholder the server replaces with its clock (epoch ms) when the write lands. */
export const SERVER_TIME = serverTimestamp() as unknown as number;

export interface ChildQuery {
  orderBy: string;
  limitToLast?: number;
  limitToFirst?: number;
  /** Exclusive upper bound: [value, key] of the last item of the previous page. */
  endBefore?: [value: number | string | boolean | null, key?: string];
  startAt?: [value: number | string | boolean | null, key?: string];
  equalTo?: number | string | boolean | null;
}

function constraints(spec: ChildQuery): QueryConstraint[] {
  const list: QueryConstraint[] = [orderByChild(spec.orderBy)];
  if (spec.equalTo !== undefined) list.push(equalTo(spec.equalTo));
  if (spec.startAt) list.push(startAt(...spec.startAt));
  if (spec.endBefore) list.push(endBefore(...spec.endBefore));
  if (spec.limitToFirst !== undefined) list.push(limitToFirst(spec.limitToFirst));
  if (spec.limitToLast !== undefined) list.push(limitToLast(spec.limitToLast));
  return list;
}

export async function readValue<T>(path: string): Promise<T | null> {
  const snapshot = await get(ref(database(), path));
  return snapshot.exists() ? (snapshot.val() as T) : null;
}

/** Children of `path` matching the query, in query order, with their keys. */
export async function readChildren<T>(
  path: string,
  spec: ChildQuery,
): Promise<Array<{ key: string; value: T }>> {
  const snapshot = await get(query(ref(database(), path), ...constraints(spec)));
  const rows: Array<{ key: string; value: T }> = [];
  snapshot.forEach((child) => {
    rows.push({ key: child.key!, value: child.val() as T });
  });
  return rows;
}

export function watchValue<T>(
  path: string,
  onChange: (value: T | null) => void,
  onError?: (error: Error) => void,
) {
  return onValue(
    ref(database(), path),
    (snapshot) => onChange(snapshot.exists() ? (snapshot.val() as T) : null),
    onError,
  );
}

export function watchChildren<T>(
  path: string,
  spec: ChildQuery,
  onChange: (rows: Array<{ key: string; value: T }>) => void,
  onError?: (error: Error) => void,
) {
  return onValue(
    query(ref(database(), path), ...constraints(spec)),
    (snapshot) => {
      const rows: Array<{ key: string; value: T }> = [];
      snapshot.forEach((child) => {
        rows.push({ key: child.key!, value: child.val() as T });
      });
      onChange(rows);
    },
    onError,
  );
}

/** Atomic multi-path write: keys are absolute paths, null deletes. */
export function writePaths(changes: Record<string, unknown>): Promise<void> {
  return update(ref(database()), changes);
}

/** A new chronologically ordered key under `path` (no network round trip). */
export function newKey(path: string): string {
  return push(ref(database(), path)).key!;
}
