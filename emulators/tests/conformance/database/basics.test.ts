// set / get / listen / push / remove / update / priorities with the unmodified web SDK,
// and live events between clients.
import {
  child,
  get,
  onChildAdded,
  onChildChanged,
  onChildRemoved,
  onValue,
  push,
  ref,
  remove,
  set,
  setPriority,
  setWithPriority,
  update,
  type DataSnapshot,
} from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clients,
  eventually,
  startTarget,
  TARGETS,
  uniqueId,
  type Clients,
  type Target,
} from './target';

describe.each(TARGETS)('against %s', (kind) => {
  let target: Target;
  let c: Clients;

  beforeAll(async () => {
    target = await startTarget('basics', kind);
    c = clients(target);
  });
  afterAll(async () => {
    await c.cleanup();
    await target.close();
  });

  describe('set, get, listen', () => {
    it('writes and reads values of every type, arrays as objects', async () => {
      const db = c.web();
      const base = ref(db, uniqueId('types-'));
      const value = {
        s: 'str',
        n: 1.5,
        neg: -3,
        b: true,
        f: false,
        nested: { deep: { x: 'y' } },
        arr: ['a', 'b'],
      };
      await set(base, value);
      const snap = await get(base);
      expect(snap.val()).toEqual(value);
      expect((await get(child(base, 'nested/deep/x'))).val()).toBe('y');
      expect((await get(child(base, 'missing'))).exists()).toBe(false);
      expect((await get(child(base, 'arr'))).val()).toEqual(['a', 'b']);
    });

    it('a second client sees the first client’s writes live', async () => {
      const writer = c.web();
      const reader = c.web();
      const path = uniqueId('live-');
      const values: unknown[] = [];
      const unsub = onValue(ref(reader, path), (s) => values.push(s.val()));
      await eventually(() => expect(values).toEqual([null]));
      await set(ref(writer, path), { a: 1 });
      await set(ref(writer, `${path}/b`), 2);
      await remove(ref(writer, `${path}/a`));
      await eventually(() => expect(values).toEqual([null, { a: 1 }, { a: 1, b: 2 }, { b: 2 }]));
      unsub();
    });

    it('listeners at, above and below a write all get it', async () => {
      const writer = c.web();
      const reader = c.web();
      const path = uniqueId('fan-');
      await set(ref(writer, path), { a: { b: { c: 1 } }, other: 1 });
      const above: unknown[] = [];
      const at: unknown[] = [];
      const below: unknown[] = [];
      const u1 = onValue(ref(reader, path), (s) => above.push(s.val()));
      const u2 = onValue(ref(reader, `${path}/a/b`), (s) => at.push(s.val()));
      const u3 = onValue(ref(reader, `${path}/a/b/c`), (s) => below.push(s.val()));
      await eventually(() => expect(below).toEqual([1]));
      await set(ref(writer, `${path}/a/b`), { c: 2, d: 3 });
      await eventually(() => {
        expect(above.at(-1)).toEqual({ a: { b: { c: 2, d: 3 } }, other: 1 });
        expect(at.at(-1)).toEqual({ c: 2, d: 3 });
        expect(below).toEqual([1, 2]);
      });
      u1();
      u2();
      u3();
    });

    it('child events: added, changed, removed', async () => {
      const writer = c.web();
      const reader = c.web();
      const path = uniqueId('children-');
      const events: string[] = [];
      const list = ref(reader, path);
      const u1 = onChildAdded(list, (s: DataSnapshot) =>
        events.push(`added:${s.key}:${JSON.stringify(s.val())}`),
      );
      const u2 = onChildChanged(list, (s: DataSnapshot) =>
        events.push(`changed:${s.key}:${JSON.stringify(s.val())}`),
      );
      const u3 = onChildRemoved(list, (s: DataSnapshot) => events.push(`removed:${s.key}`));
      await get(list);
      await set(ref(writer, `${path}/a`), 1);
      await set(ref(writer, `${path}/a`), 2);
      await remove(ref(writer, `${path}/a`));
      await eventually(() => expect(events).toEqual(['added:a:1', 'changed:a:2', 'removed:a']));
      u1();
      u2();
      u3();
    });

    it('push ids are unique and ordered chronologically', async () => {
      const db = c.web();
      const list = ref(db, uniqueId('push-'));
      const keys: string[] = [];
      for (let i = 0; i < 20; i++) keys.push((await push(list, { i })).key!);
      expect(new Set(keys).size).toBe(20);
      expect([...keys].sort()).toEqual(keys);
      const snap = await get(list);
      const order: number[] = [];
      snap.forEach((s) => {
        order.push(s.val().i);
      });
      expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
    });

    it('remove deletes a subtree and empty parents disappear', async () => {
      const db = c.web();
      const path = uniqueId('remove-');
      await set(ref(db, path), { only: { child: 1 } });
      await remove(ref(db, `${path}/only/child`));
      expect((await get(ref(db, path))).exists()).toBe(false);
    });

    it('priorities are stored, ordered and returned', async () => {
      const db = c.web();
      const path = uniqueId('prio-');
      await setWithPriority(ref(db, `${path}/a`), 'A', 3);
      await setWithPriority(ref(db, `${path}/b`), { x: 1 }, 1);
      await set(ref(db, `${path}/c`), 'C');
      await setPriority(ref(db, `${path}/c`), 2);
      const other = c.web();
      const snap = await get(ref(other, path));
      const keys: string[] = [];
      snap.forEach((s) => {
        keys.push(s.key!);
      });
      expect(keys).toEqual(['b', 'c', 'a']);
      expect(snap.child('a').exportVal()).toEqual({ '.value': 'A', '.priority': 3 });
      expect(snap.child('b').priority).toBe(1);
    });
  });

  describe('update', () => {
    it('multi-path updates apply together and reach listeners', async () => {
      const writer = c.web();
      const reader = c.web();
      const path = uniqueId('upd-');
      await set(ref(writer, path), { a: 1, b: { c: 1, keep: true }, gone: 'x' });
      const seen: unknown[] = [];
      const unsub = onValue(ref(reader, path), (s) => seen.push(s.val()));
      await eventually(() => expect(seen.length).toBe(1));
      await update(ref(writer, path), { a: 2, 'b/c': 2, 'new/deep': 'v', gone: null });
      const expected = { a: 2, b: { c: 2, keep: true }, new: { deep: 'v' } };
      await eventually(() => expect(seen.at(-1)).toEqual(expected));
      // one event for the whole update (atomic)
      expect(seen).toHaveLength(2);
      expect((await get(ref(c.web(), path))).val()).toEqual(expected);
      unsub();
    });

    it('update at the root with paths into several subtrees', async () => {
      const db = c.web();
      const a = uniqueId('ra-');
      const b = uniqueId('rb-');
      await update(ref(db), { [`${a}/x`]: 1, [`${b}/y`]: 2 });
      expect((await get(ref(c.web(), a))).val()).toEqual({ x: 1 });
      expect((await get(ref(c.web(), b))).val()).toEqual({ y: 2 });
    });
  });
});
