/**
 * The part of the data client that runs before any SDK (docs/architecture.md, "The read path"): a read
 * descriptor's (@domain/data/read-descriptor.ts) REST transport with the right token, and the early reads the
 * entry starts before React (src/app/screen-loaders.ts), and the copies kept of public reads. database.ts
 * takes an early answer by the same identity when the hook watches the same descriptor, then hands over to the
 * SDK listener. No React and no SDK here: this module is part of the entry.
 */
import { sortRows } from '@domain/data/child-query';
import {
  assembleFields,
  readIdentity,
  readParts,
  restCanAnswer,
  type Read,
} from '@domain/data/read-descriptor';
import { keepCopy, readKeptCopy } from '@/lib/device-storage';
import { emulators, firebaseConfig } from './firebase-config';
import { memberIdToken, whenSignedIn } from './saved-session';

function restUrl(path: string): URL {
  const segments = path.split('/').filter(Boolean).map(encodeURIComponent).join('/');
  const database = new URL(firebaseConfig.databaseURL);
  if (!emulators) return new URL(`${database.origin}/${segments}.json`);
  const url = new URL(`http://${emulators.host}:${emulators.databasePort}/${segments}.json`);
  url.searchParams.set('ns', database.hostname.split('.')[0]);
  return url;
}

/** Opens the connection to the database's REST host while the page's code loads (DNS, TCP, TLS). */
export function preconnectDatabase(): void {
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = restUrl('').origin;
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}

/** One request over the REST API (`<path>.json`), as the descriptor's reader: rows in the SDK's order. */
async function restRequest<T>(read: Read<T>): Promise<T> {
  const url = restUrl(read.path);
  const { query } = read;
  // REST takes the query's fields as JSON parameters (orderBy="at", limitToLast=20); no cursors (restCanAnswer).
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined) url.searchParams.set(name, JSON.stringify(value));
  // A member's first reads use the saved session's token: they leave before the Auth SDK is loaded.
  const token = read.who === 'public' ? null : await memberIdToken();
  if (token) url.searchParams.set('auth', token);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Reading ${read.path} failed (HTTP ${response.status})`);
  const value: unknown = await response.json();
  if (!query) return value as T;
  const rows =
    value !== null && typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>).map(([key, row]) => ({ key, value: row }))
      : [];
  return sortRows(rows, query.orderBy) as T;
}

/** REST answers being fetched, by identity: a second reader of the same read shares the request. */
const inFlight = new Map<string, Promise<unknown>>();
/** Early answers not taken yet, by identity (taken once). */
const early = new Map<string, Promise<unknown>>();
/** Early answers that have arrived, by identity, until taken: a screen renders them in its first render. */
const arrived = new Map<string, unknown>();
/** Early reads not answered yet, taken or not. */
const unanswered = new Set<Promise<unknown>>();
/** Set once the Database SDK starts loading: from then on it answers every read itself. */
let sdkAnswers = false;

/** The read over REST; reads of the same descriptor while one is in flight share it (one request). */
export function restRead<T>(read: Read<T>): Promise<T> {
  const identity = readIdentity(read);
  const taken = early.get(identity);
  if (taken) {
    early.delete(identity);
    arrived.delete(identity);
    return taken as Promise<T>;
  }
  let pending = inFlight.get(identity) as Promise<T> | undefined;
  if (!pending) {
    pending = read.fields
      ? Promise.all(readParts(read).map((part) => restRead(part))).then((values) =>
          assembleFields(read, values),
        )
      : restRequest(read);
    const forget = () => inFlight.delete(identity);
    pending.then(forget, forget);
    inFlight.set(identity, pending);
  }
  return pending;
}

/**
 * Starts `read` from the entry, ahead of the screen's code: the hook watching the same descriptor takes the
 * answer (once). A member read waits for the saved session; without one it reads nothing. Started once; nothing
 * once the SDK is loading (it answers every read then) or for a query REST cannot answer. `onAnswer` (a
 * single read, not a `fields` one) sees the answer as soon as it arrives, before any screen renders it.
 */
export function startRead<T>(read: Read<T>, onAnswer?: (value: T) => void): void {
  if (read.who === 'member') {
    whenSignedIn(() => startEarly(read, onAnswer));
    return;
  }
  startEarly(read, onAnswer);
}

function startEarly<T>(read: Read<T>, onAnswer?: (value: T) => void): void {
  for (const part of readParts(read)) {
    const identity = readIdentity(part);
    if (sdkAnswers || !restCanAnswer(part) || early.has(identity)) continue;
    const pending = restRequest(part);
    early.set(identity, pending);
    unanswered.add(pending);
    const settle = () => unanswered.delete(pending);
    pending.then((value) => {
      settle();
      if (early.get(identity) === pending) arrived.set(identity, value);
    }, settle); // The watcher that takes it reports failures.
  }
  (early.get(readIdentity(read)) as Promise<T> | undefined)?.then(onAnswer, () => {});
}

/**
 * Resolves once every early read started so far has its answer (or failed): what the page is waiting for to
 * show its main content. What may wait behind those reads (the Auth SDK, src/app/session-provider.tsx) waits
 * for this, so that it does not share their bandwidth.
 */
export async function firstReadsAnswered(): Promise<void> {
  while (unanswered.size > 0) await Promise.allSettled([...unanswered]);
}

/**
 * Called when the SDK starts loading: no new early reads; `drop` forgets the untaken ones once it is there,
 * and names each in development: an early read nobody took is a descriptor built differently on one side.
 */
export function stopEarlyReads({ drop }: { drop: boolean }): void {
  sdkAnswers = true;
  if (!drop) return;
  if (import.meta.env.DEV)
    for (const identity of early.keys()) console.warn('Early read never taken:', identity);
  early.clear();
  arrived.clear();
}

/**
 * The early answer of `read` if it has arrived and is not taken yet (a single read, not a `fields` one), else
 * null: the screen's first render shows it, instead of a loading state that the answer replaces a moment later
 * (a second render, and a layout shift).
 */
export function arrivedAnswer<T>(read: Read<T>): { value: T } | null {
  const identity = readIdentity(read);
  return !read.fields && arrived.has(identity) ? { value: arrived.get(identity) as T } : null;
}

/**
 * The copy this device kept of a public read's last answer (a descriptor's `keep`), checked; null when there is
 * none. Screens draw it at once, marked as updating, while the live read runs (docs/architecture.md, "Repeat
 * visits"). Member reads are never kept.
 */
export function keptAnswer<T>(read: Read<T>): T | null {
  return isKept(read) ? read.keep!(readKeptCopy(readIdentity(read))) : null;
}

/** Keeps `value` as the read's last answer when the read is a kept one (database.ts's listener, each answer). */
export function keepAnswer<T>(read: Read<T>, value: T): void {
  if (isKept(read)) keepCopy(readIdentity(read), value);
}

/** Only public reads are kept, whatever a descriptor says: a copy outlives every session. */
const isKept = (read: Read<unknown>) => read.keep !== undefined && read.who === 'public';

/** The identities of early reads started and not taken (tests, and the warning above). */
export function untakenEarlyReads(): string[] {
  return [...early.keys()];
}
