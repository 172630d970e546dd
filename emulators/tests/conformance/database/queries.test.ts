// Queries through the web SDK, with get() and with live listeners: every orderBy, ranges with
// key tie-breaks, limits, deep child paths, and windows that stay full when children leave.
import {
  endAt,
  endBefore,
  equalTo,
  get,
  limitToFirst,
  limitToLast,
  onValue,
  orderByChild,
  orderByKey,
  orderByPriority,
  orderByValue,
  query,
  ref,
  remove,
  set,
  setWithPriority,
  startAfter,
  startAt,
  update,
  type DataSnapshot,
  type Database,
  type Query,
  type QueryConstraint,
} from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  clients,
  eventually,
  setRules,
  startTarget,
  TARGETS,
  uniqueId,
  WireClient,
  type Clients,
  type Target,
} from './target';

describe.each(TARGETS)('against %s', (kind) => {
  let target: Target;
  let c: Clients;
  let db: Database;
  let reader: Database;
  let base: string;
  const indexedBase = uniqueId('indexed-');
  const unindexedBase = uniqueId('unindexed-');
  const warnings: string[] = [];

  const keysOf = (snap: DataSnapshot): string[] => {
    const keys: string[] = [];
    snap.forEach((s) => {
      keys.push(s.key!);
    });
    return keys;
  };

  // scores with ties, missing values and mixed types
  const players = {
    a: { score: 10, info: { score: 3 } },
    b: { score: 5, info: { score: 1 } },
    c: { score: 10, info: { score: 2 } },
    d: { score: 7 },
    e: { info: { score: 2 } },
    f: { score: 'high', info: { score: 9 } },
    g: { score: true },
    h: { score: 5, info: { score: 8 } },
  };

  beforeAll(async () => {
    target = await startTarget('queries', kind);
    // the same cases run on data with .indexOn (server sends only the window) and without
    // (server sends the whole location, the SDK warns and filters)
    await setRules(target, {
      rules: {
        '.read': true,
        '.write': true,
        [indexedBase]: {
          players: { '.indexOn': ['score', 'info/score'] },
          values: { '.indexOn': '.value' },
          $other: { '.indexOn': ['s', 'n', '.value'] },
        },
      },
    });
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
    });
    c = clients(target);
    db = c.web();
    reader = c.web();
    for (const b of [indexedBase, unindexedBase]) {
      await set(ref(db, `${b}/players`), players);
      await set(ref(db, `${b}/values`), {
        v1: 3,
        v2: 'x',
        v3: 1,
        v4: true,
        v5: { o: 1 },
        v6: 3,
        v7: false,
      });
      await set(ref(db, `${b}/keys`), { b: 1, a: 1, '10': 1, '9': 1, '-1': 1, '007': 1, z: 1 });
      await setWithPriority(ref(db, `${b}/prio/x`), 'x', 2);
      await setWithPriority(ref(db, `${b}/prio/y`), 'y', 1);
      await setWithPriority(ref(db, `${b}/prio/z`), 'z', 'str');
      await set(ref(db, `${b}/prio/w`), 'w');
    }
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await c.cleanup();
    await target.close();
  });

  /** The result of a query through get() and through a listener on another client. */
  async function both(path: string, ...constraints: QueryConstraint[]): Promise<string[]> {
    const viaGet = keysOf(await get(query(ref(c.web(), `${base}/${path}`), ...constraints)));
    const q: Query = query(ref(reader, `${base}/${path}`), ...constraints);
    const viaListen = await new Promise<string[]>((resolve, reject) => {
      const unsub = onValue(
        q,
        (s) => {
          unsub();
          resolve(keysOf(s));
        },
        reject,
      );
    });
    expect(viaListen).toEqual(viaGet);
    return viaGet;
  }

  describe.each([
    ['with .indexOn', () => indexedBase],
    ['without index', () => unindexedBase],
  ])('queries %s', (_name, getBase) => {
    beforeAll(() => {
      base = getBase();
    });

    describe('orderByChild', () => {
      it('orders null < booleans < numbers < strings, ties by key', async () => {
        expect(await both('players', orderByChild('score'))).toEqual([
          'e',
          'g',
          'b',
          'h',
          'd',
          'a',
          'c',
          'f',
        ]);
      });
      it('limits', async () => {
        expect(await both('players', orderByChild('score'), limitToFirst(3))).toEqual([
          'e',
          'g',
          'b',
        ]);
        expect(await both('players', orderByChild('score'), limitToLast(2))).toEqual(['c', 'f']);
      });
      it('ranges with startAt / endAt / equalTo and key tie-breaks', async () => {
        expect(await both('players', orderByChild('score'), startAt(5), endAt(10))).toEqual([
          'b',
          'h',
          'd',
          'a',
          'c',
        ]);
        expect(await both('players', orderByChild('score'), equalTo(10))).toEqual(['a', 'c']);
        expect(await both('players', orderByChild('score'), equalTo(5, 'h'))).toEqual(['h']);
        expect(await both('players', orderByChild('score'), startAt(5, 'c'))).toEqual([
          'h',
          'd',
          'a',
          'c',
          'f',
        ]);
        expect(await both('players', orderByChild('score'), endAt(10, 'b'))).toEqual([
          'e',
          'g',
          'b',
          'h',
          'd',
          'a',
        ]);
        expect(await both('players', orderByChild('score'), startAt('a'))).toEqual(['f']);
        expect(await both('players', orderByChild('score'), endAt(null))).toEqual(['e']);
      });
      it('startAfter / endBefore, with and without keys', async () => {
        expect(await both('players', orderByChild('score'), startAfter(5))).toEqual([
          'd',
          'a',
          'c',
          'f',
        ]);
        expect(await both('players', orderByChild('score'), startAfter(5, 'b'))).toEqual([
          'h',
          'd',
          'a',
          'c',
          'f',
        ]);
        expect(await both('players', orderByChild('score'), endBefore(10))).toEqual([
          'e',
          'g',
          'b',
          'h',
          'd',
        ]);
        expect(await both('players', orderByChild('score'), endBefore(10, 'c'))).toEqual([
          'e',
          'g',
          'b',
          'h',
          'd',
          'a',
        ]);
        expect(
          await both(
            'players',
            orderByChild('score'),
            startAfter(5),
            endBefore(10),
            limitToLast(3),
          ),
        ).toEqual(['d']);
      });
      it('deep child paths', async () => {
        expect(await both('players', orderByChild('info/score'))).toEqual([
          'd',
          'g',
          'b',
          'c',
          'e',
          'a',
          'h',
          'f',
        ]);
        expect(
          await both('players', orderByChild('info/score'), startAt(2), limitToFirst(3)),
        ).toEqual(['c', 'e', 'a']);
      });
    });

    describe('orderByKey, orderByValue, orderByPriority', () => {
      it('orderByKey: 32-bit integer keys first, numerically, then strings', async () => {
        expect(await both('keys', orderByKey())).toEqual(['-1', '007', '9', '10', 'a', 'b', 'z']);
        expect(await both('keys', orderByKey(), startAt('9'), endAt('a'))).toEqual([
          '9',
          '10',
          'a',
        ]);
        expect(await both('keys', orderByKey(), startAfter('a'), limitToFirst(1))).toEqual(['b']);
        expect(await both('keys', orderByKey(), endBefore('9'))).toEqual(['-1', '007']);
        expect(await both('keys', orderByKey(), limitToLast(2))).toEqual(['b', 'z']);
        expect(await both('keys', orderByKey(), equalTo('z'))).toEqual(['z']);
      });
      it('orderByValue', async () => {
        expect(await both('values', orderByValue())).toEqual([
          'v7',
          'v4',
          'v3',
          'v1',
          'v6',
          'v2',
          'v5',
        ]);
        expect(await both('values', orderByValue(), equalTo(3))).toEqual(['v1', 'v6']);
        expect(await both('values', orderByValue(), startAt(2), endAt('z'))).toEqual([
          'v1',
          'v6',
          'v2',
        ]);
        expect(await both('values', orderByValue(), limitToLast(2))).toEqual(['v2', 'v5']);
      });
      it('orderByPriority', async () => {
        expect(await both('prio', orderByPriority())).toEqual(['w', 'y', 'x', 'z']);
        expect(await both('prio', orderByPriority(), startAt(1))).toEqual(['y', 'x', 'z']);
        expect(await both('prio', orderByPriority(), startAt(1), endAt(1))).toEqual(['y']);
        expect(await both('prio', orderByPriority(), limitToFirst(2))).toEqual(['w', 'y']);
      });
    });

    describe('live query windows', () => {
      it('a limited window is refilled when a child leaves it (removed or moved out)', async () => {
        const path = `${base}/${uniqueId('live-')}`;
        await set(ref(db, path), { a: { s: 1 }, b: { s: 2 }, c: { s: 3 }, d: { s: 4 } });
        const windows: string[][] = [];
        const unsub = onValue(query(ref(reader, path), orderByChild('s'), limitToFirst(2)), (s) =>
          windows.push(keysOf(s)),
        );
        await eventually(() => expect(windows.at(-1)).toEqual(['a', 'b']));
        await remove(ref(db, `${path}/a`));
        await eventually(() => expect(windows.at(-1)).toEqual(['b', 'c']));
        await set(ref(db, `${path}/b/s`), 10);
        await eventually(() => expect(windows.at(-1)).toEqual(['c', 'd']));
        await set(ref(db, `${path}/e`), { s: 0 });
        await eventually(() => expect(windows.at(-1)).toEqual(['e', 'c']));
        await update(ref(db, path), { c: null, e: null });
        await eventually(() => expect(windows.at(-1)).toEqual(['d', 'b']));
        await set(ref(db, path), null);
        await eventually(() => expect(windows.at(-1)).toEqual([]));
        unsub();
      });

      it('limitToLast follows new children (chat-style)', async () => {
        const path = `${base}/${uniqueId('chat-')}`;
        const windows: string[][] = [];
        const unsub = onValue(query(ref(reader, path), orderByKey(), limitToLast(2)), (s) =>
          windows.push(keysOf(s)),
        );
        await eventually(() => expect(windows.at(-1)).toEqual([]));
        for (const k of ['m1', 'm2', 'm3']) await set(ref(db, `${path}/${k}`), { text: k });
        await eventually(() => expect(windows.at(-1)).toEqual(['m2', 'm3']));
        await remove(ref(db, `${path}/m3`));
        await eventually(() => expect(windows.at(-1)).toEqual(['m1', 'm2']));
        unsub();
      });

      it('a ranged query gets children entering and leaving its range', async () => {
        const path = `${base}/${uniqueId('range-')}`;
        await set(ref(db, path), { a: 1, b: 5, c: 9 });
        const windows: Array<Record<string, number> | null> = [];
        const unsub = onValue(query(ref(reader, path), orderByValue(), startAt(2), endAt(8)), (s) =>
          windows.push(s.val()),
        );
        await eventually(() => expect(windows.at(-1)).toEqual({ b: 5 }));
        await set(ref(db, `${path}/a`), 3);
        await eventually(() => expect(windows.at(-1)).toEqual({ a: 3, b: 5 }));
        await set(ref(db, `${path}/b`), 50);
        await eventually(() => expect(windows.at(-1)).toEqual({ a: 3 }));
        await set(ref(db, `${path}/a`), 4);
        await eventually(() => expect(windows.at(-1)).toEqual({ a: 4 }));
        unsub();
      });

      it('several queries on one location stay independent', async () => {
        const path = `${base}/${uniqueId('multi-')}`;
        await set(ref(db, path), { a: { n: 1 }, b: { n: 2 }, c: { n: 3 } });
        const first: string[][] = [];
        const last: string[][] = [];
        const all: string[][] = [];
        const u1 = onValue(query(ref(reader, path), orderByChild('n'), limitToFirst(1)), (s) =>
          first.push(keysOf(s)),
        );
        const u2 = onValue(query(ref(reader, path), orderByChild('n'), limitToLast(1)), (s) =>
          last.push(keysOf(s)),
        );
        const u3 = onValue(ref(reader, path), (s) => all.push(keysOf(s)));
        await eventually(() => expect([first.at(-1), last.at(-1)]).toEqual([['a'], ['c']]));
        await set(ref(db, `${path}/a/n`), 9);
        await eventually(() =>
          expect([first.at(-1), last.at(-1), all.at(-1)]).toEqual([['b'], ['a'], ['a', 'b', 'c']]),
        );
        u1();
        u2();
        u3();
      });
    });
  });

  describe('server-side query answering', () => {
    const wireQuery = { sp: 5, sin: true, l: 2, vf: 'l', i: 'score' };

    it('with .indexOn the listen gets only the window, without it the whole location and "no_index"', async () => {
      const wire = await WireClient.connect(target);
      try {
        const indexed = await wire.request('q', {
          p: `/${indexedBase}/players`,
          q: wireQuery,
          t: 1,
          h: '',
        });
        expect(indexed.s).toBe('ok');
        expect(indexed.d ?? {}).not.toHaveProperty('w');
        const first = wire.pushes().find((p) => p.b.t === 1)!;
        expect(Object.keys(first.b.d as object).sort()).toEqual(['b', 'h']);

        const unindexed = await wire.request('q', {
          p: `/${unindexedBase}/players`,
          q: wireQuery,
          t: 2,
          h: '',
        });
        expect(unindexed).toMatchObject({ s: 'ok', d: { w: ['no_index'] } });
        const second = wire.pushes().find((p) => p.b.t === 2)!;
        expect(Object.keys(second.b.d as object).sort()).toEqual(Object.keys(players).sort());
      } finally {
        await wire.close();
      }
    });

    it('the SDK logs the missing-index warning only for the unindexed location', () => {
      const missing = warnings.filter((w) => w.includes('Using an unspecified index'));
      expect(missing.some((w) => w.includes(`/${unindexedBase}/players`))).toBe(true);
      expect(missing.some((w) => w.includes(`/${indexedBase}/`))).toBe(false);
    });
  });
});
