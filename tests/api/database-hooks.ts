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
