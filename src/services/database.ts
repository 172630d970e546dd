import type { Database, QueryConstraint, Unsubscribe } from 'firebase/database';
import type { ChildQuery, Row } from '@domain/data/child-query';
import {
  childrenRead,
  restCanAnswer,
  valueRead,
  type Read,
  type ReadOptions,
} from '@domain/data/read-descriptor';
import { restRead, stopEarlyReads } from './database-reads';
import { emulators } from './firebase-config';
import { pushKey } from '@domain/data/push-key';

/**
 * The data client's SDK side (docs/architecture.md, "The read path"); descriptors, REST and early reads are in
 * database-reads.ts. The Database SDK (~40 KB gzip) stays off the first page's critical path: the
 * first reads go over REST, and the SDK (live updates, writes) is fetched once
 * that first data is in, or at once by a write or a query REST cannot answer.
 */
const LIVE_UPDATES_AFTER_MS = 1000;

type DatabaseSdk = typeof import('firebase/database');
interface LiveDatabase {
  sdk: DatabaseSdk;
  database: Database;
}

let liveLoading: Promise<LiveDatabase> | undefined;
let announceLive: (live: LiveDatabase) => void;
const liveLoaded = new Promise<LiveDatabase>((resolve) => (announceLive = resolve));

function liveDatabase(): Promise<LiveDatabase> {
  if (!liveLoading) stopEarlyReads({ drop: false });
  // Auth comes with it (not with the first page): the SDK connects as the member only if Auth is there first.
  liveLoading ??= Promise.all([import('firebase/database'), import('./auth')]).then(
    ([sdk, auth]) => {
      // WebSockets only: the SDK's long-polling fallback loads scripts from the database host, which the
      // Content-Security-Policy refuses, and the SDK picks it after any visit that ended right after its
      // socket opened (docs/security.md, "Hosting headers").
      sdk.forceWebSockets();
      const database = sdk.getDatabase(auth.sessionApp());
      if (emulators) sdk.connectDatabaseEmulator(database, emulators.host, emulators.databasePort);
      const live = { sdk, database };
      stopEarlyReads({ drop: true });
      announceLive(live);
      return live;
    },
  );
  return liveLoading;
}

let liveScheduled = false;
function startLiveSoon() {
  if (liveScheduled) return;
  liveScheduled = true;
  setTimeout(() => void liveDatabase(), LIVE_UPDATES_AFTER_MS);
}

/** Placeholder the server replaces with its clock (epoch ms) when the write lands. */
export const SERVER_TIME = { '.sv': 'timestamp' } as unknown as number;

function constraints(sdk: DatabaseSdk, spec: ChildQuery): QueryConstraint[] {
  const list: QueryConstraint[] = [sdk.orderByChild(spec.orderBy)];
  if (spec.equalTo !== undefined) list.push(sdk.equalTo(spec.equalTo));
  if (spec.startAt) list.push(sdk.startAt(...spec.startAt));
  if (spec.endBefore) list.push(sdk.endBefore(...spec.endBefore));
  if (spec.limitToFirst !== undefined) list.push(sdk.limitToFirst(spec.limitToFirst));
  if (spec.limitToLast !== undefined) list.push(sdk.limitToLast(spec.limitToLast));
  return list;
}

type Rows<T> = Array<Row<T>>;

function rowsOf<T>(snapshot: import('firebase/database').DataSnapshot): Rows<T> {
  const rows: Rows<T> = [];
  snapshot.forEach((child) => {
    rows.push({ key: child.key!, value: child.val() as T });
  });
  return rows;
}

/** Over REST while the SDK is not loaded (the first page), else through the SDK; REST failing falls back to it. */
async function readOnce<T>(read: Read<T>, overSdk: (live: LiveDatabase) => Promise<T>): Promise<T> {
  if (restCanAnswer(read) && !liveLoading) {
    try {
      return await restRead(read);
    } catch {
      // The SDK gives the error its usual shape (e.g. permission_denied), or succeeds on retry.
    }
  }
  return overSdk(await liveDatabase());
}

/** The value at `path` once (null when absent); `options` say who reads it (read-descriptors: database-reads.ts). */
export function readValue<T>(path: string, options?: ReadOptions): Promise<T | null> {
  return readOnce(valueRead<T>(path, options), async ({ sdk, database }) => {
    const snapshot = await sdk.get(sdk.ref(database, path));
    return snapshot.exists() ? (snapshot.val() as T) : null;
  });
}

/** Children of `path` matching the query, in query order, with their keys. */
export function readChildren<T>(
  path: string,
  spec: ChildQuery,
  options?: ReadOptions,
): Promise<Rows<T>> {
  return readOnce(childrenRead<T>(path, spec, options), async ({ sdk, database }) =>
    rowsOf<T>(await sdk.get(sdk.query(sdk.ref(database, path), ...constraints(sdk, spec)))),
  );
}

/**
 * A live listener: on the first page the first answer comes over REST (the entry's early read of the same
 * descriptor when there is one, or a request shared by every watcher of it) and the SDK's listener takes over
 * once it has loaded, with no second REST request; its answers always win.
 */
function watch<T>(
  read: Read<T>,
  listen: (live: LiveDatabase, onValue: (value: T) => void) => Unsubscribe,
  onChange: (value: T) => void,
): () => void {
  let stopped = false;
  let liveAnswered = false;
  let unsubscribe: Unsubscribe = () => {};
  if (restCanAnswer(read) && !liveLoading) {
    restRead(read).then(
      (value) => {
        if (!stopped && !liveAnswered) onChange(value);
        startLiveSoon();
      },
      () => void liveDatabase(),
    );
  } else {
    void liveDatabase();
  }
  void liveLoaded.then((live) => {
    if (stopped) return;
    unsubscribe = listen(live, (value) => {
      liveAnswered = true;
      onChange(value);
    });
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}

/** Live value at `path` (null when absent); hooks watch through useRead (src/hooks/use-loadable.ts). */
export function watchValue<T>(
  path: string,
  onChange: (value: T | null) => void,
  onError?: (error: Error) => void,
  options?: ReadOptions,
) {
  return watch<T | null>(
    valueRead<T>(path, options),
    ({ sdk, database }, deliver) =>
      sdk.onValue(
        sdk.ref(database, path),
        (snapshot) => deliver(snapshot.exists() ? (snapshot.val() as T) : null),
        onError,
      ),
    onChange,
  );
}

export function watchChildren<T>(
  path: string,
  spec: ChildQuery,
  onChange: (rows: Rows<T>) => void,
  onError?: (error: Error) => void,
  options?: ReadOptions,
) {
  return watch<Rows<T>>(
    childrenRead<T>(path, spec, options),
    ({ sdk, database }, deliver) =>
      sdk.onValue(
        sdk.query(sdk.ref(database, path), ...constraints(sdk, spec)),
        (snapshot) => deliver(rowsOf<T>(snapshot)),
        onError,
      ),
    onChange,
  );
}

/** Atomic multi-path write: keys are absolute paths, null deletes. */
export async function writePaths(changes: Record<string, unknown>): Promise<void> {
  const { sdk, database } = await liveDatabase();
  return sdk.update(sdk.ref(database), changes);
}

/** A new chronologically ordered child key (no network round trip, no SDK). */
export function newKey(): string {
  return pushKey();
}
