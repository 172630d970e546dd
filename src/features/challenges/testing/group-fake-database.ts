/**
 * A stand-in for src/services/database behind the group challenge tests: values by exact path, live (a test
 * sets a path again and every watcher of it hears), and the list of paths watched.
 * Use with `vi.mock('@/services/database', async () => (await import(…)).groupDatabaseService)`.
 */
type Watcher = { path: string; onChange: (value: unknown) => void };

export const groupDatabase = {
  values: new Map<string, unknown>(),
  watchers: [] as Watcher[],
  watched: [] as string[],
};

/** Sets `path` and tells its watchers, as a server write reaching the listener. */
export function setGroupValue(path: string, value: unknown) {
  groupDatabase.values.set(path, value);
  for (const watcher of groupDatabase.watchers)
    if (watcher.path === path) watcher.onChange(value ?? null);
}

export function resetGroupDatabase() {
  groupDatabase.values = new Map();
  groupDatabase.watchers = [];
  groupDatabase.watched = [];
}

export const groupDatabaseService = {
  watchRead: ({ path }: { path: string }, onChange: (value: unknown) => void) => {
    groupDatabase.watched.push(path);
    const watcher = { path, onChange };
    groupDatabase.watchers.push(watcher);
    queueMicrotask(() => onChange(groupDatabase.values.get(path) ?? null));
    return () => {
      groupDatabase.watchers = groupDatabase.watchers.filter((item) => item !== watcher);
    };
  },
  readValue: (path: string) => Promise.resolve(groupDatabase.values.get(path) ?? null),
  readChildren: () => Promise.resolve([]),
  writePaths: vi.fn(() => Promise.resolve()),
  SERVER_TIME: { '.sv': 'timestamp' },
};
