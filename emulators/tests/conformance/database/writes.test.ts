// Transactions (hash compare-and-set, contention between clients), server values and
// onDisconnect operations.
import {
  get,
  goOffline,
  increment,
  onDisconnect,
  onValue,
  ref,
  runTransaction,
  serverTimestamp,
  set,
  setWithPriority,
  update,
  type Database,
} from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clients,
  eventually,
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

  beforeAll(async () => {
    target = await startTarget('writes', kind);
    c = clients(target);
  });
  afterAll(async () => {
    await c.cleanup();
    await target.close();
  });

  describe('transactions', () => {
    it('commits on an empty location and on existing data', async () => {
      const db = c.web();
      const path = uniqueId('tx-');
      const first = await runTransaction(ref(db, path), (v: number | null) => (v ?? 0) + 1);
      expect(first.committed).toBe(true);
      expect(first.snapshot.val()).toBe(1);
      const other = c.web();
      await set(ref(other, `${path}-obj`), { n: 1, tags: { a: true }, p: 'x' });
      const second = await runTransaction(ref(db, `${path}-obj`), (v: { n: number } | null) =>
        v ? { ...v, n: v.n + 1 } : v,
      );
      expect(second.committed).toBe(true);
      expect(second.snapshot.val()).toEqual({ n: 2, tags: { a: true }, p: 'x' });
    });

    it('retries on stale data (the server compares the hash the SDK sends)', async () => {
      const writer = c.web();
      const db = c.web();
      const path = uniqueId('stale-');
      // data with priorities and numbers exercises the hash format
      await setWithPriority(ref(writer, path), { x: 1.5, y: 'str', z: true }, 3);
      await set(ref(writer, `${path}/w`), { '.value': 's', '.priority': 'p' } as never);
      let calls = 0;
      const result = await runTransaction(ref(db, path), (v: Record<string, unknown> | null) => {
        calls++;
        return { ...(v ?? {}), count: ((v?.count as number | undefined) ?? 0) + 1 };
      });
      expect(result.committed).toBe(true);
      expect(calls).toBeGreaterThanOrEqual(2); // first run on the empty cache is rejected as stale
      expect(result.snapshot.val()).toEqual({ x: 1.5, y: 'str', z: true, w: 's', count: 1 });
    });

    it('the wire: a wrong hash gets "datastale", the right one "ok"', async () => {
      const wire = await WireClient.connect(target);
      try {
        const path = `/${uniqueId('hash-')}`;
        await wire.request('p', { p: path, d: { x: 1, y: { '.value': 's', '.priority': 3 } } });
        expect((await wire.request('p', { p: path, d: 5, h: '' })).s).toBe('datastale');
        expect(
          (await wire.request('p', { p: path, d: 5, h: 'UQdiegcXmatwwl8Z4alx7ivx6sI=' })).s,
        ).toBe('ok');
        expect((await wire.request('g', { p: path, q: {} })).d).toBe(5);
      } finally {
        await wire.close();
      }
    });

    it('two clients contending on one counter never lose an increment', async () => {
      const a = c.web();
      const b = c.web();
      const path = uniqueId('contend-');
      const bump = (db: Database) =>
        runTransaction(ref(db, path), (v: number | null) => (v ?? 0) + 1);
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => bump(i % 2 ? a : b)));
      expect(results.every((r) => r.committed)).toBe(true);
      expect((await get(ref(c.web(), path))).val()).toBe(10);
    });

    it('an update function returning undefined aborts', async () => {
      const db = c.web();
      const path = uniqueId('abort-');
      await set(ref(db, path), 'keep');
      const result = await runTransaction(ref(db, path), () => undefined);
      expect(result.committed).toBe(false);
      expect((await get(ref(c.web(), path))).val()).toBe('keep');
    });
  });

  describe('server values', () => {
    it('serverTimestamp resolves to the server time, everywhere in the data', async () => {
      const db = c.web();
      const path = uniqueId('ts-');
      const before = Date.now();
      await set(ref(db, path), { at: serverTimestamp(), nested: { at: serverTimestamp() } });
      const val = (await get(ref(c.web(), path))).val();
      expect(typeof val.at).toBe('number');
      expect(val.at).toBe(val.nested.at);
      expect(Math.abs(val.at - before)).toBeLessThan(60_000);
    });

    it('increment adds to numbers and replaces anything else, atomically under contention', async () => {
      const a = c.web();
      const b = c.web();
      const path = uniqueId('inc-');
      await set(ref(a, path), { n: 1, s: 'text' });
      await update(ref(a, path), { n: increment(2), s: increment(5), fresh: increment(-1) });
      expect((await get(ref(c.web(), path))).val()).toEqual({ n: 3, s: 5, fresh: -1 });
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => update(ref(i % 2 ? a : b, path), { n: increment(1) })),
      );
      expect((await get(ref(c.web(), `${path}/n`))).val()).toBe(23);
    });

    it('listeners see the resolved value', async () => {
      const writer = c.web();
      const reader = c.web();
      const path = uniqueId('tsl-');
      const seen: unknown[] = [];
      const unsub = onValue(ref(reader, path), (s) => seen.push(s.val()));
      await eventually(() => expect(seen).toEqual([null]));
      await set(ref(writer, path), serverTimestamp());
      await eventually(() => expect(typeof seen.at(-1)).toBe('number'));
      unsub();
    });
  });

  describe('onDisconnect', () => {
    it('set, update and remove run when the socket closes; cancel drops them', async () => {
      const observer = c.web();
      const leaving = c.web();
      const path = uniqueId('od-');
      await set(ref(leaving, path), { status: 'online', keep: 1, gone: 'x', cancelled: 'stay' });
      await onDisconnect(ref(leaving, `${path}/status`)).set('offline');
      await onDisconnect(ref(leaving, `${path}/meta`)).update({
        lastSeen: serverTimestamp(),
        n: 1,
      });
      await onDisconnect(ref(leaving, `${path}/gone`)).remove();
      await onDisconnect(ref(leaving, `${path}/cancelled`)).set('changed');
      await onDisconnect(ref(leaving, `${path}/cancelled`)).cancel();

      const seen: Array<Record<string, unknown> | null> = [];
      const unsub = onValue(ref(observer, path), (s) => seen.push(s.val()));
      await eventually(() => expect(seen.at(-1)).toMatchObject({ status: 'online' }));
      goOffline(leaving);
      await eventually(() => {
        const v = seen.at(-1)!;
        expect(v).toMatchObject({ status: 'offline', keep: 1, cancelled: 'stay', meta: { n: 1 } });
        expect(v).not.toHaveProperty('gone');
        expect(typeof (v.meta as { lastSeen: unknown }).lastSeen).toBe('number');
      });
      unsub();
    });

    it('a closed socket releases its listens', async () => {
      const wire = await WireClient.connect(target);
      const path = `/${uniqueId('release-')}`;
      await wire.request('q', { p: path, h: '' });
      await wire.request('o', { p: path, d: 'bye' });
      await wire.close();
      const db = c.web();
      await eventually(async () => expect((await get(ref(db, path.slice(1)))).val()).toBe('bye'));
      // further writes at the path have no listener to reach and succeed
      await set(ref(db, path.slice(1)), 'again');
      expect((await get(ref(c.web(), path.slice(1)))).val()).toBe('again');
    });
  });
});
