import type {
  DataSnapshot,
  Database,
  Query,
  QueryConstraint,
  Unsubscribe,
} from 'firebase/database';
import type { ChildQuery, Row } from '@domain/data/child-query';
import {
  childrenRead,
  restCanAnswer,
  valueRead,
  type Read,
  type ReadOptions,
} from '@domain/data/read-descriptor';
import { keepAnswer, restRead, stopEarlyReads } from './database-reads';
import { emulators } from './firebase-config';
import { afterMainContent } from '@/lib/main-content';
import { pushKey } from '@domain/data/push-key';

/**
 * The data client's SDK side (docs/architecture.md, "The read path"); descriptors, REST and early reads are in
 * database-reads.ts. The Database SDK (~40 KB gzip, and its socket's first answers, ~50-80 ms of main thread at
 * 4x CPU) is never evaluated before the first paint. The rule (docs/performance.md, "Live updates"): a page that
 * watches a read goes live once its main content is on screen, and a write or a query REST cannot answer starts
 * the SDK at once. Live from then on, whatever changes what the page shows (an upload, an API call, another
 * member) reaches it without the member touching the page.
 */

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
/** Live updates once the page's main content is on screen (outside a browser, no page: only as needed). */
function startLiveAfterMainContent() {
  if (liveScheduled || typeof window === 'undefined') return;
  liveScheduled = true;
  afterMainContent(() => void liveDatabase());
}

/** Placeholder the server replaces with its clock (epoch ms) when the write lands. */
export const SERVER_TIME = { '.sv': 'timestamp' } as unknown as number;

/** The SDK's query for a single read (its `path`, narrowed by its `query`). */
function sdkQuery({ sdk, database }: LiveDatabase, { path, query }: Read<unknown>): Query {
  if (!query) return sdk.ref(database, path);
  const list: QueryConstraint[] = [sdk.orderByChild(query.orderBy)];
  if (query.equalTo !== undefined) list.push(sdk.equalTo(query.equalTo));
  if (query.startAt) list.push(sdk.startAt(...query.startAt));
  if (query.endBefore) list.push(sdk.endBefore(...query.endBefore));
  if (query.limitToFirst !== undefined) list.push(sdk.limitToFirst(query.limitToFirst));
  if (query.limitToLast !== undefined) list.push(sdk.limitToLast(query.limitToLast));
  return sdk.query(sdk.ref(database, path), ...list);
}

/** A snapshot as the read answers it: the value (null when absent), or the rows in query order with their keys. */
function answerOf<T>(read: Read<T>, snapshot: DataSnapshot): T {
  if (!read.query) return (snapshot.exists() ? snapshot.val() : null) as T;
  const rows: Array<Row<unknown>> = [];
  snapshot.forEach((child) => {
    rows.push({ key: child.key!, value: child.val() });
  });
  return rows as T;
}

/** Over REST while the SDK is not loaded (the first page), else through the SDK; REST failing falls back to it. */
async function readOnce<T>(read: Read<T>): Promise<T> {
  if (restCanAnswer(read) && !liveLoading) {
    try {
      return await restRead(read);
    } catch {
      // The SDK gives the error its usual shape (e.g. permission_denied), or succeeds on retry.
    }
  }
  const live = await liveDatabase();
  return answerOf(read, await live.sdk.get(sdkQuery(live, read)));
}

/** The value at `path` once (null when absent); `options` say who reads it (src/domain/data/read-descriptor.ts). */
export const readValue = <T>(path: string, options?: ReadOptions) =>
  readOnce(valueRead<T>(path, options));

/** Children of `path` matching the query, in query order, with their keys. */
export const readChildren = <T>(path: string, query: ChildQuery, options?: ReadOptions) =>
  readOnce(childrenRead<T>(path, query, options));

/**
 * A live listener of one read (not a `fields` one: src/hooks/use-loadable.ts watches those field by field). On
 * the first page the first answer comes over REST (the entry's early read of the same descriptor when there is
 * one, or a request shared by every watcher of it) and the SDK's listener takes over once it has loaded, with
 * no second REST request; its answers always win. A public read with `keep` keeps each answer on the device.
 */
export function watchRead<T>(
  read: Read<T>,
  onChange: (value: T) => void,
  onError?: (error: Error) => void,
): () => void {
  let stopped = false;
  let liveAnswered = false;
  let unsubscribe: Unsubscribe = () => {};
  const deliver = (value: T) => {
    keepAnswer(read, value);
    onChange(value);
  };
  if (restCanAnswer(read) && !liveLoading) {
    restRead(read).then(
      (value) => {
        if (!stopped && !liveAnswered) deliver(value);
        startLiveAfterMainContent();
      },
      () => void liveDatabase(),
    );
  } else {
    void liveDatabase();
  }
  void liveLoaded.then((live) => {
    if (stopped) return;
    unsubscribe = live.sdk.onValue(
      sdkQuery(live, read),
      (snapshot) => {
        liveAnswered = true;
        deliver(answerOf(read, snapshot));
      },
      onError,
    );
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
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
