/**
 * What the first feed page costs on the wire, with 100 and with 10,000
 * challenges: our feed/ index query against the original design's read of
 * users/ (limitToFirst(100), every member's challenges with full meal plans).
 * The real Firebase web SDK in Node talks to our RTDB emulator (product rules,
 * so .indexOn applies as in production) through a byte-counting proxy.
 *
 * With 10,000 challenges the original read is ≈ 177 MB of JSON, which the SDK
 * turns into ≈ 2 GB of nodes: it is read once, not REPEATS times (a minute of
 * parsing per read is not noise a median would remove).
 */
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectDatabaseEmulator,
  getDatabase,
  limitToFirst,
  limitToLast,
  onValue,
  orderByChild,
  query,
  ref,
  type Query,
} from 'firebase/database';
import { startDatabaseEmulator } from 'challangex-emulators/database';
import { feedPageQuery } from '../../src/features/feed/api/feed-pages';
import { repoRoot } from '../lib/stack';
import { communityData } from './challenge-fixtures';
import { startCountingProxy, type CountingProxy } from './counting-proxy';

export interface ReadCost {
  /** Bytes from the server on a fresh connection until the first value arrived (handshake included). */
  bytes: number;
  /** Median, fresh connection each time. */
  medianMs: number;
  /** How many cold reads the median is of. */
  reads: number;
  /** Children the query returned. */
  rows: number;
}

export interface FeedCostResult {
  challengeCounts: number[];
  /** Keyed by challenge count. */
  feedIndex: Record<number, ReadCost>;
  originalUsersRead: Record<number, ReadCost>;
}

const REPEATS = 5;
/** A read bigger than this is measured once (see above). */
const REPEATED_READ_MAX_BYTES = 16 * 1024 * 1024;
const READ_TIMEOUT_MS = 240_000;
const MEMBER_COUNT = 100;
const ORIGINAL_USERS_LIMIT = 100;

async function putJson(
  port: number,
  namespace: string,
  path: string,
  value: unknown,
): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}/${path}.json?ns=${namespace}`, {
    method: 'PUT',
    headers: { authorization: 'Bearer owner' },
    body: JSON.stringify(value),
    signal: AbortSignal.timeout(120_000),
  });
  if (!response.ok) throw new Error(`Seeding ${path}: ${response.status} ${await response.text()}`);
}

async function seed(port: number, namespace: string, challengeCount: number): Promise<void> {
  const { users, feed } = communityData(challengeCount, MEMBER_COUNT);
  for (const [uid, records] of Object.entries(users))
    await putJson(port, namespace, `users/${uid}`, records);
  await putJson(port, namespace, 'feed', feed);
}

/** The app's first feed page, as src/features/feed builds it (signed out: `/` is public). */
function feedFirstPage(root: ReturnType<typeof ref>): Query {
  const spec = feedPageQuery(null, null);
  return query(root, orderByChild(spec.orderBy), limitToLast(spec.limitToLast!));
}

/** One cold read: a new app, a new connection, the first value of a listen, as the feed page does. */
async function coldRead(
  proxy: CountingProxy,
  namespace: string,
  build: (database: ReturnType<typeof getDatabase>) => Query,
  asOwner: boolean,
): Promise<{ bytes: number; ms: number; rows: number }> {
  const app = initializeApp(
    { projectId: 'demo-challangex-bench', databaseURL: `https://${namespace}.firebaseio.com` },
    `feed-cost-${namespace}-${Math.random()}`,
  );
  const database = getDatabase(app);
  // The original design let anyone read users/; our rules let no one list it, so that read
  // uses the emulator's owner credential, which bypasses rules as the open design did.
  connectDatabaseEmulator(
    database,
    '127.0.0.1',
    proxy.port,
    asOwner ? { mockUserToken: 'owner' } : {},
  );
  proxy.reset();
  const started = performance.now();
  try {
    const rows = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Feed-cost read timed out (${namespace})`)),
        READ_TIMEOUT_MS,
      );
      const stop = onValue(
        build(database),
        (snapshot) => {
          clearTimeout(timer);
          stop();
          resolve(snapshot.size);
        },
        (error) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
    return { bytes: proxy.bytesToClients(), ms: performance.now() - started, rows };
  } finally {
    await deleteApp(app);
  }
}

async function measure(
  proxy: CountingProxy,
  namespace: string,
  build: (database: ReturnType<typeof getDatabase>) => Query,
  asOwner: boolean,
): Promise<ReadCost> {
  const runs = [await coldRead(proxy, namespace, build, asOwner)];
  const repeats = runs[0].bytes > REPEATED_READ_MAX_BYTES ? 1 : REPEATS;
  while (runs.length < repeats) runs.push(await coldRead(proxy, namespace, build, asOwner));
  const times = runs.map((run) => run.ms).sort((a, b) => a - b);
  return {
    bytes: Math.max(...runs.map((run) => run.bytes)),
    medianMs: times[Math.floor(times.length / 2)],
    reads: runs.length,
    rows: runs[0].rows,
  };
}

export async function measureFeedCost(challengeCounts = [100, 10_000]): Promise<FeedCostResult> {
  const emulator = await startDatabaseEmulator({
    port: 0,
    rulesFile: join(repoRoot, 'database.rules.json'),
    log: () => {},
  });
  const proxy = await startCountingProxy(emulator.port);
  const result: FeedCostResult = { challengeCounts, feedIndex: {}, originalUsersRead: {} };
  try {
    for (const count of challengeCounts) {
      const namespace = `bench-feed-${count}`;
      await seed(emulator.port, namespace, count);
      result.feedIndex[count] = await measure(
        proxy,
        namespace,
        (database) => feedFirstPage(ref(database, 'feed')),
        false,
      );
      result.originalUsersRead[count] = await measure(
        proxy,
        namespace,
        (database) => query(ref(database, 'users'), limitToFirst(ORIGINAL_USERS_LIMIT)),
        true,
      );
    }
  } finally {
    await proxy.close();
    await emulator.close();
  }
  return result;
}
