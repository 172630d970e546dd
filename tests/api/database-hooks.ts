import type { Database, Reference } from 'firebase-admin/database';

const WRITES = new Set<PropertyKey>(['set', 'update', 'remove', 'transaction', 'setWithPriority']);

/** The locations a write touches: the path written, or each key of a multi-path update. */
function writtenPaths(path: string, method: string, value: unknown): string[] {
  if (method === 'update' && typeof value === 'object' && value !== null)
    return Object.keys(value).map((key) => (path ? `${path}/${key}` : key));
  return [path];
}

/**
 * A firebase-admin Database that runs `beforeWrite` before each write (set, update, remove, transaction) it
 * is asked to make, with the locations the write touches, and makes the write only once the hook is
 * done: an API test passes it to the app so that an admin acts while a request is in flight, at a
 * chosen point (a race made deterministic). Reads and queries pass through unchanged.
 */
export function databaseWithWriteHook(
  database: Database,
  beforeWrite: (paths: string[]) => Promise<void> | void,
): Database {
  const wrapReference = (reference: Reference, path: string): Reference =>
    new Proxy(reference, {
      get(target, property, receiver) {
        if (property === 'child')
          return (child: string) => wrapReference(target.child(child), `${path}/${child}`);
        if (WRITES.has(property))
          return async (...args: unknown[]) => {
            await beforeWrite(writtenPaths(path, String(property), args[0]));
            const write = Reflect.get(target, property, target) as (...args: unknown[]) => unknown;
            return write.apply(target, args);
          };
        const member = Reflect.get(target, property, receiver) as unknown;
        return typeof member === 'function' ? member.bind(target) : member;
      },
    });
  return new Proxy(database, {
    get(target, property, receiver) {
      if (property === 'ref')
        return (path?: string) => wrapReference(target.ref(path), (path ?? '').replace(/^\/+/, ''));
      const member = Reflect.get(target, property, receiver) as unknown;
      return typeof member === 'function' ? member.bind(target) : member;
    },
  });
}

/**
 * A hook that runs `action` once, before the first write touching a location under `prefix`
 * (e.g. `feed/{cid}` or `leaderboard/`; '' for any write). Every write from then on, concurrent
 * ones included, waits until `action` is done.
 */
export function onceBeforeWriteTo(prefix: string, action: () => Promise<void>) {
  let acted: Promise<void> | undefined;
  return async (paths: string[]) => {
    if (!acted && !paths.some((path) => path === prefix || path.startsWith(prefix))) return;
    await (acted ??= action());
  };
}

/** A read the API made: its location, and whether it was a query (ordered, ranged or limited). */
export interface DatabaseRead {
  path: string;
  query: boolean;
}

const QUERIES = new Set<PropertyKey>([
  'orderByChild',
  'orderByKey',
  'orderByValue',
  'orderByPriority',
  'startAt',
  'startAfter',
  'endAt',
  'endBefore',
  'equalTo',
  'limitToFirst',
  'limitToLast',
]);
const READS = new Set<PropertyKey>(['get', 'once']);

/**
 * A firebase-admin Database that tells `onRead` of every read (get, once) it is asked to make, with its
 * location and whether it was a query: an API test passes it to the app to show that a route reads a
 * bounded range, never a whole list (docs/security.md, "Bounded reads"). Everything passes through.
 */
export function databaseWithReadLog(
  database: Database,
  onRead: (read: DatabaseRead) => void,
): Database {
  const wrap = <T extends object>(target: T, path: string, query: boolean): T =>
    new Proxy(target, {
      get(inner, property, receiver) {
        const member = Reflect.get(inner, property, receiver) as unknown;
        if (typeof member !== 'function') return member;
        if (property === 'child')
          return (child: string) =>
            wrap((inner as unknown as Reference).child(child), `${path}/${child}`, false);
        if (QUERIES.has(property))
          return (...args: unknown[]) =>
            wrap((member as (...a: unknown[]) => object).apply(inner, args), path, true);
        if (READS.has(property))
          return (...args: unknown[]) => {
            onRead({ path, query });
            return (member as (...a: unknown[]) => unknown).apply(inner, args);
          };
        return (member as (...a: unknown[]) => unknown).bind(inner);
      },
    });
  return new Proxy(database, {
    get(target, property, receiver) {
      if (property === 'ref')
        return (path?: string) => wrap(target.ref(path), (path ?? '').replace(/^\/+/, ''), false);
      const member = Reflect.get(target, property, receiver) as unknown;
      return typeof member === 'function' ? member.bind(target) : member;
    },
  });
}
