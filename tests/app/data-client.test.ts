/**
 * The data client (src/services/database.ts + database-reads.ts) against the Node-only RTDB emulator: early
 * reads from the entry taken by the watcher of the same descriptor, dedupe of one read, a descriptor changed on
 * one side only, REST failing over to the SDK, and the handover from REST to the SDK's listener without a
 * second request, and the copies kept of public reads. Module state (early reads, the SDK once loaded) is shared: each test reads its own paths, and
 * the SDK is loaded by the last ones only.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { childrenRead, readIdentity, valueRead } from '@domain/data/read-descriptor';
import { startDatabaseEmulator, type RunningDatabaseEmulator } from 'challangex-emulators/database';

const projectId = 'demo-data-client';
const namespace = `${projectId}-default-rtdb`;

let emulator: RunningDatabaseEmulator;
let client: typeof import('../../src/services/database-reads');
let database: typeof import('../../src/services/database');
let feedPages: typeof import('../../src/features/feed/api/feed-pages');
let prefetchFeed: typeof import('../../src/features/feed/api/prefetch-feed');
const originalFetch = globalThis.fetch;
/** Every REST read the client sent, by path (`feed`, `site/a`). */
const restReads: string[] = [];

async function put(path: string, value: unknown) {
  const response = await originalFetch(
    `http://127.0.0.1:${emulator.port}/${path}.json?ns=${namespace}`,
    { method: 'PUT', headers: { authorization: 'Bearer owner' }, body: JSON.stringify(value) },
  );
  expect(response.status).toBe(200);
}

const readsOf = (path: string) => restReads.filter((read) => read === path).length;

/** The next answer (or error) of a watch. */
function nextAnswer<T>(watch: (onChange: (value: T) => void, onError: (e: Error) => void) => void) {
  return new Promise<T>((resolve, reject) => watch(resolve, reject));
}

beforeAll(async () => {
  emulator = await startDatabaseEmulator({
    port: 0,
    rulesFile: resolve(import.meta.dirname, '../../database.rules.json'),
    log: () => {},
  });
  await put('feed', {
    '-Na1': { uid: 'u1', title: 'one', createdAt: 1000 },
    '-Na2': { uid: 'u2', title: 'two', createdAt: 2000 },
  });
  await put('website', { banner: { val: 'eat well' }, 'social-link': { x: 'https://x.test' } });
  vi.stubEnv('VITE_FIREBASE_PROJECT_ID', projectId);
  vi.stubEnv('VITE_USE_EMULATORS', 'true');
  vi.stubEnv('VITE_FIREBASE_API_KEY', 'demo-key');
  vi.stubEnv('VITE_EMULATOR_HOST', '127.0.0.1');
  vi.stubEnv('VITE_DATABASE_EMULATOR_PORT', String(emulator.port));
  const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  vi.stubEnv('VITE_AUTH_EMULATOR_PORT', authHost.split(':')[1]);
  // Node has no localStorage: a plain in-memory one, where the client keeps copies of public reads.
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, String(value)),
    removeItem: (key: string) => void stored.delete(key),
  });
  globalThis.fetch = (input, init) => {
    const url = new URL(String(input));
    if (url.port === String(emulator.port)) restReads.push(url.pathname.slice(1, -'.json'.length));
    return originalFetch(input, init);
  };
  client = await import('../../src/services/database-reads');
  database = await import('../../src/services/database');
  feedPages = await import('../../src/features/feed/api/feed-pages');
  prefetchFeed = await import('../../src/features/feed/api/prefetch-feed');
});

afterAll(async () => {
  globalThis.fetch = originalFetch;
  await emulator.close();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('the data client before the SDK loads', () => {
  it("hands the entry's early read to the watcher of the same descriptor (one request)", async () => {
    prefetchFeed.prefetchFirstFeedPage(''); // What src/app/screen-loaders.ts starts for /.
    await client.firstReadsAnswered();
    expect(readsOf('feed')).toBe(1);
    // What use-feed-pages.ts watches for page 1, built by the same function.
    const read = feedPages.feedPageRead(null, null);
    const rows = await nextAnswer<Array<{ key: string }>>((onChange, onError) =>
      database.watchRead(read, onChange, onError),
    );
    expect(rows.map((row) => row.key)).toEqual(['-Na1', '-Na2']);
    expect(readsOf('feed')).toBe(1);
    expect(client.untakenEarlyReads()).toEqual([]);
  });

  it('a query changed on one side misses the early read, visibly', async () => {
    prefetchFeed.prefetchFirstFeedPage('?author=u1');
    const early = readIdentity(feedPages.feedPageRead('u1', null));
    // A watcher that built its query by hand (one row fewer) does not meet it.
    const changed = childrenRead(
      'feed',
      { orderBy: 'uid', equalTo: 'u1', limitToLast: 5 },
      {
        who: 'public',
      },
    );
    await nextAnswer((onChange, onError) => database.watchRead(changed, onChange, onError));
    expect(readsOf('feed')).toBe(3);
    expect(client.untakenEarlyReads()).toEqual([early]);
  });

  it('two watchers of one descriptor share one request', async () => {
    const before = readsOf('website/banner');
    const watch = () =>
      nextAnswer<{ val: string } | null>((onChange, onError) =>
        database.watchRead(
          valueRead<{ val: string }>('website/banner', { who: 'public' }),
          onChange,
          onError,
        ),
      );
    expect(await Promise.all([watch(), watch()])).toEqual([
      { val: 'eat well' },
      { val: 'eat well' },
    ]);
    expect(readsOf('website/banner') - before).toBe(1);
  });

  it('sends no token for a public read and waits for nothing', async () => {
    await expect(
      client.restRead(valueRead('website/social-link', { who: 'public' })),
    ).resolves.toEqual({ x: 'https://x.test' });
  });

  it('keeps the answers of a public read with `keep`, gives them back only as its parser accepts, never a member read', async () => {
    const links = (raw: unknown) =>
      typeof Object(raw).x === 'string' ? (raw as { x: string }) : null;
    const publicLinks = { ...valueRead('website/social-link', { who: 'public' }), keep: links };
    expect(client.keptAnswer(publicLinks)).toBeNull();
    await nextAnswer((onChange, onError) => database.watchRead(publicLinks, onChange, onError));
    expect(client.keptAnswer(publicLinks)).toEqual({ x: 'https://x.test' });
    expect(client.keptAnswer({ ...publicLinks, keep: () => null })).toBeNull();
    // The same descriptor read by a member: answered, never kept (a copy outlives every session).
    const memberLinks = { ...publicLinks, who: 'member' as const };
    await nextAnswer((onChange, onError) => database.watchRead(memberLinks, onChange, onError));
    expect(client.keptAnswer(memberLinks)).toBeNull();
    const stored = JSON.parse(localStorage.getItem('challangex.v2.kept') ?? '[]') as Array<{
      identity: string;
    }>;
    const identities = stored.map((copy) => copy.identity);
    expect(identities).toContain(readIdentity(publicLinks));
    expect(identities).not.toContain(readIdentity(memberLinks));
  });
});

describe('the data client as the SDK takes over', () => {
  it('hands REST answers to the SDK listener without a second request; a refused REST read falls back to the SDK', async () => {
    await put('website/banner', { val: 'before' });
    const before = readsOf('website/banner');
    const answers: unknown[] = [];
    const stop = database.watchRead(valueRead('website/banner', { who: 'public' }), (value) =>
      answers.push(value),
    );
    // A member read with no session: REST refuses it (401), the SDK then gives the error its usual shape.
    const refused = nextAnswer<unknown>((onChange, onError) =>
      database.watchRead(valueRead('users/u1/private'), onChange, onError),
    ).catch((error: unknown) => error);
    await vi.waitFor(() => expect(answers).toEqual([{ val: 'before' }]));
    expect(String(await refused)).toMatch(/permission_denied/i);
    expect(readsOf('users/u1/private')).toBe(1);

    await put('website/banner', { val: 'after' });
    await vi.waitFor(() => expect(answers.at(-1)).toEqual({ val: 'after' }), { timeout: 15_000 });
    stop();
    expect(readsOf('website/banner') - before).toBe(1); // The SDK's listener, not REST, sent the change.
  });

  it('surfaces an error state once the SDK answers every read', async () => {
    const error = await nextAnswer<unknown>((onChange, onError) =>
      database.watchRead(valueRead('users/u2/private'), onChange, onError),
    ).catch((e: unknown) => e);
    expect(String(error)).toMatch(/permission_denied/i);
    expect(readsOf('users/u2/private')).toBe(0);
  });
});
