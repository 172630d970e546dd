/**
 * The API's database, taken through the instance seam (src/domain/data/database-instances.ts,
 * docs/scaling.md): `ref(path)` answers a reference on the instance that holds `path`, so the routes
 * reach public and member data on their own instances without knowing it. The root reference splits
 * a multi-path `update()` into one update per instance, member data first (atomic within each
 * instance, not across them: docs/scaling.md says which writes that concerns). With today's single instance the default
 * database is used as it is.
 */
import type { Database, Reference } from 'firebase-admin/database';
import {
  DEFAULT_DATABASE_INSTANCE,
  databaseInstanceFor,
  SINGLE_INSTANCE,
  type DatabaseLayout,
} from '@domain/data/database-instances';

export interface DatabaseInstances {
  layout: DatabaseLayout;
  /** Every instance the layout names other than the default one, by name. */
  others: Readonly<Record<string, Database>>;
}

const isRoot = (path: string | undefined) => !path || path.split('/').every((s) => s === '');

export function instanceRoutedDatabase(
  defaultDatabase: Database,
  instances: DatabaseInstances = { layout: SINGLE_INSTANCE, others: {} },
): Database {
  const { layout, others } = instances;
  if (layout.public === layout.member && layout.public === DEFAULT_DATABASE_INSTANCE)
    return defaultDatabase;
  const instance = (name: string): Database => {
    const database = name === DEFAULT_DATABASE_INSTANCE ? defaultDatabase : others[name];
    if (!database) throw new Error(`No database is configured for instance "${name}"`);
    return database;
  };
  const refAt = (path: string): Reference => instance(databaseInstanceFor(path, layout)).ref(path);
  const root = splitRoot(instance(layout.public), refAt, (path) =>
    instance(databaseInstanceFor(path, layout)),
  );
  return new Proxy(defaultDatabase, {
    get(target, property, receiver) {
      if (property === 'ref') return (path?: string) => (isRoot(path) ? root : refAt(path!));
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

/** Root operations that would read or replace every instance at once: refused, never half done. */
const WHOLE_ROOT = new Set([
  'set',
  'remove',
  'get',
  'once',
  'on',
  'transaction',
  'setWithPriority',
]);

/** The root reference: `update()` split by instance, `child()` routed, `push()` for a fresh key. */
function splitRoot(
  publicDatabase: Database,
  refAt: (path: string) => Reference,
  instanceOf: (path: string) => Database,
): Reference {
  // Member data first, then the public copies derived from it (feed, boards of record, leaderboards):
  // a failure between the two leaves the public side stale, and the next recompute or write repairs it.
  const update = async (values: Record<string, unknown>) => {
    const byInstance = new Map<Database, Record<string, unknown>>();
    for (const [path, value] of Object.entries(values)) {
      const database = instanceOf(path);
      const part = byInstance.get(database) ?? {};
      part[path] = value;
      byInstance.set(database, part);
    }
    const ordered = [...byInstance].sort(
      ([a], [b]) => Number(a === publicDatabase) - Number(b === publicDatabase),
    );
    for (const [database, part] of ordered) await database.ref().update(part);
  };
  return new Proxy(publicDatabase.ref(), {
    get(target, property, receiver) {
      if (property === 'update') return update;
      if (property === 'child') return (path: string) => refAt(path);
      if (typeof property === 'string' && WHOLE_ROOT.has(property))
        throw new Error(`The database root spans instances: ${property}() names a location`);
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
