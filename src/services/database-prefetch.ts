/**
 * First-page reads started over REST before their screen renders; the first watcher of the same path and
 * query (database.ts) takes the answer, once. No SDK here (nor React): src/main.tsx starts the feed's
 * first read with it before any of the app's other chunks have arrived.
 */
import type { ChildQuery, Row } from '@domain/data/child-query';
import { restCanAnswer, restChildren, restValue, type RestReadOptions } from './database-rest';

const prefetched = new Map<string, Promise<unknown>>();
/** Prefetches not answered yet, taken or not. */
const unanswered = new Set<Promise<unknown>>();
/** Set once the Database SDK starts loading: from then on it answers every read itself. */
let sdkAnswers = false;

const prefetchKey = (path: string, spec?: ChildQuery) =>
  spec ? `${path}?${JSON.stringify(spec)}` : path;

/** The prefetched answer for `path` (and `spec`), if one was started and not taken yet. */
export function takePrefetched<T>(path: string, spec?: ChildQuery): Promise<T> | undefined {
  const key = prefetchKey(path, spec);
  const pending = prefetched.get(key) as Promise<T> | undefined;
  prefetched.delete(key);
  return pending;
}

function track(pending: Promise<unknown>): void {
  unanswered.add(pending);
  const settle = () => unanswered.delete(pending);
  pending.then(settle, settle);
}

/**
 * Resolves once every first read started so far has its answer (or failed): what the page is waiting for to
 * show its main content. What may wait behind those reads (the Auth SDK, src/app/session-provider.tsx) waits
 * for this, so that it does not share their bandwidth.
 */
export async function firstReadsAnswered(): Promise<void> {
  while (unanswered.size > 0) await Promise.allSettled([...unanswered]);
}

/** Called when the SDK starts loading: no new prefetches; `drop` forgets the untaken ones once it is there. */
export function stopPrefetching({ drop }: { drop: boolean }): void {
  sdkAnswers = true;
  if (drop) prefetched.clear();
}

/**
 * Starts the first-page read of a public query (readable by everyone, so it needs no session) the app is
 * about to watch, while the screen's code is still loading. `onRows` sees the answer as soon as it arrives,
 * before any screen renders it. Started once: a second call for the same query does nothing.
 */
export function prefetchPublicChildren<T>(
  path: string,
  spec: ChildQuery,
  onRows?: (rows: Array<Row<T>>) => void,
): void {
  const key = prefetchKey(path, spec);
  if (sdkAnswers || !restCanAnswer(spec) || prefetched.has(key)) return;
  const pending = restChildren<T>(path, spec, { anonymous: true });
  pending.then(onRows).catch(() => {}); // The watcher that takes it reports failures.
  prefetched.set(key, pending);
  track(pending);
}

/**
 * Starts the first read of a value the app is about to watch, as the signed-in member (it waits for the
 * session restore, not for the screen's code and render). `anonymous`: a public value, read at once without
 * the session.
 */
export function prefetchValue(path: string, options: RestReadOptions = {}): void {
  const key = prefetchKey(path);
  if (sdkAnswers || prefetched.has(key)) return;
  const pending = restValue(path, undefined, options);
  pending.catch(() => {}); // The watcher that takes it reports failures.
  prefetched.set(key, pending);
  track(pending);
}
